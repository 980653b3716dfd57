/** Lab reports on disk: `records/<id>/` with the manifest and a copy of the file as queued. */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { z } from 'zod';
import { RECORD_STATES, RECORD_TASKS, type RecordKind, type RecordSummary, type RecordTask } from '../../contract/records';
import { writeFileAtomic } from '../storage/atomic-file';
import { FolderStore } from '../storage/folder-store';

export const recordManifestSchema = z.object({
  version: z.literal(1),
  id: z.uuid(),
  fileName: z.string(),
  size: z.number().int().min(0),
  kind: z.enum(['pdf', 'jpeg', 'png']),
  tasks: z.array(z.enum(RECORD_TASKS)).min(1),
  batch: z.boolean(),
  createdAt: z.string(),
  state: z.enum(RECORD_STATES),
  documentId: z.string().nullable().default(null),
  encrypted: z.boolean().default(false),
  problem: z.string().nullable().default(null),
  attempts: z.number().int().min(0).default(0),
  nextAttemptAt: z.string().nullable().default(null),
});
export type RecordManifest = z.infer<typeof recordManifestSchema>;

const EXTENSIONS: Record<RecordKind, string> = { pdf: 'pdf', jpeg: 'jpg', png: 'png' };

export function recordSummaryOf(manifest: RecordManifest, uploadProgress: number | null): RecordSummary {
  const { version: _version, attempts: _attempts, ...summary } = manifest;
  return { ...summary, uploadProgress };
}

export class RecordStore extends FolderStore<RecordManifest> {
  constructor(root: string) {
    super(root, recordManifestSchema);
  }

  documentPath(manifest: Pick<RecordManifest, 'id' | 'kind'>): string {
    return join(this.folderOf(manifest.id), `document.${EXTENSIONS[manifest.kind]}`);
  }

  /** An upload cut off by a crash goes back to the queue. */
  load(): { loaded: number; unreadable: number } {
    const { loaded, unreadable } = this.readAll();
    for (const manifest of loaded) if (manifest.state === 'uploading') this.update(manifest.id, { state: 'queued' });
    return { loaded: loaded.length, unreadable };
  }

  /** Keeps a copy of the file, so the queue survives the original being moved or the app restarting. */
  enqueue(input: { fileName: string; kind: RecordKind; bytes: Uint8Array; tasks: RecordTask[]; batch: boolean }): RecordManifest {
    const manifest = recordManifestSchema.parse({
      version: 1,
      id: randomUUID(),
      fileName: input.fileName,
      size: input.bytes.length,
      kind: input.kind,
      tasks: input.tasks,
      batch: input.batch,
      createdAt: new Date().toISOString(),
      state: 'queued',
    });
    const folder = this.folderOf(manifest.id);
    writeFileAtomic(join(folder, `document.${EXTENSIONS[input.kind]}`), input.bytes);
    return this.add(manifest);
  }
}
