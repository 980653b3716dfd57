/**
 * Verifies the whole trail, as `--audit-verify` does: every line opens with the trail's key
 * (nothing changed in it), and every entry follows the one before it by number and
 * fingerprint (nothing taken out, moved, or put back from elsewhere). What a crash or a full
 * disk cut off is accepted where the next start named it (or at the very end, before any
 * start could); files removed by retention where the trail says so. Anything else is named:
 * the first entry that does not verify. Never writes. Pure apart from reading the files.
 */
import type { AuditEntry } from './audit-entry';
import { readTrail } from './trail-reading';
import { trailFiles } from './trail-files';
import { fingerprint } from './trail-record';

/** Where an entry is, for a person: its number and place. */
export interface EntryPlace {
  /** Its number in the trail: read from it, or the one it should have had. */
  seq: number | null;
  file: string;
  line: number;
}

export interface VerifyProblem extends EntryPlace {
  what: string;
}

export interface VerifyReport {
  files: number;
  /** Entries that verify. */
  entries: number;
  first: AuditEntry | null;
  last: AuditEntry | null;
  /** The last entry's fingerprint, to compare with a later check (what nothing in the folder can vouch for: its end). */
  lastHash: string | null;
  /** Everything that does not verify, in order: the first is the one to name. */
  problems: VerifyProblem[];
  /** What was cut off and named, and what retention removed: not problems, said. */
  notes: string[];
  /** Set when an entry was written by a newer version: nothing else is said. */
  newer: { file: string; version: number } | null;
}

interface Previous {
  seq: number;
  hash: string;
  /** The line did not open: what follows it is not checked against it. */
  unknown: boolean;
}

/** What the walk keeps between lines. */
interface Walk {
  report: VerifyReport;
  previous: Previous | null;
  /** A file that ended with an entry cut off: the next file's first entry must name it. */
  cutIn: string | null;
  /** The first entry of the trail names one before it: retention must have removed that. */
  removedBefore: { seq: number; hash: string; place: Omit<EntryPlace, 'seq'> } | null;
  removals: AuditEntry[];
}

function chainProblem(entry: AuditEntry, previous: Previous): string | null {
  if (entry.prev === previous.hash && entry.seq === previous.seq + 1) return null;
  if (entry.seq > previous.seq + 1 && entry.prev !== previous.hash) {
    const missing = entry.seq - previous.seq - 1;
    return `${missing} entr${missing === 1 ? 'y is' : 'ies are'} missing before it (numbers ${previous.seq + 1}${missing > 1 ? `\u2013${entry.seq - 1}` : ''})`;
  }
  return 'it does not follow the entry before it: an entry was taken out, moved or replaced';
}

function checkEntry(walk: Walk, entry: AuditEntry, place: Omit<EntryPlace, 'seq'>, hash: string): void {
  const { report, previous } = walk;
  if (walk.cutIn !== null) {
    const named = entry.action === 'trail-break' && (entry.detail.file ?? '').split(' ').includes(walk.cutIn);
    if (named) report.notes.push(`${walk.cutIn} ends with an entry cut off while it was written (a crash or a full disk); entry ${entry.seq} names it.`);
    else report.problems.push({ ...place, seq: entry.seq, what: `${walk.cutIn}, before it, ends with an entry cut off, and no entry names that (the file was cut short)` });
    walk.cutIn = null;
  }
  if (previous === null) {
    if (entry.prev !== null) walk.removedBefore = { seq: entry.seq - 1, hash: entry.prev, place };
  } else if (!previous.unknown) {
    const problem = chainProblem(entry, previous);
    if (problem) report.problems.push({ ...place, seq: entry.seq, what: problem });
  }
  if (entry.action === 'trail-removed') walk.removals.push(entry);
  report.entries += 1;
  report.first ??= entry;
  report.last = entry;
  report.lastHash = hash;
  walk.previous = { seq: entry.seq, hash, unknown: false };
}

/** The first entry names one before it: removed by retention (the trail says so), or missing. */
function checkStart(walk: Walk): void {
  const before = walk.removedBefore;
  if (!before) return;
  const removal = walk.removals.find((entry) => entry.detail.seq === before.seq && entry.detail.hash === before.hash);
  if (removal) walk.report.notes.push(`Entries up to number ${before.seq} were removed by retention on ${removal.at} (their time had passed).`);
  else walk.report.problems.unshift({ ...before.place, seq: before.seq + 1, what: `the trail begins here, and the ${before.seq} entr${before.seq === 1 ? 'y' : 'ies'} before it are missing (no retention removed them)` });
}

export function verifyTrail(folder: string, key: Uint8Array): VerifyReport {
  const files = trailFiles(folder);
  const report: VerifyReport = { files: files.length, entries: 0, first: null, last: null, lastHash: null, problems: [], notes: [], newer: null };
  const walk: Walk = { report, previous: null, cutIn: null, removedBefore: null, removals: [] };
  for (const item of readTrail(folder, key, files)) {
    if (item.kind === 'file-end') {
      if (item.tornBytes === 0) continue;
      if (item.last) report.notes.push(`${item.file.name} ends with an entry cut off while it was written (a crash or a full disk); the next start names it.`);
      else walk.cutIn = item.file.name;
      continue;
    }
    const place = { file: item.file.name, line: item.line };
    const { read } = item;
    const hash = fingerprint(item.bytes);
    if (read.kind === 'newer') {
      report.newer = { file: item.file.name, version: read.version };
      return report;
    }
    if (read.kind === 'malformed') {
      const seq = walk.previous ? walk.previous.seq + 1 : null;
      report.problems.push({ ...place, seq, what: 'it was changed or damaged, or sealed with another key' });
      walk.previous = { seq: seq ?? 0, hash, unknown: true };
      continue;
    }
    checkEntry(walk, read.entry, place, hash);
  }
  checkStart(walk);
  return report;
}
