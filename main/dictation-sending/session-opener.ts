/**
 * A dictation's transcription session, made when the service can first be reached (one
 * create at a time per dictation, however many parts wait for it). The app's own session id
 * is kept before the create goes, so a create whose answer was lost is not taken for a new
 * session. Whether a session expired is the service's word (410), never this computer's
 * clock, which may be wrong by hours: part-kind.ts then gives it up. A service that has no sessions
 * (404, 405, 501 to the create) gets the dictation by the voice upload instead: nothing is lost.
 * So does a session whose upload address the app refuses (not https, and not the built-in
 * sandbox's own: service-url.ts): no part goes there; the session is given up, never ended,
 * and the whole recording goes to the service's own address, which passed the transport rule.
 */
import type { CreatedSession, NewSession, UploadTarget } from '../api/service-client';
import { isServiceError } from '../api/service-error';
import { isRefusedAddress } from '../api/service-url';
import type { DictationManifest } from '../dictations/dictation-manifest';
import type { DictationStore } from '../dictations/dictation-store';
import { FRESH_START, freshSession, sendWholeInstead } from './session-state';
import { detailsFingerprint, type PatientDetails } from './patient-details';

/** Answers to the create that mean the service has no sessions API. */
const NO_SESSIONS_STATUSES = new Set([404, 405, 501]);

export interface OpenSession {
  sessionId: string;
  upload: UploadTarget;
}

export interface SessionOpenerDeps {
  store: DictationStore;
  client: { createSession(input: NewSession): Promise<CreatedSession> };
  /** What the app learned of the service: whether it has sessions. */
  offer: { markOffered(): void; markNotOffered(): void };
  /** The dictation goes by the voice upload now. */
  onFallback(id: string): void;
  /** What the session may be told of the dictation's patient now; null: nothing (sendPatientDetails off). */
  patientDetails?(manifest: DictationManifest): PatientDetails | null;
}

export function meansNoSessions(error: unknown): boolean {
  return isServiceError(error) && error.status !== undefined && NO_SESSIONS_STATUSES.has(error.status);
}

function isIdTaken(error: unknown): boolean {
  return isServiceError(error) && error.status === 409;
}

export class SessionOpener {
  private readonly opening = new Map<string, Promise<OpenSession | null>>();

  constructor(private readonly deps: SessionOpenerDeps) {}

  /** The dictation's session, made now if it has none; null when it goes by the voice upload instead. */
  open(id: string, signal: AbortSignal): Promise<OpenSession | null> {
    let pending = this.opening.get(id);
    if (!pending) {
      pending = this.openNow(id, signal).finally(() => this.opening.delete(id));
      this.opening.set(id, pending);
    }
    return pending;
  }

  private async openNow(id: string, signal: AbortSignal): Promise<OpenSession | null> {
    const { store } = this.deps;
    let manifest = store.get(id);
    if (!manifest || manifest.api !== 'sessions') return null;
    if (manifest.session?.upload) return { sessionId: manifest.session.id, upload: manifest.session.upload };
    if (!manifest.session) manifest = store.update(id, { session: freshSession() });
    try {
      return await this.create(manifest, signal);
    } catch (error) {
      if (!isIdTaken(error)) throw error;
      // The id was taken (a create whose answer was lost, or a clash): that session holds no part of this one, and is left to expire.
      return this.create(store.update(id, { session: freshSession(), previousSessionIds: [...manifest.previousSessionIds, manifest.session!.id] }), signal);
    }
  }

  private async create(manifest: DictationManifest, signal: AbortSignal): Promise<OpenSession | null> {
    const { store } = this.deps;
    const request = manifest.request ?? { languages: [], templates: [], model: 'pro' as const };
    const details = this.deps.patientDetails?.(manifest) ?? null;
    const told = details && Object.keys(details).length > 0 ? details : null;
    let created: CreatedSession;
    try {
      created = await this.deps.client.createSession({ sessionId: manifest.session!.id, ...request, ...(told ? { patientDetails: told } : {}), signal });
    } catch (error) {
      if (isRefusedAddress(error)) {
        store.update(manifest.id, sendWholeInstead(manifest, (error as Error).message));
        this.deps.onFallback(manifest.id);
        return null;
      }
      if (!meansNoSessions(error)) throw error;
      this.deps.offer.markNotOffered();
      store.update(manifest.id, {
        ...FRESH_START,
        api: 'voice-upload',
        session: null,
        problem: 'This service offers no transcription sessions: the recording is sent whole after Stop instead.',
      });
      this.deps.onFallback(manifest.id);
      return null;
    }
    this.deps.offer.markOffered();
    const current = store.get(manifest.id);
    if (!current?.session) return null;
    store.update(manifest.id, {
      session: { ...current.session, id: created.sessionId, upload: created.upload, expiresAt: created.expiresAt, patientTold: told ? detailsFingerprint(told) : null },
    });
    return { sessionId: created.sessionId, upload: created.upload };
  }
}
