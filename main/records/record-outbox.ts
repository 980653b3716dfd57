/**
 * Sends queued lab reports, a few at a time, whenever the service can be reached, then looks
 * each one's parsing result up (result-poller.ts: the same backoff, Retry-After and patience
 * as dictations) until the service has read it or refused it. Everything it knows is in the
 * store, so it resumes after a restart where it stopped. The upload operation has no
 * client-chosen id, so an upload cut off by a crash is sent again from the start; the
 * service may then hold the document twice. A document the service has is never sent again
 * because its result could not be fetched or stored here: it is looked up again.
 */
import { canRetryRecord, isRecordPending } from '../../contract/records';
import type { RecordParseAnswer } from '../api/record-result';
import type { RecordUpload } from '../api/service-client';
import { fail } from '../ipc/app-failure';
import { decideAfterFailure } from '../outbox/failure-decision';
import { afterFailedLookup } from '../outbox/lookup-failure';
import { OutboxRunner, dueItems } from '../outbox/outbox-runner';
import { ResultPoller, firstLookupAt, type LookupAnswer, type LookupFailure, type PollSchedule } from '../outbox/result-poller';
import { UploadProgress } from '../outbox/upload-progress';
import type { ServiceHealth } from '../service/service-health';
import { storageProblem } from '../storage/storage-problem';
import type { RecordStore } from './record-store';

type FinalAnswer = Exclude<RecordParseAnswer, { state: 'pending' }>;

/** The service needs a few seconds to read a report. */
const FIRST_LOOKUP_MS = 3_000;
const LOCAL_RETRY_MS = 30_000;
const MAX_MALFORMED_ATTEMPTS = 5;

export interface RecordOutboxOptions {
  store: RecordStore;
  client: {
    uploadRecord(input: RecordUpload): Promise<{ documentId: string }>;
    getRecordResult(documentId: string, signal?: AbortSignal): Promise<RecordParseAnswer>;
  };
  health: ServiceHealth;
  isOnline(): boolean;
  /** Whether requests are encrypted now (a key and kid are set). */
  encrypting(): boolean;
  onProgress?(id: string, fraction: number): void;
  /** Between result lookups while the service reads a report. */
  pollSchedule?: PollSchedule;
  /** How long after its upload a report's result is first asked for. */
  firstLookupMs?: number;
  /** After a local failure (the report could not be stored here), look it up again this much later. */
  localRetryMs?: number;
  now?: () => number;
  random?: () => number;
}

export class RecordOutbox {
  private readonly progress: UploadProgress;
  private readonly runner: OutboxRunner;
  private readonly results: ResultPoller<FinalAnswer>;

  constructor(private readonly options: RecordOutboxOptions) {
    this.progress = new UploadProgress(options.onProgress, options.now);
    this.runner = new OutboxRunner({
      waiting: () => dueItems(options.store.list().filter((record) => record.state === 'queued').reverse()),
      run: (id, signal) => this.upload(id, signal),
      health: options.health,
      isOnline: options.isOnline,
      now: options.now,
    });
    this.results = new ResultPoller<FinalAnswer>({
      waiting: () =>
        options.store
          .list()
          .filter((record) => record.state === 'reading' && record.documentId !== null)
          .map((record) => ({ id: record.id, firstLookupAt: firstLookupAt(record, options.firstLookupMs ?? FIRST_LOOKUP_MS) })),
      lookup: (id, signal) => this.lookUp(id, signal),
      settle: (id, answer) => this.settle(id, answer),
      failed: (id, error) => this.lookupFailed(id, error),
      health: options.health,
      isOnline: options.isOnline,
      schedule: options.pollSchedule,
      now: options.now,
      random: options.random,
    });
  }

  private get now(): number {
    return (this.options.now ?? Date.now)();
  }

  start(): void {
    this.runner.start();
    this.results.start();
  }

  stop(): void {
    this.runner.stop();
    this.results.stop();
  }

  kick(): void {
    this.runner.kick();
    this.results.kick();
  }

  progressOf(id: string): number | null {
    return this.progress.of(id);
  }

  pendingCount(): number {
    return this.options.store.list().filter((record) => isRecordPending(record.state)).length;
  }

  /** True while a file is being sent. */
  uploading(): boolean {
    return this.options.store.list().some((record) => record.state === 'uploading');
  }

  /**
   * Tries again now: a report the service has but whose result could not be fetched is looked
   * up again; one the service refused, lost or deleted (or never took) is sent again.
   */
  retry(id: string): void {
    const { store } = this.options;
    const record = store.get(id);
    if (!record) fail('not-found', 'This document is no longer in the list.');
    if (!canRetryRecord(record) || this.runner.isRunning(id) || this.results.isLooking(id)) fail('refused', 'This document cannot be sent again now.');
    const reset = { attempts: 0, nextAttemptAt: null, problem: null };
    this.results.forget(id);
    if (record.documentId !== null && record.finishedAt === null) {
      store.update(id, { ...reset, state: 'reading' });
    } else {
      store.dropReport(id);
      store.update(id, { ...reset, state: 'queued', documentId: null, uploadedAt: null, finishedAt: null });
    }
    this.kick();
  }

  remove(id: string): void {
    this.runner.abort(id);
    this.results.forget(id);
    this.options.store.delete(id);
  }

  private async upload(id: string, signal: AbortSignal): Promise<void> {
    const { store, client, health } = this.options;
    const record = store.get(id);
    if (!record) return;
    try {
      store.update(id, { state: 'uploading', problem: null, encrypted: this.options.encrypting() });
      const { documentId } = await client.uploadRecord({
        file: store.documentSource(record),
        documentType: 'lr',
        tasks: record.tasks,
        batch: record.batch,
        signal,
        onProgress: this.progress.tracker(id),
      });
      health.answered();
      if (!store.get(id)) return;
      store.update(id, { state: 'reading', documentId, uploadedAt: new Date(this.now).toISOString(), attempts: 0, nextAttemptAt: null, problem: null });
      this.results.kick();
    } catch (error) {
      if (signal.aborted || !store.get(id)) return;
      const attempts = store.get(id)!.attempts + 1;
      const decision = decideAfterFailure(error, { health, attempts, now: this.now, what: 'The file could not be sent', random: this.options.random });
      if (decision.action === 'hold') store.update(id, { state: 'queued', problem: decision.problem });
      else if (decision.action === 'fail') store.update(id, { state: 'failed', attempts, problem: decision.problem, nextAttemptAt: null });
      else store.update(id, { state: 'queued', attempts, problem: decision.problem, nextAttemptAt: new Date(decision.retryAt).toISOString() });
    } finally {
      this.progress.clear(id);
    }
  }

  private async lookUp(id: string, signal: AbortSignal): Promise<LookupAnswer<FinalAnswer>> {
    const record = this.options.store.get(id);
    if (!record?.documentId) return { state: 'pending' };
    const answer = await this.options.client.getRecordResult(record.documentId, signal);
    this.options.health.answered();
    return answer.state === 'pending' ? { state: 'pending' } : { state: 'final', result: answer };
  }

  private settle(id: string, answer: FinalAnswer): void {
    const { store } = this.options;
    if (!store.get(id)) return;
    const finished = { attempts: 0, nextAttemptAt: null, finishedAt: new Date(this.now).toISOString() };
    if (answer.state === 'error') {
      store.update(id, { ...finished, state: 'failed', problem: answer.message });
    } else if (answer.state === 'deleted') {
      store.update(id, { ...finished, state: 'failed', problem: 'The service deleted this document before reading it. Retry to send it again.' });
    } else {
      try {
        store.saveReport(id, answer.report);
      } catch (error) {
        // A local failure: the service has read the report; it is fetched again, never sent again.
        store.update(id, {
          problem: `The report could not be saved on this computer. ${storageProblem(error)} The app will fetch it again.`,
          nextAttemptAt: new Date(this.now + this.localRetryMs).toISOString(),
        });
        return;
      }
      store.update(id, { ...finished, state: 'ready', problem: null });
    }
  }

  private get localRetryMs(): number {
    return this.options.localRetryMs ?? LOCAL_RETRY_MS;
  }

  private lookupFailed(id: string, error: unknown): LookupFailure {
    const { store } = this.options;
    const record = store.get(id);
    if (!record) return 'stop';
    const outcome = afterFailedLookup(error, {
      attempts: record.attempts,
      now: this.now,
      localRetryMs: this.localRetryMs,
      decide: (failure, attempts) =>
        decideAfterFailure(failure, {
          health: this.options.health,
          attempts,
          now: this.now,
          what: 'The result could not be fetched',
          random: this.options.random,
          retryAnyway: (refused) => refused.kind === 'malformed_response' && attempts < MAX_MALFORMED_ATTEMPTS,
        }),
    });
    if (outcome.kind === 'again') {
      store.update(id, outcome.change);
      return { retryAt: outcome.retryAt };
    }
    if (outcome.lost) {
      store.update(id, { state: 'failed', attempts: outcome.attempts, documentId: null, nextAttemptAt: null, problem: 'The service lost track of this document. Retry to send it again.' });
    } else {
      store.update(id, { state: 'failed', attempts: outcome.attempts, nextAttemptAt: null, problem: outcome.problem });
    }
    return 'stop';
  }
}
