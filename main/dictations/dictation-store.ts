/**
 * Dictations on disk: one folder each (`dictations/<id>/`) with its manifest, the recording
 * (`audio.wav`), the upload copy (`upload.mp3`, when MP3 is chosen) and the result
 * (`result.json`).
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { DictationMode } from '../../contract/dictation';
import type { StoredResult, TranscriptionResult } from '../../contract/transcription';
import { partialPathOf } from '../audio/mp3-stream';
import { repairWav } from '../audio/wav-file';
import { writeFileAtomic } from '../storage/atomic-file';
import { FolderStore } from '../storage/folder-store';
import { manifestSchema, type DictationManifest } from './dictation-manifest';
import { MAX_RESULT_FILE_BYTES, parseStoredResult } from './stored-result';

const RESULT = 'result.json';
export const AUDIO_FILE = 'audio.wav';
/** The compact copy uploaded when MP3 is chosen, written while recording. */
export const COMPACT_AUDIO_FILE = 'upload.mp3';

export interface LoadReport {
  loaded: number;
  /** Dictations whose recording was cut off by a crash and repaired. */
  recovered: string[];
  unreadable: number;
}

export type ManifestPatch = Partial<Omit<DictationManifest, 'version' | 'id' | 'createdAt'>>;

export class DictationStore extends FolderStore<DictationManifest> {
  constructor(
    root: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    super(root, manifestSchema);
  }

  audioPath(id: string): string {
    return join(this.folderOf(id), AUDIO_FILE);
  }

  compactAudioPath(id: string): string {
    return join(this.folderOf(id), COMPACT_AUDIO_FILE);
  }

  /** A folder for a new dictation, before its manifest exists (the recording can start at once). */
  newFolder(): string {
    const id = randomUUID();
    mkdirSync(this.folderOf(id), { recursive: true, mode: 0o700 });
    return id;
  }

  /**
   * Reads every dictation. A recording interrupted by a crash is repaired and kept as
   * recovered; an upload interrupted by one is sent again under the same txn id.
   */
  load(): LoadReport {
    const { loaded, unreadable } = this.readAll();
    const recovered: string[] = [];
    for (const manifest of loaded) {
      if (manifest.state === 'recording') {
        this.recover(manifest);
        recovered.push(manifest.id);
      } else if (manifest.state === 'uploading') {
        this.updateOrAmend(manifest.id, { state: 'recorded' });
      }
    }
    return { loaded: loaded.length, recovered, unreadable };
  }

  private recover(manifest: DictationManifest): void {
    // The compact copy was being written as well; it is made again from the repaired WAV.
    rmSync(partialPathOf(this.compactAudioPath(manifest.id)), { force: true });
    let durationMs = 0;
    try {
      durationMs = repairWav(this.audioPath(manifest.id))?.durationMs ?? 0;
    } catch {
      durationMs = 0;
    }
    this.updateOrAmend(
      manifest.id,
      durationMs > 0
        ? { state: 'recorded', recovered: true, durationMs, problem: 'Recovered after the app closed unexpectedly during recording.' }
        : { state: 'failed', recovered: true, durationMs: 0, problem: 'The app closed before any sound was saved; there is nothing to send.' },
    );
  }

  /**
   * Updates the manifest; when it cannot be written (a full disk) the change is kept in
   * memory, so the app goes on working, and the next start recovers the dictation from disk.
   */
  updateOrAmend(id: string, patch: ManifestPatch): DictationManifest {
    try {
      return this.update(id, patch);
    } catch {
      return this.amendInMemory(id, patch);
    }
  }

  create(input: { id?: string; mode: DictationMode; label: string }): DictationManifest {
    return this.add(
      manifestSchema.parse({
        version: 1,
        id: input.id ?? randomUUID(),
        txnId: randomUUID(),
        createdAt: this.now().toISOString(),
        label: input.label,
        mode: input.mode,
        state: 'recording',
        durationMs: 0,
      }),
    );
  }

  saveResult(id: string, result: TranscriptionResult): void {
    writeFileAtomic(join(this.folderOf(id), RESULT), JSON.stringify(result));
  }

  /** The stored result, checked (stored-result.ts); a file that cannot be read is a readable "could not be read". */
  readResult(id: string): StoredResult | null {
    const path = join(this.folderOf(id), RESULT);
    if (!existsSync(path)) return null;
    try {
      if (statSync(path).size > MAX_RESULT_FILE_BYTES) return { state: 'unreadable', problem: 'The saved result of this dictation is too large to read.' };
      return parseStoredResult(readFileSync(path, 'utf8'));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException | null)?.code ?? 'unknown error';
      return { state: 'unreadable', problem: `The saved result of this dictation could not be read from the disk (${code}).` };
    }
  }
}
