/**
 * The trail read back, line by line in the order it was written, each line opened with the
 * trail's key and checked for form: what verify, export and the recent activity all read.
 * Plain Node; never writes.
 */
import { join } from 'node:path';
import { readEntry, type AuditEntry, type ReadEntry } from './audit-entry';
import { readTrailFile, trailFiles, type TrailFile } from './trail-files';
import { fingerprint, openLine } from './trail-record';

export interface ReadLine {
  file: TrailFile;
  /** Its number in the file, from 1. */
  line: number;
  bytes: Buffer;
  read: ReadEntry;
}

/** What comes out of a walk over the files: each line, and each file's end (with what is cut off there). */
export type TrailItem = ({ kind: 'line' } & ReadLine) | { kind: 'file-end'; file: TrailFile; tornBytes: number; last: boolean };

export function* readTrail(folder: string, key: Uint8Array, files: readonly TrailFile[] = trailFiles(folder)): Generator<TrailItem> {
  for (const [index, file] of files.entries()) {
    const content = readTrailFile(join(folder, file.name));
    for (const { line, bytes } of content.lines) yield { kind: 'line', file, line, bytes, read: readEntry(openLine(key, bytes)) };
    yield { kind: 'file-end', file, tornBytes: content.tornBytes, last: index === files.length - 1 };
  }
}

/** The trail's last entry that opens with the key, and its line's fingerprint (the newest files read first); null when none does. */
export function lastEntryOf(folder: string, key: Uint8Array): { entry: AuditEntry; hash: string } | null {
  for (const file of trailFiles(folder).reverse()) {
    const { lines } = readTrailFile(join(folder, file.name));
    for (let index = lines.length - 1; index >= 0; index -= 1) {
      const read = readEntry(openLine(key, lines[index]!.bytes));
      if (read.kind === 'entry') return { entry: read.entry, hash: fingerprint(lines[index]!.bytes) };
    }
  }
  return null;
}
