/**
 * The parts of recordings as a kind of outbox item (outbox-kind.ts), one that is only sent:
 * each part joins the moment it
 * is cut, goes to its dictation's session (made when the service can first be reached) and
 * is done when the service acknowledges it. A part sent again goes under the same number with
 * the same bytes (read from its sealed file). A session that expired before End is given up
 * and its parts go again to a new one; a part the service refuses for good sends the
 * dictation by the voice upload instead, so nothing is lost. The parts' state lives in their
 * dictation's manifest (which the service acknowledged, in which session); attempts and
 * waiting times only in memory: after a restart every unacknowledged part is tried at once.
 */
import type { SessionPart } from '../api/service-client';
import { ServiceError, isSessionExpired } from '../api/service-error';
import type { AudioPart } from '../audio/audio-parts';
import { AttemptsInMemory } from '../outbox/attempts-in-memory';
import type { OutboxKind, OutboxStore, QueuedItem } from '../outbox/outbox-kind';
import { uploadOnlyKind } from '../outbox/upload-only-kind';
import type { DictationManifest } from '../dictations/dictation-manifest';
import type { DictationStore } from '../dictations/dictation-store';
import type { SessionOpener } from './session-opener';
import { abandonSession, ackPart, isAcked } from './session-state';

/** The file name's base of every part: `audio_0.mp3`, `audio_1.mp3`, … (or `.ogg`: the dictation's part format). */
const PART_BASE = 'audio';
/** Sessions that expired one after another, with no part taken in between, before the next waits its turn like any failure. */
const EXPIRIES_AT_ONCE = 3;

export interface PartItem extends QueuedItem {
  dictationId: string;
  part: AudioPart;
  /** Set when the service refused the part for good. */
  refused?: boolean;
}

/** Which dictations have parts to send: recorded in parts, not yet ended, not cancelled or finished, not halted. */
function sendingParts(manifest: DictationManifest): boolean {
  return manifest.api === 'sessions' && (manifest.state === 'recording' || manifest.state === 'recorded') && !manifest.session?.endedAt && manifest.haltedAt === null;
}

export function partItemId(dictationId: string, sequence: number): string {
  return `${dictationId}#${sequence}`;
}

/** The parts as outbox items, read from the dictations' manifests and folders. */
export class PartStore implements OutboxStore<PartItem> {
  private readonly attempts = new AttemptsInMemory();
  /** Dictations whose problem line says a part could not be sent (cleared when one is sent). */
  private readonly showingProblem = new Set<string>();

  constructor(
    private readonly dictations: DictationStore,
    private readonly onRefused: (dictationId: string, problem: string) => void,
  ) {}

  list(): PartItem[] {
    return this.dictations
      .list()
      .filter(sendingParts)
      .flatMap((manifest) => this.dictations.parts(manifest.id).map((part) => this.item(manifest, part)));
  }

  get(id: string): PartItem | undefined {
    const [dictationId = '', sequence = ''] = id.split('#');
    const manifest = this.dictations.get(dictationId);
    if (!manifest || !sendingParts(manifest)) return undefined;
    const part = this.dictations.parts(dictationId).find((candidate) => String(candidate.sequence) === sequence);
    return part ? this.item(manifest, part) : undefined;
  }

  update(id: string, patch: Partial<PartItem>): PartItem {
    return this.writeOrKeepInMemory(id, patch);
  }

  writeOrKeepInMemory(id: string, patch: Partial<PartItem>): PartItem {
    const item = this.get(id);
    if (!item) throw new Error('This part of the recording is no longer waiting to be sent.');
    const attempts = this.attempts.take(id, patch);
    if (patch.refused) this.onRefused(item.dictationId, patch.problem ?? 'the service refused it');
    else if (patch.problem) this.showProblem(item, patch.problem, patch.nextAttemptAt ?? null);
    return { ...item, ...attempts };
  }

  /** The dictation's parts are due now ("Send now"), whatever they were waiting for. */
  dueNow(dictationId: string): void {
    this.attempts.forget((id) => id.startsWith(`${dictationId}#`));
  }

  /**
   * A part went: the dictation's problem line no longer speaks of a part that could not be
   * sent, and End does not wait out what a part waited for (also one shown before a restart).
   */
  sent(dictationId: string): void {
    const showing = this.showingProblem.delete(dictationId);
    const manifest = this.dictations.get(dictationId);
    if (!manifest || !sendingParts(manifest) || (!showing && manifest.nextAttemptAt === null)) return;
    this.dictations.writeOrKeepInMemory(dictationId, showing ? { problem: null, nextAttemptAt: null } : { nextAttemptAt: null });
  }

  private showProblem(item: PartItem, problem: string, nextAttemptAt: string | null): void {
    this.showingProblem.add(item.dictationId);
    // The doctor hears of the recording; which piece of it waits is no concern of theirs.
    this.dictations.writeOrKeepInMemory(item.dictationId, { problem: `The recording is not all sent yet: ${lowerFirst(problem)}`, nextAttemptAt });
  }

  private item(manifest: DictationManifest, part: AudioPart): PartItem {
    const id = partItemId(manifest.id, part.sequence);
    const acked = isAcked(manifest, part.sequence);
    return {
      id,
      dictationId: manifest.id,
      part,
      createdAt: manifest.createdAt,
      ...this.attempts.of(id),
      uploadedAt: acked ? manifest.createdAt : null,
      finishedAt: acked ? manifest.createdAt : null,
    };
  }
}

export interface PartDeps {
  store: DictationStore;
  client: { uploadSessionPart(part: SessionPart): Promise<void> };
  sessions: SessionOpener;
  /** A part was acknowledged (End may be due), or the dictation goes by the voice upload now. */
  onProgress(dictationId: string): void;
  /** The dictation must now go by the voice upload (a part was refused for good). */
  onRefused(dictationId: string, problem: string): void;
  /** The service took a part in this session (its words may then be read). */
  onPartSent?(part: { dictationId: string; sessionId: string; sequence: number }): void;
  concurrency?: number;
  held?(): boolean;
}

/** The parts as a kind the host registers, and their store ("Send now" makes a dictation's parts due at once). */
export function partKind(options: PartDeps): OutboxKind<PartItem, never> & { store: PartStore } {
  const { store } = options;
  const parts = new PartStore(store, options.onRefused);
  /** Sessions given up in a row, by dictation, since a part was last taken. */
  const expiries = new Map<string, number>();
  const kind = uploadOnlyKind<PartItem>({
    name: 'parts of dictations',
    store: parts,
    uploadFailed: 'It could not be sent',
    waitsForUpload: (item) => item.uploadedAt === null,
    upload: async (item, { signal }) => {
      const session = await options.sessions.open(item.dictationId, signal);
      if (!session || signal.aborted) return;
      const bytes = store.readPart(item.dictationId, item.part);
      try {
        await options.client.uploadSessionPart({ ...session, base: PART_BASE, sequence: item.part.sequence, extension: store.get(item.dictationId)?.partFormat ?? 'mp3', bytes, signal });
      } catch (error) {
        if (!isSessionExpired(error)) throw error;
        // Given up, never ended: every part goes again, at once, to a new session (not this computer's fault, nor the network's).
        const manifest = store.get(item.dictationId);
        if (manifest?.session?.id === session.sessionId) store.update(item.dictationId, abandonSession(manifest));
        parts.dueNow(item.dictationId);
        const inARow = (expiries.get(item.dictationId) ?? 0) + 1;
        expiries.set(item.dictationId, inARow);
        if (inARow <= EXPIRIES_AT_ONCE) return;
        throw new ServiceError('server_error', 'The session expired before it was ended; the app makes a new one and sends the recording to it again.', { retryAfterMs: 0 });
      }
      expiries.delete(item.dictationId);
      const manifest = store.get(item.dictationId);
      const change = manifest ? ackPart(manifest, session.sessionId, item.part.sequence) : null;
      if (change) store.update(item.dictationId, change);
      parts.sent(item.dictationId);
      options.onPartSent?.({ dictationId: item.dictationId, sessionId: session.sessionId, sequence: item.part.sequence });
      options.onProgress(item.dictationId);
    },
    failed: { refused: true },
    // An unreadable answer to a part: sending it again under its number with the same bytes makes no second copy.
    malformedRetries: 5,
    concurrency: options.concurrency ?? 2,
    held: options.held,
  });
  return { ...kind, store: parts };
}

/** "The service…" read after a colon: "the service…". */
function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text;
}
