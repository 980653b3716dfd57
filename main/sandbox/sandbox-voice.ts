/**
 * The sandbox's transcription operations: audio upload and result lookup, with the 202 →
 * 200/206/500 progression. A txn id starting with `sandbox-partial-` ends 206 (partial), one
 * starting with `sandbox-fail-` ends 500 (system_error); `nextOutcomes` does the same for
 * the next uploads.
 */
import type { Clock } from '../core/clock';
import { readMultipartFile } from './request-body';
import { additionalData, sandboxOutputs, type SandboxOutcome, type SandboxTransaction } from './sandbox-results';
import { type RouteContext, type SandboxArea, type SandboxRoute } from './sandbox-routes';
import { BadRequest, jsonBadRequest, type Reply } from './sandbox-reply';

const MAX_AUDIO_BYTES = 512 * 1024 * 1024;

export class SandboxVoice implements SandboxArea {
  private readonly transactions = new Map<string, SandboxTransaction>();

  constructor(private readonly clock: Pick<Clock, 'now'>) {}

  readonly routes: SandboxRoute[] = [
    {
      operation: 'voiceUpload',
      method: 'POST',
      path: '/voice/upload',
      unauthorized: { status: 401, json: { message: 'Unauthorized' } },
      badRequest: jsonBadRequest,
      handle: (context) => this.upload(context),
    },
    {
      operation: 'resultLookup',
      method: 'GET',
      path: /^\/voice\/api\/v3\/status\/[^/]+$/,
      unauthorized: { status: 401, json: { error: 'Unauthorized', message: 'Invalid or missing authentication token' } },
      badRequest: jsonBadRequest,
      handle: ({ url, faults }) => this.lookup(decodeURIComponent(url.pathname.split('/').pop() ?? ''), faults.processingMs),
    },
  ];

  /** How many complete uploads were accepted for a txn id. */
  uploadsFor(txnId: string): number {
    return this.transactions.get(txnId)?.uploads ?? 0;
  }

  transaction(txnId: string): SandboxTransaction | undefined {
    return this.transactions.get(txnId);
  }

  all(): SandboxTransaction[] {
    return [...this.transactions.values()];
  }

  reset(): void {
    this.transactions.clear();
  }

  private async upload({ req, url, record, faults }: RouteContext): Promise<Reply> {
    const mode = url.searchParams.get('mode');
    const txnId = url.searchParams.get('txnid');
    const files = await readMultipartFile(req, MAX_AUDIO_BYTES);
    const file = files.find((candidate) => candidate.field === 'file');
    if (file) record.file = { field: file.field, name: file.name, contentType: file.contentType, size: file.size, sha256: file.sha256 };
    if (mode !== 'dictation' && mode !== 'consultation') throw new BadRequest('mode must be dictation or consultation');
    if (!txnId) throw new BadRequest('txnid is required');
    if (!file || file.size === 0) throw new BadRequest('the audio file (field "file") is missing or empty');
    const existing = this.transactions.get(txnId);
    if (existing) {
      existing.uploads += 1;
    } else {
      this.transactions.set(txnId, {
        txnId,
        mode,
        uploads: 1,
        uploadedAt: this.clock.now(),
        audioBytes: file.size,
        audioSha256: file.sha256,
        outcome: outcomeFor(txnId, faults.nextOutcomes),
      });
    }
    return { status: 200, json: { message: 'Upload successful!', filename: file.name } };
  }

  private lookup(txnId: string, processingMs: number): Reply {
    const txn = this.transactions.get(txnId);
    if (!txn) return { status: 400, json: { error: { code: 'transaction_not_found', msg: "Transaction doesn't exist" } } };
    if (this.clock.now() - txn.uploadedAt < processingMs) {
      return { status: 202, json: { data: { output: [], additional_data: additionalData(txn) } } };
    }
    if (txn.outcome === 'failed') return { status: 500, json: { error: { code: 'system_error', msg: 'Error in generating output file' } } };
    const data = { output: sandboxOutputs(txn), additional_data: additionalData(txn) };
    return { status: txn.outcome === 'partial' ? 206 : 200, json: { data } };
  }
}

/** The outcome of a new transaction: by its txn id's prefix, else the next scripted one, else success. */
function outcomeFor(txnId: string, scripted: SandboxOutcome[]): SandboxOutcome {
  if (txnId.startsWith('sandbox-partial-')) return 'partial';
  if (txnId.startsWith('sandbox-fail-')) return 'failed';
  return scripted.shift() ?? 'success';
}
