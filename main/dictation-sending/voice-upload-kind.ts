/**
 * Dictations as a kind of outbox item (outbox-kind.ts): recorded ones are sent by the voice
 * upload and their results looked up. The txn id is fixed at creation and reused by every
 * attempt; an upload cut off by a crash is checked with the service before it is sent again,
 * so nothing is sent twice; a result that cannot be stored here is looked up again, never
 * uploaded again. While processing, output the service already has is kept as a preview.
 */
import { randomUUID } from 'node:crypto';
import { PENDING_STATES, canRetry } from '../../contract/dictation';
import type { VoiceStatus, VoiceUpload } from '../api/service-client';
import { isServiceError } from '../api/service-error';
import type { UploadSource } from '../api/upload-source';
import type { Clock } from '../core/clock';
import { refuse } from '../core/refusal';
import type { OutboxKind } from '../outbox/outbox-kind';
import type { PollSchedule } from '../outbox/result-poller';
import type { DictationManifest } from '../dictations/dictation-manifest';
import type { DictationStore } from '../dictations/dictation-store';
import { keptVoiceResult, resultView, type KeptResult } from '../dictations/stored-result';

export interface SyncClient {
  uploadVoice(input: VoiceUpload): Promise<unknown>;
  getTranscriptionResult(txnId: string, signal?: AbortSignal): Promise<VoiceStatus>;
}

export interface VoiceUploadDeps {
  store: DictationStore;
  client: SyncClient;
  /** The host's clock: when a dictation was sent. */
  clock: Clock;
  /** The file to send; `notice`: what the user should know about it (parts of the recording left out as damaged). */
  prepareAudio(manifest: DictationManifest): Promise<UploadSource & { notice?: string | null }>;
  /** True while the service is the built-in sandbox: what it sends back is test data. */
  sendsToSandbox?(): boolean;
  /** Uploads at a time. */
  concurrency?: number;
  /** Result lookups at a time. */
  lookupConcurrency?: number;
  /** Between result lookups while the service processes. */
  pollSchedule?: PollSchedule;
  /** How long after its upload a dictation's result is first asked for (default: firstLookupDelayMs). */
  firstLookupDelay?(durationMs: number): number;
  /** After a local failure (the result could not be stored here), look the result up again this much later. */
  localRetryMs?: number;
  /** Answers that cannot be understood are retried this many times, then the dictation fails. */
  maxMalformedAttempts?: number;
  onResult?(manifest: DictationManifest): void;
  /** True while nothing may be sent (the dictations' keys are locked). */
  held?(): boolean;
}

/** When to first ask for a result: the service needs a couple of seconds, and longer for longer audio. */
export function firstLookupDelayMs(durationMs: number): number {
  return 2_000 + Math.min(60_000, Math.round(durationMs * 0.1));
}


/** Whether the service already has this transaction (the upload reached it before a crash). */
async function serviceHas(client: SyncClient, txnId: string, signal: AbortSignal): Promise<boolean> {
  try {
    await client.getTranscriptionResult(txnId, signal);
    return true;
  } catch (error) {
    if (isServiceError(error) && error.kind === 'not_found') return false;
    throw error;
  }
}

/**
 * What both ways a dictation is sent do alike: keep its final result and say what it makes of
 * the dictation, wait as `recorded`, fail as `failed`, and answer Retry (a finished one starts
 * again as `again` says, a cancelled one goes on where it stopped).
 */
export function dictationOutcome(
  store: DictationStore,
  partialProblem: string,
  again: (manifest: DictationManifest) => Partial<DictationManifest>,
): Pick<OutboxKind<DictationManifest, KeptResult>, 'settle' | 'waiting' | 'failed' | 'retry'> {
  return {
    settle: (manifest, result) => {
      store.saveResult(manifest.id, result);
      return settledBy(result, partialProblem);
    },
    waiting: { state: 'recorded' },
    failed: { state: 'failed' },
    retry: (manifest) => {
      if (!canRetry(manifest)) return null;
      if (manifest.audioDeletedAt) refuse('refused', 'The recording of this dictation was deleted under the retention setting; it cannot be sent again.');
      if (manifest.state === 'failed' || manifest.state === 'partial') return again(manifest);
      if (manifest.state === 'cancelled') return { state: manifest.uploadedAt ? 'processing' : 'recorded' };
      return {};
    },
  };
}

/** The dictation's change when its result is final (kept beside it): its state, and what went wrong in words. */
export function settledBy(kept: KeptResult, partialProblem: string): Partial<DictationManifest> {
  const result = resultView(kept);
  const state = result.state === 'completed' ? 'completed' : result.state === 'partial' ? 'partial' : 'failed';
  return {
    state,
    // A new result is a new note: reviewing an earlier one does not carry over.
    reviewedAt: null,
    problem: result.state === 'failed' ? result.message : result.state === 'partial' ? partialProblem : null,
  };
}

/** Dictations sent whole after Stop, by the voice upload: the kind the host registers. */
export function voiceUploadKind(options: VoiceUploadDeps): OutboxKind<DictationManifest, KeptResult> {
  const { store, client } = options;
  const now = () => options.clock.now();
  return {
    name: 'dictations',
    store,
    words: {
      uploadFailed: 'The dictation could not be sent',
      lookupFailed: 'The result could not be fetched',
      lost: 'The service lost track of this dictation. Retry to send it again.',
      notStored: 'The result could not be saved on this computer.',
      gone: 'This dictation no longer exists.',
      cannotRetry: 'This dictation cannot be sent again now.',
    },
    waitsForUpload: (manifest) => manifest.api === 'voice-upload' && manifest.state === 'recorded' && manifest.haltedAt === null,
    waitsForResult: (manifest) => manifest.api === 'voice-upload' && manifest.state === 'processing' && manifest.haltedAt === null,
    firstLookupDelayMs: (manifest) => (options.firstLookupDelay ?? firstLookupDelayMs)(manifest.durationMs),
    upload: async (initial, { signal, onProgress }) => {
      let manifest = initial;
      let notice: string | null = null;
      const testData = options.sendsToSandbox?.() ?? false;
      if (!(manifest.uploadStartedAt && (await serviceHas(client, manifest.txnId, signal)))) {
        const audio = await options.prepareAudio(manifest);
        if (signal.aborted) return {};
        notice = audio.notice ?? null;
        manifest = store.update(manifest.id, { state: 'uploading', uploadStartedAt: new Date(now()).toISOString(), problem: notice, testData });
        await client.uploadVoice({ mode: manifest.mode, txnId: manifest.txnId, file: audio, signal, onProgress });
      }
      return { state: 'processing', testData, uploadStartedAt: null, uploadedAt: new Date(now()).toISOString(), problem: notice };
    },
    lookUp: async (manifest, signal) => {
      const answer = await client.getTranscriptionResult(manifest.txnId, signal);
      const result = keptVoiceResult(answer);
      if (answer.state !== 'in_progress') return { state: 'final', result };
      if (answer.output.length > 0) {
        try {
          store.saveResult(manifest.id, result);
        } catch {
          // Output so far is a preview; the final result is stored when it comes.
        }
      }
      return { state: 'pending' };
    },
    ...dictationOutcome(store, 'Some parts of the result could not be produced; see each template below.', (manifest) =>
      // A finished transaction is not sent again under its txn id: a new one, the old kept on record.
      manifest.uploadedAt !== null
        ? { state: 'recorded', finishedAt: null, txnId: randomUUID(), previousTxnIds: [...manifest.previousTxnIds, manifest.txnId], uploadedAt: null, uploadStartedAt: null }
        : { state: 'recorded', finishedAt: null },
    ),
    // Stops sending; the dictation stays on disk until deleted or retried.
    cancel: (manifest) => (PENDING_STATES.has(manifest.state) ? { state: 'cancelled', nextAttemptAt: null, problem: null } : null),
    // Sent again under the same transaction id: the service keeps one copy.
    malformedRetries: { upload: options.maxMalformedAttempts ?? 5, lookup: options.maxMalformedAttempts ?? 5 },
    onFinished: options.onResult,
    held: options.held,
    concurrency: options.concurrency,
    lookupConcurrency: options.lookupConcurrency,
    pollSchedule: options.pollSchedule,
    localRetryMs: options.localRetryMs,
  };
}
