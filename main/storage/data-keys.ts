/**
 * The keys of the patient data on this computer: the master key (master-key.ts) and, under
 * it, the keyrings of dictations, lab reports and health record links (item-keyring.ts), the patients and the audit
 * trail's key and pseudonyms (sealed-document.ts), in `<data folder>/keys/`.
 */
import { chmodSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { DataProtection } from '../../contract/ipc';
import { KEYS_FOLDER } from './data-format';
import { ItemKeyring, KeyringUnreadable } from './item-keyring';
import { openMasterKey } from './master-key';
import { DocumentUnreadable, SealedDocument } from './sealed-document';
import type { OsEncryption } from './os-keyring';

/** The audit trail's sealed keys, in `keys/`. */
export const AUDIT_KEYS_FILE = 'audit.sealed';

export type KeysOrProblem = ItemKeyring | { problem: string };
export type DocumentOrProblem = SealedDocument | { problem: string };

export interface DataKeys {
  protection: DataProtection;
  dictations: KeysOrProblem;
  labReports: KeysOrProblem;
  /** The links of visits to patients' health records (main/health-record/link-store.ts). */
  healthRecord: KeysOrProblem;
  /** The patients (patient-store.ts), sealed with the master key like the keyrings, moved with them. */
  patients: DocumentOrProblem;
  /** The audit trail's key and the patients' pseudonyms (audit/trail-keys.ts), likewise. */
  audit: DocumentOrProblem;
}

export function openDataKeys(options: { userData: string; encryption: OsEncryption; platform: NodeJS.Platform; requireKeyring: boolean | 'broken-policy' }): DataKeys {
  const folder = join(options.userData, KEYS_FOLDER);
  // Readable by its user only; a folder made by an earlier version with the default mode is narrowed too.
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  if (options.platform !== 'win32') chmodSync(folder, 0o700);
  const master = openMasterKey({ file: join(folder, 'master.json'), encryption: options.encryption, platform: options.platform, requireKeyring: options.requireKeyring });
  if (!master.key) {
    const problem = { problem: master.protection.problem ?? 'The recordings on this computer cannot be opened.' };
    return { protection: master.protection, dictations: problem, labReports: problem, healthRecord: problem, patients: problem, audit: problem };
  }
  let problem: string | null = null;
  const open = (name: string): KeysOrProblem => {
    try {
      return new ItemKeyring(join(folder, name), master.key, master.move?.previousKey ?? null);
    } catch (error) {
      if (!(error instanceof KeyringUnreadable)) throw error;
      problem = error.message;
      return { problem: error.message };
    }
  };
  const dictations = open('dictations.sealed');
  // The lab reports' keyring keeps its first file name, `records.sealed` (no migration).
  const labReports = open('records.sealed');
  const healthRecord = open('health-record.sealed');
  let patients: DocumentOrProblem;
  try {
    patients = new SealedDocument(join(folder, 'patients.sealed'), master.key, master.move?.previousKey ?? null, 'patients kept');
  } catch (error) {
    if (!(error instanceof DocumentUnreadable)) throw error;
    problem ??= error.message;
    patients = { problem: error.message };
  }
  // A trail that cannot be opened stops the trail (Settings says so), never the recording.
  let audit: DocumentOrProblem;
  try {
    audit = new SealedDocument(join(folder, AUDIT_KEYS_FILE), master.key, master.move?.previousKey ?? null, 'audit trail keys');
  } catch (error) {
    if (!(error instanceof DocumentUnreadable)) throw error;
    audit = { problem: error.message };
  }
  // The keyrings and the patients are sealed by the new master key now; only then is the old one destroyed.
  if (master.move && problem === null) master.move.complete();
  return { protection: { ...master.protection, problem: problem ?? master.protection.problem }, dictations, labReports, healthRecord, patients, audit };
}
