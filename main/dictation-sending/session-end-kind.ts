/**
 * Dictations sent in parts, as a kind of outbox item (outbox-kind.ts): once every part of the
 * finished recording is acknowledged, End goes with their true count ("already ended"
 * counts as done), then the session's result is looked up about once a second, its
 * transcript kept as a preview while the service works. A session that expired before End
 * is given up and its parts go again to a new one; an End the service refuses for good sends
 * the dictation by the voice upload instead, nothing lost. Retry of a finished one makes a new
 * session from the kept parts. The parts themselves go through part-kind.ts.
 */
import type { SessionResult } from '../api/service-client';
import { isServiceError, isSessionExpired } from '../api/service-error';
import type { Clock } from '../core/clock';
import type { OutboxKind } from '../outbox/outbox-kind';
import type { PollSchedule } from '../outbox/result-poller';
import type { DictationManifest, SessionState } from '../dictations/dictation-manifest';
import { dictationOutcome } from './voice-upload-kind';
import type { DictationStore } from '../dictations/dictation-store';
import { isBuiltInTemplate } from '../results/session-result';
import { keptSessionResult, type KeptResult } from '../dictations/stored-result';
import { abandonSession, readyToEnd, sendWholeInstead } from './session-state';
import { detailsFingerprint, toldFingerprint, type PatientDetails } from './patient-details';

export interface SessionClient {
  patchSession(sessionId: string, patch: { patientDetails?: Record<string, unknown> }, signal?: AbortSignal): Promise<void>;
  endSession(input: { sessionId: string; audioFilesSent: number; signal?: AbortSignal }): Promise<'ended' | 'already-ended'>;
  getSession(sessionId: string, signal?: AbortSignal): Promise<SessionResult>;
}

/** The service works on the audio it already has: its answer is asked for about once a second. */
export const SESSION_POLL_SCHEDULE: PollSchedule = { baseMs: 1_000, capMs: 1_000, patienceMs: 15 * 60_000, slowMs: 60_000, notFoundRetries: 3 };
const FIRST_LOOKUP_MS = 500;

export interface SessionEndDeps {
  store: DictationStore;
  client: SessionClient;
  /** The host's clock: when a session was ended. */
  clock: Clock;
  /** The titles of the clinic's own templates, by id, as the templates list gives them (asked only when a result holds one). */
  templateTitles?(): Promise<ReadonlyMap<string, string>>;
  sendsToSandbox?(): boolean;
  pollSchedule?: PollSchedule;
  onResult?(manifest: DictationManifest): void;
  /** The dictation goes by the voice upload now. */
  onFallback?(id: string): void;
  /** The session expired before End: its parts go again, now, to a new one. */
  onSessionAbandoned?(id: string): void;
  /** What the session may be told of the dictation's patient now; null: nothing (sendPatientDetails off). */
  patientDetails?(manifest: DictationManifest): PatientDetails | null;
  held?(): boolean;
}

/** Sessions ended once their parts are in, then their results looked up: the kind the host registers. */
export function sessionEndKind(options: SessionEndDeps): OutboxKind<DictationManifest, KeptResult> {
  const { store, client } = options;
  const now = () => options.clock.now();
  /** A patient changed (or taken off) since the create is told before End: the service works with the right one. */
  const tellPatient = async (manifest: DictationManifest): Promise<SessionState> => {
    const details = options.patientDetails?.(manifest) ?? null;
    const session = manifest.session!;
    if (details === null || detailsFingerprint(details) === toldFingerprint(session.patientTold)) return session;
    await client.patchSession(session.id, { patientDetails: details });
    const told = { ...session, patientTold: Object.keys(details).length === 0 ? null : detailsFingerprint(details) };
    store.update(manifest.id, { session: told });
    return told;
  };
  /** The transcript last kept as a preview, by dictation: a preview is written only when it changed. */
  const previews = new Map<string, string>();
  return {
    name: 'dictation sessions',
    store,
    words: {
      uploadFailed: 'The dictation could not be ended',
      lookupFailed: 'The result could not be fetched',
      lost: 'The service lost track of this dictation. Retry to send it again in a new session.',
      notStored: 'The result could not be saved on this computer.',
      gone: 'This dictation no longer exists.',
      cannotRetry: 'This dictation cannot be sent again now.',
    },
    waitsForUpload: (manifest) => manifest.state === 'recorded' && manifest.haltedAt === null && readyToEnd(manifest),
    waitsForResult: (manifest) => manifest.api === 'sessions' && manifest.state === 'processing' && manifest.session !== null && manifest.haltedAt === null,
    firstLookupDelayMs: () => FIRST_LOOKUP_MS,
    upload: async (manifest) => {
      let session = manifest.session!;
      const testData = options.sendsToSandbox?.() ?? false;
      try {
        session = await tellPatient(manifest);
        await client.endSession({ sessionId: session.id, audioFilesSent: manifest.partCount! });
      } catch (error) {
        if (isSessionExpired(error)) {
          store.update(manifest.id, abandonSession(manifest));
          options.onSessionAbandoned?.(manifest.id);
          return {};
        }
        if (!isServiceError(error) || (error.kind !== 'invalid_request' && error.kind !== 'not_found')) throw error;
        // The service refuses to end this session for good: the recording goes whole instead.
        options.onFallback?.(manifest.id);
        return sendWholeInstead(manifest, error.message);
      }
      const ended = new Date(now()).toISOString();
      return { state: 'processing', testData, uploadedAt: ended, problem: null, session: { ...session, endedAt: ended } };
    },
    lookUp: async (manifest, signal) => {
      const answer = await client.getSession(manifest.session!.id, signal);
      const asked = manifest.request?.templates ?? [];
      const ownTemplates = [...asked, ...(answer.state === 'completed' || answer.state === 'partial' ? answer.templates.map((template) => template.templateId) : [])].some(
        (id) => !isBuiltInTemplate(id),
      );
      const titles = ownTemplates && options.templateTitles ? await options.templateTitles() : undefined;
      const result = keptSessionResult(answer, asked, titles);
      if (answer.state !== 'processing') {
        previews.delete(manifest.id);
        return { state: 'final', result };
      }
      if (answer.transcript && previews.get(manifest.id) !== answer.transcript) {
        try {
          store.saveResult(manifest.id, result);
          previews.set(manifest.id, answer.transcript);
          // The page reads the dictation again when it changes: the transcript shows without a click.
          store.announce(manifest.id);
        } catch {
          // A preview; the final result is stored when it comes.
        }
      }
      return { state: 'pending' };
    },
    ...dictationOutcome(store, 'Some parts of the result could not be produced; see each part below.', (manifest) =>
      // An ended session is never ended again: a new one, from the kept parts.
      ({ ...(manifest.session?.endedAt ? abandonSession(manifest) : {}), state: 'recorded', finishedAt: null, uploadedAt: null }),
    ),
    lost: {},
    // End again after an unreadable answer: "already ended" counts as done, so nothing happens twice.
    malformedRetries: { upload: 5, lookup: 5 },
    onFinished: options.onResult,
    held: options.held,
    pollSchedule: options.pollSchedule ?? SESSION_POLL_SCHEDULE,
  };
}
