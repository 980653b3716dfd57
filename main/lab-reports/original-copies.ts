/**
 * A lab report's original file, opened in the computer's own viewer so the doctor can check a
 * value against it. The app keeps the file encrypted; to be viewed it is decrypted into a new
 * folder only this user can open (a random name in the temporary folder), and removed a few
 * minutes later, when the app quits, or at the next start, whichever comes first. A copy a
 * viewer still holds open (Windows refuses to delete it) is tried again at each of those.
 * Plain Node: the viewer is passed in.
 */
import { lstatSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import type { UploadSource } from '../api/upload-source';

export const REMOVE_AFTER_MINUTES = 5;
const PREFIX = 'scribe-desk-original-';

/**
 * A file name a viewer can show, with nothing that could reach outside its folder, ending in
 * the extension of its kind (`.pdf`, `.jpg`, `.png`) so that the right viewer opens it.
 */
export function viewerFileName(name: string, extension: string): string {
  const cleaned = [...name]
    .map((char) => (char.charCodeAt(0) < 0x20 || char === '\u007f' || '/\\:*?"<>|'.includes(char) ? '_' : char))
    .join('')
    .replace(/^[.\s]+/, '')
    .trim()
    .slice(0, 120);
  const base = cleaned === '' ? 'lab-report' : cleaned;
  const kinds = extension === '.jpg' ? ['.jpg', '.jpeg'] : [extension];
  return kinds.some((kind) => base.toLowerCase().endsWith(kind)) ? base : `${base}${extension}`;
}

export class OriginalCopies {
  private readonly folders = new Set<string>();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(
    private readonly temporaryRoot: string,
    private readonly openInViewer: (path: string) => Promise<string>,
    private readonly removeAfterMs = REMOVE_AFTER_MINUTES * 60_000,
  ) {}

  /** Copies left by an earlier run (a crash, or a viewer that held one open): only this user's. */
  sweep(): number {
    let removed = 0;
    const uid = process.getuid?.();
    for (const name of safeList(this.temporaryRoot)) {
      if (!name.startsWith(PREFIX)) continue;
      const path = join(this.temporaryRoot, name);
      try {
        const stat = lstatSync(path);
        if (!stat.isDirectory() || (uid !== undefined && stat.uid !== uid)) continue;
        rmSync(path, { recursive: true, force: true });
        removed += 1;
      } catch {
        // Still open in a viewer: the next start tries again.
      }
    }
    return removed;
  }

  /** Decrypts the file into a new private folder and opens it; throws a message for the user. */
  /** `kindName`: what the file is, as a person names it ("PDF document"), said when no program opens it. */
  async open(source: UploadSource, fileName: string, kindName = 'file'): Promise<void> {
    const folder = mkdtempSync(join(this.temporaryRoot, PREFIX));
    this.folders.add(folder);
    this.timers.set(
      folder,
      setTimeout(() => this.remove(folder), this.removeAfterMs),
    );
    const path = join(folder, fileName);
    const file = await open(path, 'wx', 0o600);
    try {
      for await (const chunk of source.open()) await file.write(chunk as Buffer);
    } finally {
      await file.close();
    }
    const problem = await this.openInViewer(path);
    if (problem) {
      this.remove(folder);
      throw new Error(`No program on this computer opened this ${kindName} (${problem}). Install a program that opens ${kindName}s, or ask your IT.`);
    }
  }

  /** Removes every copy made in this run (on quit). */
  removeAll(): void {
    for (const folder of [...this.folders]) this.remove(folder);
  }

  /** Copies still on disk. */
  count(): number {
    return this.folders.size;
  }

  private remove(folder: string): void {
    clearTimeout(this.timers.get(folder));
    this.timers.delete(folder);
    try {
      rmSync(folder, { recursive: true, force: true });
      this.folders.delete(folder);
    } catch {
      // Held open by a viewer: tried again on quit and at the next start.
    }
  }
}

function safeList(folder: string): string[] {
  try {
    return readdirSync(folder);
  } catch {
    return [];
  }
}
