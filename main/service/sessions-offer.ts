/**
 * Whether the service in use offers transcription sessions, as the app has learned by using
 * it; unknown until then, and again once the service address changes. Pure.
 */
import type { SessionsOfferState } from '../../contract/transcription-choices';
import { Emitter } from '../core/emitter';

export class SessionsOffer {
  private known: SessionsOfferState = 'unknown';
  private readonly changes = new Emitter<SessionsOfferState>();

  state(): SessionsOfferState {
    return this.known;
  }

  markOffered(): void {
    this.set('offered');
  }

  markNotOffered(): void {
    this.set('not-offered');
  }

  /** Forgets what was learned (another service). */
  reset(): void {
    this.set('unknown');
  }

  /** Hears of each change (not of a mark that changes nothing); returns the unsubscribe. */
  onChange(listener: (state: SessionsOfferState) => void): () => void {
    return this.changes.on(listener);
  }

  private set(next: SessionsOfferState): void {
    if (next === this.known) return;
    this.known = next;
    this.changes.emit(next);
  }
}
