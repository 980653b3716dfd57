/** What is kept on disk for each dictation, beside its audio. */
import { z } from 'zod';
import { DICTATION_MODES, DICTATION_STATES, type DictationSummary } from '../../contract/dictation';

export const manifestSchema = z.object({
  version: z.literal(1),
  id: z.string().regex(/^[0-9a-f-]{36}$/),
  /** Fixed before the first upload attempt and reused by every retry. */
  txnId: z.string().min(1),
  /** Transactions abandoned by an explicit retry of a finished (failed or partial) one. */
  previousTxnIds: z.array(z.string()).default([]),
  createdAt: z.string(),
  label: z.string(),
  mode: z.enum(DICTATION_MODES),
  state: z.enum(DICTATION_STATES),
  recovered: z.boolean().default(false),
  durationMs: z.number().int().min(0),
  attempts: z.number().int().min(0).default(0),
  nextAttemptAt: z.string().nullable().default(null),
  problem: z.string().nullable().default(null),
  /** The problem as the manifest on disk keeps it: sealed with the item's key (keyed-folder-store.ts). */
  sealedProblem: z.string().nullable().default(null),
  /** Set when an upload starts; if the app stops before it ends, the next start checks the service first. */
  uploadStartedAt: z.string().nullable().default(null),
  uploadedAt: z.string().nullable().default(null),
  finishedAt: z.string().nullable().default(null),
  /** When the recording was deleted under the retention setting; the result stays. */
  audioDeletedAt: z.string().nullable().default(null),
  /** Sent to the built-in sandbox: its result is test data. */
  testData: z.boolean().default(false),
  /** When the doctor last saved a correction of the note (kept sealed beside the result). */
  correctedAt: z.string().nullable().default(null),
  /** When the doctor marked the note, as it is now, reviewed. */
  reviewedAt: z.string().nullable().default(null),
});
export type DictationManifest = z.infer<typeof manifestSchema>;

export function summaryOf(manifest: DictationManifest, uploadProgress: number | null): DictationSummary {
  return {
    id: manifest.id,
    txnId: manifest.txnId,
    createdAt: manifest.createdAt,
    label: manifest.label,
    mode: manifest.mode,
    durationMs: manifest.durationMs,
    state: manifest.state,
    recovered: manifest.recovered,
    uploadProgress,
    problem: manifest.problem,
    nextAttemptAt: manifest.nextAttemptAt,
    attempts: manifest.attempts,
    correctedAt: manifest.correctedAt,
    reviewedAt: manifest.reviewedAt,
    testData: manifest.testData,
  };
}
