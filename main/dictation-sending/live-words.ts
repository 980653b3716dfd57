/**
 * The doctor's words while a dictation is spoken in parts, as the page shows them under the
 * recorder: the parts of the dictation being recorded (and, after Stop, until its note comes)
 * in order, each with the service's words once they came (part-words-reader.ts), and one short
 * line when words cannot come until after Stop: the voice upload, a service without per-part
 * words, no connection. Words for a session the dictation no longer uses, or for a dictation no
 * longer shown, are dropped. The note, when it comes, takes their place: they are cleared.
 */
import { LIVE_PARTS_MAX, NO_LIVE_WORDS, type LivePart, type LiveWords } from '../../contract/live-words';
import type { Clock } from '../core/clock';
import type { DictationManifest } from '../dictations/dictation-manifest';
import { PartWordsReader, type PartOutcome, type PartRef, type PartWordsReaderDeps } from './part-words-reader';

export const LIVE_WORDS_NOTICES = {
  voiceUpload: 'The words follow after Stop: this service takes the recording whole.',
  noEndpoint: 'The words follow after Stop: this service does not send them while you speak.',
  offline: 'No connection: the words follow after Stop.',
} as const;

/** States in which the note has come (or will not): the words heard so far are no longer shown. */
const DONE_STATES: ReadonlySet<DictationManifest['state']> = new Set(['completed', 'partial', 'failed', 'cancelled']);

export interface LiveWordsDeps {
  store: {
    get(id: string): DictationManifest | undefined;
    onChange(listener: (manifest: DictationManifest) => void): () => void;
    onRemove(listener: (id: string) => void): () => void;
  };
  client: PartWordsReaderDeps['client'];
  clock: Clock;
  /** Whether the service can be reached now (as the outbox last found it, and the network says). */
  reachable(): boolean;
  /** Tells the page what it shows now (only when that changed). */
  publish(words: LiveWords): void;
}

export class LiveWordsView {
  private readonly reader: PartWordsReader;
  private shown: string | null = null;
  private parts = new Map<number, LivePart>();
  private last: LiveWords = NO_LIVE_WORDS;
  private readonly unsubscribe: Array<() => void>;

  constructor(private readonly deps: LiveWordsDeps) {
    this.reader = new PartWordsReader({
      client: deps.client,
      clock: deps.clock,
      onOutcome: (part, outcome) => this.outcome(part, outcome),
      onNoEndpoint: () => this.publish(),
    });
    this.unsubscribe = [
      deps.store.onChange((manifest) => {
        if (manifest.id === this.shown) this.changed(manifest);
      }),
      deps.store.onRemove((id) => {
        if (id === this.shown) this.clear();
      }),
    ];
  }

  /** What the page shows now. */
  current(): LiveWords {
    return this.last;
  }

  /** Whether a recording started now may be cut sooner, its words shown as they come: not when the service showed it has none. */
  wordsWhileSpeaking(): boolean {
    return this.reader.offered;
  }

  /** A recording began: its words are shown from now on, the last one's no longer. */
  recordingStarted(dictationId: string): void {
    if (this.shown && this.shown !== dictationId) this.reader.stopFor(this.shown);
    this.shown = dictationId;
    this.parts = new Map();
    this.publish();
  }

  /** A part was cut: its words are waited for. */
  partCut(dictationId: string, sequence: number): void {
    if (dictationId !== this.shown || this.deps.store.get(dictationId)?.api !== 'sessions') return;
    if (!this.parts.has(sequence)) this.parts.set(sequence, { sequence, state: 'waiting', text: null });
    this.publish();
  }

  /** The service took a part in a session: its words are read. */
  partSent(part: PartRef): void {
    if (part.dictationId !== this.shown) return;
    const manifest = this.deps.store.get(part.dictationId);
    if (!manifest || manifest.api !== 'sessions' || DONE_STATES.has(manifest.state)) return;
    if (this.parts.get(part.sequence)?.state !== 'heard') this.parts.set(part.sequence, { sequence: part.sequence, state: 'waiting', text: null });
    this.reader.read(part);
    this.publish();
  }

  /** Another patient's visit (or none): the last patient's words are not shown beside them. */
  visitChanged(patientId: string | null): void {
    if (this.shown && this.deps.store.get(this.shown)?.patientId !== patientId) this.clear();
  }

  /** Whether the service can be reached may have changed: the line is worked out again. */
  refresh(): void {
    this.publish();
  }

  /** Another service is in use: what was learned of the last one is forgotten. */
  serviceChanged(): void {
    this.reader.reset();
    this.publish();
  }

  dispose(): void {
    for (const unsubscribe of this.unsubscribe) unsubscribe();
    this.reader.reset();
  }

  private outcome(part: PartRef, outcome: PartOutcome): void {
    if (part.dictationId !== this.shown) return;
    // Words for a session given up (expired, or made again) are not this dictation's now.
    const manifest = this.deps.store.get(part.dictationId);
    if (!manifest || manifest.session?.id !== part.sessionId) return;
    if (this.parts.get(part.sequence)?.state === 'heard') return;
    this.parts.set(part.sequence, { sequence: part.sequence, state: outcome.state, text: outcome.state === 'heard' ? outcome.text : null });
    this.publish();
  }

  private changed(manifest: DictationManifest): void {
    if (DONE_STATES.has(manifest.state) || manifest.haltedAt !== null) return this.clear();
    if (manifest.api !== 'sessions') this.reader.stopFor(manifest.id);
    this.publish();
  }

  private clear(): void {
    if (this.shown) this.reader.stopFor(this.shown);
    this.shown = null;
    this.parts = new Map();
    this.publish();
  }

  private noticeFor(manifest: DictationManifest): string | null {
    if (manifest.api !== 'sessions') return LIVE_WORDS_NOTICES.voiceUpload;
    if (!this.reader.offered) return LIVE_WORDS_NOTICES.noEndpoint;
    const waiting = manifest.state === 'recording' || [...this.parts.values()].some((part) => part.state === 'waiting');
    return waiting && !this.deps.reachable() ? LIVE_WORDS_NOTICES.offline : null;
  }

  private publish(): void {
    const manifest = this.shown ? this.deps.store.get(this.shown) : undefined;
    const next: LiveWords = manifest
      ? { dictationId: manifest.id, parts: [...this.parts.values()].sort((a, b) => a.sequence - b.sequence).slice(-LIVE_PARTS_MAX), notice: this.noticeFor(manifest) }
      : NO_LIVE_WORDS;
    if (JSON.stringify(next) === JSON.stringify(this.last)) return;
    this.last = next;
    this.deps.publish(next);
  }
}
