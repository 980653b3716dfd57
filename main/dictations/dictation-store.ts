/**
 * Dictations on disk: one folder each (`dictations/<id>/`) with an atomically written
 * manifest, the recording (`audio.wav`), the upload copy (`upload.mp3` or the WAV itself)
 * and the result (`result.json`). One damaged folder never hides the others.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { DictationMode } from '../../contract/dictation';
import type { TranscriptionResult } from '../../contract/transcription';
import { repairWav } from '../audio/wav-file';
import { writeFileAtomic } from '../storage/atomic-file';
import { manifestSchema, type DictationManifest } from './dictation-manifest';

const MANIFEST = 'manifest.json';
const RESULT = 'result.json';
export const AUDIO_FILE = 'audio.wav';

export interface LoadReport {
  loaded: number;
  recovered: number;
  unreadable: number;
}

export type ManifestPatch = Partial<Omit<DictationManifest, 'version' | 'id' | 'createdAt'>>;

export class DictationStore {
  private readonly manifests = new Map<string, DictationManifest>();
  private readonly changeListeners = new Set<(manifest: DictationManifest) => void>();
  private readonly removeListeners = new Set<(id: string) => void>();

  constructor(
    private readonly root: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    mkdirSync(root, { recursive: true });
  }

  folderOf(id: string): string {
    return join(this.root, id);
  }

  audioPath(id: string): string {
    return join(this.folderOf(id), AUDIO_FILE);
  }

  /**
   * Reads every folder. A recording interrupted by a crash is repaired and kept as
   * recovered; an upload interrupted by one is sent again under the same txn id.
   * Synchronous on purpose: it runs once before the window opens, and reading thousands of
   * small files is several times faster this way than through the thread pool.
   */
  load(): LoadReport {
    const report: LoadReport = { loaded: 0, recovered: 0, unreadable: 0 };
    const folders = readdirSync(this.root, { withFileTypes: true }).filter((entry) => entry.isDirectory());
    for (const folder of folders) {
      let manifest: DictationManifest;
      try {
        manifest = manifestSchema.parse(JSON.parse(readFileSync(join(this.root, folder.name, MANIFEST), 'utf8')));
      } catch {
        report.unreadable += 1;
        continue;
      }
      this.manifests.set(manifest.id, manifest);
      report.loaded += 1;
      if (manifest.state === 'recording') {
        this.recover(manifest);
        report.recovered += 1;
      } else if (manifest.state === 'uploading') {
        this.update(manifest.id, { state: 'recorded' });
      }
    }
    return report;
  }

  private recover(manifest: DictationManifest): void {
    let durationMs = 0;
    try {
      durationMs = repairWav(this.audioPath(manifest.id))?.durationMs ?? 0;
    } catch {
      durationMs = 0;
    }
    this.update(
      manifest.id,
      durationMs > 0
        ? { state: 'recorded', recovered: true, durationMs, problem: 'Recovered after the app closed unexpectedly during recording.' }
        : { state: 'failed', recovered: true, durationMs: 0, problem: 'The app closed before any sound was saved; there is nothing to send.' },
    );
  }

  create(input: { mode: DictationMode; label: string }): DictationManifest {
    const id = randomUUID();
    mkdirSync(this.folderOf(id), { recursive: true, mode: 0o700 });
    const manifest = manifestSchema.parse({
      version: 1,
      id,
      txnId: randomUUID(),
      createdAt: this.now().toISOString(),
      label: input.label,
      mode: input.mode,
      state: 'recording',
      durationMs: 0,
    });
    this.write(manifest);
    return manifest;
  }

  get(id: string): DictationManifest | undefined {
    return this.manifests.get(id);
  }

  /** Newest first. */
  list(): DictationManifest[] {
    return [...this.manifests.values()].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
  }

  update(id: string, patch: ManifestPatch): DictationManifest {
    const current = this.manifests.get(id);
    if (!current) throw new Error(`No dictation ${id}.`);
    const next = manifestSchema.parse({ ...current, ...patch });
    this.write(next);
    return next;
  }

  saveResult(id: string, result: TranscriptionResult): void {
    writeFileAtomic(join(this.folderOf(id), RESULT), JSON.stringify(result));
  }

  readResult(id: string): TranscriptionResult | null {
    const path = join(this.folderOf(id), RESULT);
    if (!existsSync(path)) return null;
    try {
      return z.custom<TranscriptionResult>((value) => typeof value === 'object' && value !== null && 'state' in value).parse(JSON.parse(readFileSync(path, 'utf8')));
    } catch {
      return null;
    }
  }

  delete(id: string): void {
    rmSync(this.folderOf(id), { recursive: true, force: true });
    if (this.manifests.delete(id)) for (const listener of this.removeListeners) listener(id);
  }

  onChange(listener: (manifest: DictationManifest) => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  onRemove(listener: (id: string) => void): () => void {
    this.removeListeners.add(listener);
    return () => this.removeListeners.delete(listener);
  }

  private write(manifest: DictationManifest): void {
    writeFileAtomic(join(this.folderOf(manifest.id), MANIFEST), JSON.stringify(manifest, null, 1));
    this.manifests.set(manifest.id, manifest);
    for (const listener of this.changeListeners) listener(manifest);
  }
}
