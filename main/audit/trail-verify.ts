/**
 * Verifies the whole trail, as `--audit-verify` does: every line opens with the trail's key
 * (nothing changed in it), and every entry follows the one before it by number and
 * fingerprint (nothing taken out, moved, or put back from elsewhere). What a crash or a full
 * disk cut off is accepted where the next start named it (or at the very end, before any
 * start could); files removed by retention where the trail says so. Anything else is named:
 * the first entry that does not verify. With the verification key, every line's tag is
 * checked against its hour's key (trail-tags.ts); with checkpoints (given, or read from the
 * system log), the trail must hold each entry they name (checkpoint-match.ts). Never writes.
 * Pure apart from reading the files.
 */
import type { AuditEntry } from './audit-entry';
import type { FoundCheckpoint } from './checkpoint';
import { CheckpointMatch, type CheckpointOutcome } from './checkpoint-match';
import { readTrail } from './trail-reading';
import { trailFiles } from './trail-files';
import { fingerprint, splitLine } from './trail-record';
import { TagChecker, type VerificationKey } from './trail-tags';

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
  /** Entries with a tag, and whether the tags were checked (a verification key given). */
  tags: { tagged: number; checked: boolean };
  /** The checkpoints checked, and what they find missing or replaced (each a sentence). */
  checkpoints: CheckpointOutcome;
}

export interface VerifyOptions {
  /** The verification key (checked to be this trail's by the caller): every tag is checked. */
  verificationKey?: VerificationKey | null;
  /** Checkpoints given (`--expect`) and read from the system log, and this trail's id (null: keys of an earlier version). */
  checkpoints?: FoundCheckpoint[];
  trail?: string | null;
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
  tags: TagWalk;
  checkpoints: CheckpointMatch;
}

/** What the walk knows of tags: the checker (with a verification key), and whether a tagged line was met. */
interface TagWalk {
  checker: TagChecker | null;
  seenTagged: boolean;
}

/** A line's tag: checked with its hour's key, and never missing after a tagged line. */
function checkTag(walk: Walk, bytes: Buffer, entry: AuditEntry, place: EntryPlace): void {
  const parts = splitLine(bytes);
  if (!parts) return;
  const { tags, report } = walk;
  if (parts.tag === null) {
    if (tags.seenTagged) report.problems.push({ ...place, what: 'it has no tag, though the entries before it have: it was written again without the hour\u2019s key' });
    return;
  }
  tags.seenTagged = true;
  report.tags.tagged += 1;
  const check = tags.checker?.check(parts.tag.period, parts.body, parts.tag.tag, Date.parse(entry.at)) ?? 'verifies';
  if (check === 'other-hour') report.problems.push({ ...place, what: `its tag is of hour ${parts.tag.period}, not the hour its time gives: it was written again with a later hour\u2019s key` });
  if (check === 'does-not-verify') report.problems.push({ ...place, what: `its tag does not verify with the verification key: it was written again after its hour (${parts.tag.period}) ended` });
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
  // A start that found the trail behind its last checkpoint, or its files gone, says so in a break naming no file.
  if (entry.action === 'trail-break' && !entry.detail.file && entry.detail.found) report.notes.push(`Entry ${entry.seq} says the trail began again: ${entry.detail.found}.`);
  if (entry.action === 'system-log-refused' && !report.notes.some((note) => note.startsWith('The system log refused'))) {
    report.notes.push(`The system log refused checkpoints from ${entry.at} (entry ${entry.seq}: ${entry.detail.found ?? 'no reason given'}); they were kept in the data folder only.`);
  }
  walk.checkpoints.meet(entry.seq, hash);
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
  if (removal) {
    walk.report.notes.push(`Entries up to number ${before.seq} were removed by retention on ${removal.at} (their time had passed).`);
    walk.checkpoints.removedUpTo(before.seq);
  }
  else walk.report.problems.unshift({ ...before.place, seq: before.seq + 1, what: `the trail begins here, and the ${before.seq} entr${before.seq === 1 ? 'y' : 'ies'} before it are missing (no retention removed them)` });
}

export function verifyTrail(folder: string, key: Uint8Array, options: VerifyOptions = {}): VerifyReport {
  const files = trailFiles(folder);
  const report: VerifyReport = {
    files: files.length,
    entries: 0,
    first: null,
    last: null,
    lastHash: null,
    problems: [],
    notes: [],
    newer: null,
    tags: { tagged: 0, checked: Boolean(options.verificationKey) },
    checkpoints: { checked: 0, sources: {}, held: null, problems: [] },
  };
  const walk: Walk = {
    report,
    previous: null,
    cutIn: null,
    removedBefore: null,
    removals: [],
    tags: { checker: options.verificationKey ? new TagChecker(options.verificationKey) : null, seenTagged: false },
    checkpoints: new CheckpointMatch(options.checkpoints ?? [], options.trail ?? null),
  };
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
    checkTag(walk, item.bytes, read.entry, { ...place, seq: read.entry.seq });
    checkEntry(walk, read.entry, place, hash);
  }
  checkStart(walk);
  report.checkpoints = walk.checkpoints.outcome(report.last?.seq ?? 0);
  return report;
}
