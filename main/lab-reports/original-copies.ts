/**
 * A lab report's original file, opened in the computer's own viewer so the doctor can check a
 * value against it. The app keeps the file encrypted; to be viewed it is decrypted into a new
 * folder only this user can open (a random name in the temporary folder), and removed a few
 * minutes later, when the app quits, or at the next start, whichever comes first. A copy a
 * viewer still holds open (Windows refuses to delete it) is tried again at each of those.
 * The copy is named for what it is and when it was added, never after the original file
 * (often the patient's name), since viewers keep the names of what they opened; the
 * thumbnails a Linux desktop made of it go with it. Plain Node: the viewer is passed in.
 */
import { createHash } from 'node:crypto';
import { lstatSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { exportStem } from '../../contract/export-name';
import type { LabReportKind } from '../../contract/lab-reports';
import type { UploadSource } from '../api/upload-source';
import type { Clock, ClockTimer } from '../core/clock';

export const REMOVE_AFTER_MINUTES = 5;
const PREFIX = 'scribe-desk-original-';

/** The extension of each kind a file's content was checked to be, so that the right viewer opens it. */
const EXTENSIONS: Record<LabReportKind, string> = { pdf: '.pdf', jpeg: '.jpg', png: '.png' };

/**
 * The copy's name: what it is and when it was added, in this computer's time
 * (`lab-report-2026-11-25-1135.pdf`). Nothing of the original file's name, which viewers keep
 * in their recent-file lists long after the copy is gone.
 */
export function originalCopyName(kind: LabReportKind, createdAt: string): string {
  return `${exportStem('', createdAt, 'lab-report')}${EXTENSIONS[kind]}`;
}

/**
 * Where a Linux desktop keeps the thumbnails it makes of files (the freedesktop.org thumbnail
 * specification: `$XDG_CACHE_HOME/thumbnails`, else `~/.cache/thumbnails`); none elsewhere.
 */
export function thumbnailCacheOf(platform: NodeJS.Platform, env: NodeJS.ProcessEnv, home: string): string | null {
  if (platform === 'win32' || platform === 'darwin') return null;
  const cache = env.XDG_CACHE_HOME && env.XDG_CACHE_HOME.startsWith('/') ? env.XDG_CACHE_HOME : join(home, '.cache');
  return join(cache, 'thumbnails');
}

/** The thumbnails of `file` under `cache`, at every size and the failures of every program (each named by the MD5 of the file's URI). */
function thumbnailsOf(cache: string, file: string): string[] {
  const name = `${createHash('md5').update(pathToFileURL(file).href).digest('hex')}.png`;
  const failed = safeList(join(cache, 'fail')).map((program) => join('fail', program));
  return ['normal', 'large', 'x-large', 'xx-large', ...failed].map((size) => join(cache, size, name));
}

export class OriginalCopies {
  private readonly folders = new Set<string>();
  private readonly timers = new Map<string, ClockTimer>();

  /** `clock`: the removal's timers; `thumbnailCache`: where the desktop keeps thumbnails of files (thumbnailCacheOf), or null. */
  constructor(
    private readonly temporaryRoot: string,
    private readonly openInViewer: (path: string) => Promise<string>,
    private readonly clock: Pick<Clock, 'setTimeout' | 'clearTimeout'>,
    private readonly thumbnailCache: string | null = null,
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
        this.removeCopy(path);
        removed += 1;
      } catch {
        // Still open in a viewer: the next start tries again.
      }
    }
    return removed;
  }

  /**
   * Decrypts the file into a new private folder under `fileName` (originalCopyName) and opens it;
   * throws a message for the user. `kindName`: what the file is, as a person names it ("PDF
   * document"), said when no program opens it.
   */
  async open(source: UploadSource, fileName: string, kindName = 'file'): Promise<void> {
    const folder = mkdtempSync(join(this.temporaryRoot, PREFIX));
    this.folders.add(folder);
    this.timers.set(
      folder,
      this.clock.setTimeout(() => this.remove(folder), this.removeAfterMs),
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
    this.clock.clearTimeout(this.timers.get(folder) ?? null);
    this.timers.delete(folder);
    try {
      this.removeCopy(folder);
      this.folders.delete(folder);
    } catch {
      // Held open by a viewer: tried again on quit and at the next start.
    }
  }

  /** The copy's folder, and the thumbnails the desktop made of what it holds. */
  private removeCopy(folder: string): void {
    if (this.thumbnailCache) {
      for (const name of safeList(folder)) for (const thumbnail of thumbnailsOf(this.thumbnailCache, join(folder, name))) rmSync(thumbnail, { force: true });
    }
    rmSync(folder, { recursive: true, force: true });
  }
}

function safeList(folder: string): string[] {
  try {
    return readdirSync(folder);
  } catch {
    return [];
  }
}
