/**
 * The trail's files in `<data folder>/audit/`: one per month (UTC) as `audit-2026-08-1.trail`,
 * and a further one in the same month (`-2`, `-3`, …) when a chain had to start again after a
 * break (a file cut by a crash, a damaged entry, a full disk): the broken file is kept as it
 * was, for the administrator, and never written again. Lists them in the order they were
 * written, and reads a file's lines and what is cut off at its end. Plain Node.
 */
import { closeSync, fstatSync, openSync, readFileSync, readSync, readdirSync } from 'node:fs';
import { NEWLINE } from './trail-record';

export const TRAIL_FOLDER = 'audit';

const NAME = /^audit-(\d{4})-(\d{2})-([1-9]\d{0,5})\.trail$/;

export interface TrailFile {
  name: string;
  /** YYYY-MM, in UTC. */
  month: string;
  /** 1 for the month's first file, 2 after its first break, … */
  segment: number;
}

export function trailFileName(month: string, segment: number): string {
  return `audit-${month}-${segment}.trail`;
}

/** The month an entry of this moment goes in (UTC). */
export function monthOf(at: Date): string {
  return at.toISOString().slice(0, 7);
}

export function parseTrailFileName(name: string): TrailFile | null {
  const match = NAME.exec(name);
  if (!match) return null;
  const month = Number(match[2]);
  if (month < 1 || month > 12) return null;
  return { name, month: `${match[1]}-${match[2]}`, segment: Number(match[3]) };
}

/** The trail's files in the order they were written (none when the folder is not there). */
export function trailFiles(folder: string): TrailFile[] {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return names
    .map(parseTrailFileName)
    .filter((file): file is TrailFile => file !== null)
    .sort((a, b) => (a.month === b.month ? a.segment - b.segment : a.month < b.month ? -1 : 1));
}

/** A line as read: its bytes (no newline) and its number in the file, counted from 1. */
export interface TrailLine {
  line: number;
  bytes: Buffer;
}

export interface TrailFileContent {
  lines: TrailLine[];
  /** Bytes after the last newline: an entry cut off while it was written. */
  tornBytes: number;
}

function splitLines(bytes: Buffer, firstLine: number): TrailFileContent {
  const lines: TrailLine[] = [];
  let start = 0;
  for (let at = bytes.indexOf(NEWLINE); at !== -1; at = bytes.indexOf(NEWLINE, start)) {
    lines.push({ line: firstLine + lines.length, bytes: bytes.subarray(start, at) });
    start = at + 1;
  }
  return { lines, tornBytes: bytes.length - start };
}

/** Every line of a file (a month of a busy clinic is a few MB). */
export function readTrailFile(path: string): TrailFileContent {
  return splitLines(readFileSync(path), 1);
}

/** No line is longer: an entry is well under 2 KB. */
const TAIL_BYTES = 64 * 1024;

/**
 * The last whole lines of a file (at most those in its last 64 KB, numbered from the end: -1
 * is the last) and what is cut off after them, read without reading the whole file.
 */
export function readTrailTail(path: string): TrailFileContent & { size: number } {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    const from = Math.max(0, size - TAIL_BYTES);
    const bytes = Buffer.alloc(size - from);
    for (let read = 0; read < bytes.length; ) {
      const count = readSync(fd, bytes, read, bytes.length - read, from + read);
      if (count === 0) break;
      read += count;
    }
    // From the middle of a file, the first piece is part of a line: skipped.
    const firstBreak = from === 0 ? -1 : bytes.indexOf(NEWLINE);
    if (from > 0 && firstBreak === -1) return { lines: [], tornBytes: bytes.length, size };
    const content = splitLines(bytes.subarray(firstBreak + 1), 0);
    const count = content.lines.length;
    return { lines: content.lines.map((line, index) => ({ line: index - count, bytes: line.bytes })), tornBytes: content.tornBytes, size };
  } finally {
    closeSync(fd);
  }
}
