/**
 * Sends queued lab reports, a few at a time, whenever the service can be reached. The
 * upload operation has no client-chosen id, so an upload cut off by a crash is sent again
 * from the start; the service may then hold the document twice.
 */
import { canRetryRecord, isRecordPending } from '../../contract/records';
import type { RecordUpload } from '../api/service-client';
import { fail } from '../ipc/app-failure';
import { decideAfterFailure } from '../outbox/failure-decision';
import { OutboxRunner, dueItems } from '../outbox/outbox-runner';
import { UploadProgress } from '../outbox/upload-progress';
import type { ServiceHealth } from '../service/service-health';
import type { RecordStore } from './record-store';

export interface RecordOutboxOptions {
  store: RecordStore;
  client: { uploadRecord(input: RecordUpload): Promise<{ documentId: string }> };
  health: ServiceHealth;
  isOnline(): boolean;
  /** Whether requests are encrypted now (a key and kid are set). */
  encrypting(): boolean;
  onProgress?(id: string, fraction: number): void;
  now?: () => number;
  random?: () => number;
}

export class RecordOutbox {
  private readonly progress: UploadProgress;
  private readonly runner: OutboxRunner;

  constructor(private readonly options: RecordOutboxOptions) {
    this.progress = new UploadProgress(options.onProgress, options.now);
    this.runner = new OutboxRunner({
      waiting: () => dueItems(options.store.list().filter((record) => record.state === 'queued').reverse()),
      run: (id, signal) => this.upload(id, signal),
      health: options.health,
      isOnline: options.isOnline,
      now: options.now,
    });
  }

  start(): void {
    this.runner.start();
  }

  stop(): void {
    this.runner.stop();
  }

  kick(): void {
    this.runner.kick();
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

  retry(id: string): void {
    const record = this.options.store.get(id);
    if (!record) fail('not-found', 'This document is no longer in the list.');
    if (!canRetryRecord(record) || this.runner.isRunning(id)) fail('refused', 'This document cannot be sent again now.');
    this.options.store.update(id, { state: 'queued', attempts: 0, nextAttemptAt: null, problem: null });
    this.kick();
  }

  remove(id: string): void {
    this.runner.abort(id);
    this.options.store.delete(id);
  }

  private async upload(id: string, signal: AbortSignal): Promise<void> {
    const { store, client, health } = this.options;
    const record = store.get(id);
    if (!record) return;
    const now = () => (this.options.now ?? Date.now)();
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
      if (store.get(id)) store.update(id, { state: 'uploaded', documentId, attempts: 0, nextAttemptAt: null, problem: null });
    } catch (error) {
      if (signal.aborted || !store.get(id)) return;
      const attempts = store.get(id)!.attempts + 1;
      const decision = decideAfterFailure(error, { health, attempts, now: now(), what: 'The file could not be sent', random: this.options.random });
      if (decision.action === 'hold') store.update(id, { state: 'queued', problem: decision.problem });
      else if (decision.action === 'fail') store.update(id, { state: 'failed', attempts, problem: decision.problem, nextAttemptAt: null });
      else store.update(id, { state: 'queued', attempts, problem: decision.problem, nextAttemptAt: new Date(decision.retryAt).toISOString() });
    } finally {
      this.progress.clear(id);
    }
  }
}
