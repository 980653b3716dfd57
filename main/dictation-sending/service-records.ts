/**
 * What of a dictation the service may hold, by the ids it knows them under: every session whose
 * creation was asked for (answered or not), every transaction whose upload began, the corrected
 * note's document. A request that was issued counts, whether or not its answer came. Pure.
 */
import { FINISHED_STATES } from '../../contract/dictation';
import type { ServiceRecords } from '../../contract/withdrawal';
import type { DictationManifest } from '../dictations/dictation-manifest';

/** Whether the dictation's current transaction was (or may have been) uploaded by the voice upload. */
function transactionIssued(manifest: DictationManifest): boolean {
  if (manifest.uploadStartedAt !== null || manifest.uploadedAt !== null) return true;
  return manifest.api === 'voice-upload' && (manifest.state === 'uploading' || manifest.state === 'processing' || FINISHED_STATES.has(manifest.state));
}

export function serviceRecordsOf(manifest: DictationManifest): ServiceRecords {
  return {
    sessions: [...manifest.previousSessionIds, ...(manifest.session ? [manifest.session.id] : [])],
    transactions: [...manifest.previousTxnIds, ...(transactionIssued(manifest) ? [manifest.txnId] : [])],
    documents: manifest.correctionDocument.id ? [manifest.correctionDocument.id] : [],
  };
}
