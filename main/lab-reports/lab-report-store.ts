/**
 * Lab reports on disk: `records/<id>/` (the folder's name from before they were called lab
 * reports, kept: no migration) with the manifest, a copy of the file as queued
 * (`document.sealed`) and, once the service has read it, the parsed report
 * (`report.sealed`), both encrypted with the report's key; its file name (it may name the
 * patient) is kept with the key (item-keyring.ts), not in the manifest.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { LAB_REPORT_STATES, LAB_REPORT_TASKS, type LabReportKind, type LabReportSummary, type LabReportTask } from '../../contract/lab-reports';
import { wholeSealedFileSource, type UploadSource } from '../api/upload-source';
import { isoNow, type Clock } from '../core/clock';
import type { ItemKeyring } from '../storage/item-keyring';
import { KeyedFolderStore } from '../storage/keyed-folder-store';
import { writeFileAtomic } from '../storage/atomic-file';
import { SealedFileWriter, openSealedBytes, sealBytes, sealClearFile } from '../storage/sealed-file';
import { labReportSchema, type LabReport } from './lab-report';
import { CONTENT_TYPES } from './lab-report-file-check';

export const labReportManifestSchema = z.object({
  version: z.literal(1),
  id: z.uuid(),
  /** The patient or visit; kept with the key, like the file name, never in the manifest on disk. */
  label: z.string().default(''),
  /** The patient chosen for it; kept with the key, like the label, never in the manifest on disk. */
  patientId: z.string().nullable().default(null),
  fileName: z.string(),
  size: z.number().int().min(0),
  kind: z.enum(['pdf', 'jpeg', 'png']),
  tasks: z.array(z.enum(LAB_REPORT_TASKS)).min(1),
  batch: z.boolean(),
  createdAt: z.string(),
  // `uploaded`: an earlier version's "sent", now read back like any other.
  state: z.preprocess((state) => (state === 'uploaded' ? 'reading' : state), z.enum(LAB_REPORT_STATES)),
  documentId: z.string().nullable().default(null),
  encrypted: z.boolean().default(false),
  /** Sent to the built-in sandbox (set at each upload): its result is test data. */
  testData: z.boolean().default(false),
  problem: z.string().nullable().default(null),
  /** The problem as the manifest on disk keeps it: sealed with the item's key (keyed-folder-store.ts). */
  sealedProblem: z.string().nullable().default(null),
  attempts: z.number().int().min(0).default(0),
  nextAttemptAt: z.string().nullable().default(null),
  uploadedAt: z.string().nullable().default(null),
  finishedAt: z.string().nullable().default(null),
  /** When the doctor marked its values reviewed. */
  reviewedAt: z.string().nullable().default(null),
});
export type LabReportManifest = z.infer<typeof labReportManifestSchema>;

const EXTENSIONS: Record<LabReportKind, string> = { pdf: 'pdf', jpeg: 'jpg', png: 'png' };
const DOCUMENT = 'document.sealed';
const REPORT = 'report.sealed';
/** A stored report larger than this is not read (the FHIR bundle is bounded at 1 MB). */
const MAX_REPORT_FILE_BYTES = 8 * 1024 * 1024;

/** Before the patient's label, a report's keyring entry held its file name alone; now both, after a character no file name has. */
const NAMES_MARK = '\u0000';

function keptNames(manifest: Pick<LabReportManifest, 'fileName' | 'label'>): string {
  return manifest.label === '' ? manifest.fileName : `${NAMES_MARK}${JSON.stringify({ file: manifest.fileName, label: manifest.label })}`;
}

function namesOf(kept: string): { fileName: string; label: string } {
  if (!kept.startsWith(NAMES_MARK)) return { fileName: kept, label: '' };
  try {
    const names = JSON.parse(kept.slice(1)) as { file?: unknown; label?: unknown };
    return { fileName: typeof names.file === 'string' ? names.file : '', label: typeof names.label === 'string' ? names.label : '' };
  } catch {
    return { fileName: '', label: '' };
  }
}

export function labReportSummaryOf(manifest: LabReportManifest, uploadProgress: number | null): LabReportSummary {
  const { version: _version, attempts: _attempts, ...summary } = manifest;
  return { ...summary, uploadProgress };
}

export class LabReportStore extends KeyedFolderStore<LabReportManifest> {
  /** `keys`: the keyring, or why it cannot be opened (then nothing can be queued or sent). */
  /** `clock`: when a report was queued. */
  constructor(
    root: string,
    keys: ItemKeyring | { problem: string },
    private readonly clock: Pick<Clock, 'now'>,
  ) {
    super(root, labReportManifestSchema, keys, (manifest) =>
      manifest.fileName !== '' || manifest.label !== '' || manifest.patientId !== null ? { ...manifest, fileName: '', label: '', patientId: null } : manifest,
    );
  }

  private keyOf(id: string): Buffer {
    return this.itemKeys(id, 'The key of this document is missing, so its copy cannot be read.').key;
  }

  /** The queued copy, decrypted as it is sent. */
  documentSource(manifest: LabReportManifest): UploadSource {
    const path = join(this.folderOf(manifest.id), DOCUMENT);
    const damaged = 'The copy of this document kept for sending is damaged on the disk. Delete it and add the file again.';
    return wholeSealedFileSource(path, this.keyOf(manifest.id), manifest.fileName || `document.${EXTENSIONS[manifest.kind]}`, CONTENT_TYPES[manifest.kind], damaged);
  }

  /**
   * An upload cut off by a crash goes back to the queue. A file name found in a manifest, or
   * a copy in clear (an earlier version), is moved into the keyring or encrypted.
   */
  load(): { loaded: number; unreadable: number } {
    const { loaded, unreadable, folders } = this.readAll();
    const keyring = this.keyring;
    if (!keyring) return { loaded: loaded.length, unreadable };
    keyring.forgetAllBut(folders);
    keyring.batch(() => {
      for (const manifest of loaded) {
        if (!keyring.has(manifest.id)) keyring.create(manifest.id, keptNames(manifest), false);
        else if (manifest.fileName !== '') keyring.setLabel(manifest.id, keptNames(manifest));
      }
    });
    for (const manifest of loaded) {
      this.reveal(keyring, manifest);
      if (manifest.state === 'uploading') this.update(manifest.id, { state: 'queued' });
    }
    this.sealClearProblems();
    return { loaded: loaded.length, unreadable };
  }

  private reveal(keyring: ItemKeyring, manifest: LabReportManifest): void {
    const { key } = keyring.keysOf(manifest.id)!;
    const clear = join(this.folderOf(manifest.id), `document.${EXTENSIONS[manifest.kind]}`);
    if (existsSync(clear)) sealClearFile(clear, join(this.folderOf(manifest.id), DOCUMENT), key);
    if (manifest.fileName !== '') {
      this.update(manifest.id, {});
    } else {
      this.remember({ ...manifest, ...namesOf(keyring.labelOf(manifest.id)), patientId: keyring.patientOf(manifest.id) });
    }
  }

  /** Keeps the parsed report, encrypted with the lab report's key (replaced whole, atomically). */
  saveReport(id: string, report: LabReport): void {
    writeFileAtomic(join(this.folderOf(id), REPORT), sealBytes(this.keyOf(id), Buffer.from(JSON.stringify(labReportSchema.parse(report)), 'utf8')));
  }

  /** The parsed report, checked; null when there is none; a file that cannot be read is a readable problem. */
  readReport(id: string): { ok: true; report: LabReport } | { ok: false; problem: string } | null {
    const path = join(this.folderOf(id), REPORT);
    if (!existsSync(path)) return null;
    try {
      if (statSync(path).size > MAX_REPORT_FILE_BYTES) return { ok: false, problem: 'The saved report is too large to read.' };
      const parsed = labReportSchema.safeParse(JSON.parse(openSealedBytes(this.keyOf(id), readFileSync(path)).toString('utf8')));
      return parsed.success ? { ok: true, report: parsed.data } : { ok: false, problem: 'The saved report has an unexpected shape and cannot be shown.' };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException | null)?.code;
      return { ok: false, problem: code ? `The saved report could not be read from the disk (${code}).` : `The saved report could not be read. ${(error as Error).message}` };
    }
  }

  /** Forgets a parsed report (the document is sent again). */
  dropReport(id: string): void {
    rmSync(join(this.folderOf(id), REPORT), { force: true });
  }

  /** Destroys the report's key first: any copy of its files left anywhere is then unreadable. */
  override delete(id: string): void {
    this.keyring?.forget(id);
    super.delete(id);
  }

  /** Ids of the lab reports for a patient. */
  idsForPatient(patientId: string): string[] {
    return this.list()
      .filter((manifest) => manifest.patientId === patientId)
      .map((manifest) => manifest.id);
  }

  /** Keeps a copy of the file, so the queue survives the original being moved or the app restarting. */
  enqueue(input: { fileName: string; label?: string; patientId?: string | null; kind: LabReportKind; bytes: Uint8Array; tasks: LabReportTask[]; batch: boolean }): LabReportManifest {
    const manifest = labReportManifestSchema.parse({
      version: 1,
      id: randomUUID(),
      label: input.label ?? '',
      patientId: input.patientId ?? null,
      fileName: input.fileName,
      size: input.bytes.length,
      kind: input.kind,
      tasks: input.tasks,
      batch: input.batch,
      createdAt: isoNow(this.clock),
      state: 'queued',
    });
    const keyring = this.openKeyring();
    const { key } = keyring.create(manifest.id, keptNames(manifest), false, manifest.patientId);
    mkdirSync(this.folderOf(manifest.id), { recursive: true, mode: 0o700 });
    const writer = SealedFileWriter.create(join(this.folderOf(manifest.id), DOCUMENT), key, { partial: true });
    try {
      writer.append(input.bytes);
      writer.finish();
    } catch (error) {
      writer.abandon();
      keyring.forget(manifest.id);
      throw error;
    }
    return this.add(manifest);
  }
}
