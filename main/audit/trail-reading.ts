/**
 * The trail read back, line by line in the order it was written, each line opened with the
 * trail's key and checked for form: what verify, export and the recent activity all read.
 * Plain Node; never writes.
 */
import { join } from 'node:path';
import { readEntry, type ReadEntry } from './audit-entry';
import { readTrailFile, trailFiles, type TrailFile } from './trail-files';
import { openLine } from './trail-record';

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
