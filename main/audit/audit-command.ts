/**
 * The audit trail's command line: `--audit-verify [--expect=SEQ:HASH]… [--verify-key=KEY]
 * [--no-system-log]`, `--audit-checkpoint` and `--audit-export=<file> [--from=<date>]
 * [--to=<date>] [--format=jsonl|csv]` (with the usual `--user-data-dir`), read from the
 * arguments, and what each prints with the status it exits with (0: done, 1: not). A date is
 * a day (YYYY-MM-DD, in this computer's time zone; `--to` includes its whole day) or a moment
 * with its zone (2026-08-21T10:00:00+05:30). Pure.
 */
import { AUDIT_EXPORT_FORMATS, type AuditExportFormat } from '../../contract/audit';
import { isAbsolute, resolve } from 'node:path';
import type { AuditEntry } from './audit-entry';
import { checkpointText, parseExpected, type Checkpoint, type FoundCheckpoint } from './checkpoint';
import type { SystemLogRead } from './system-log-reading';
import type { ExportRange, ExportSummary } from './trail-export';
import { parseVerificationKey, type VerificationKey } from './trail-tags';
import type { VerifyReport } from './trail-verify';
import type { Handout } from './verification-handout';

export type AuditCommand =
  | { kind: 'verify'; expected: Checkpoint[]; verificationKey: VerificationKey | null; systemLog: boolean }
  | { kind: 'checkpoint' }
  | { kind: 'export'; file: string; format: AuditExportFormat; range: ExportRange; words: string }
  | { kind: 'refused'; message: string };

export interface CommandOutcome {
  text: string;
  code: 0 | 1;
}

/** Every value a switch was given, in order (`--expect=…` may come more than once). */
function valuesOf(argv: readonly string[], name: string): Array<string | null> {
  return argv.filter((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`)).map((arg) => (arg === `--${name}` ? null : arg.slice(name.length + 3)));
}

function switchOf(argv: readonly string[], name: string): { given: boolean; value: string | null } {
  let found: { given: boolean; value: string | null } = { given: false, value: null };
  for (const arg of argv) {
    if (arg === `--${name}`) found = { given: true, value: null };
    else if (arg.startsWith(`--${name}=`)) found = { given: true, value: arg.slice(name.length + 3) };
  }
  return found;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** A day's start (or, for `--to`, the next day's) in local time, or an exact moment; null when neither. */
export function parseDate(text: string, end: boolean): Date | null {
  const day = DAY.exec(text);
  if (day) {
    const [year, month, date] = [Number(day[1]), Number(day[2]) - 1, Number(day[3])];
    const start = new Date(year, month, date);
    if (start.getFullYear() !== year || start.getMonth() !== month || start.getDate() !== date) return null;
    return end ? new Date(year, month, date + 1) : start;
  }
  if (!MOMENT.test(text)) return null;
  const moment = new Date(text);
  if (Number.isNaN(moment.getTime())) return null;
  return end ? new Date(moment.getTime() + 1) : moment;
}

const DATE_FORM = 'a day (2026-08-21) or a moment with its time zone (2026-08-21T10:00:00+05:30)';

function exportCommand(argv: readonly string[], file: string | null, cwd: string): AuditCommand {
  if (!file) return { kind: 'refused', message: 'Give the file to write: --audit-export=<file>.' };
  const format = switchOf(argv, 'format').value ?? 'jsonl';
  if (!(AUDIT_EXPORT_FORMATS as readonly string[]).includes(format)) {
    return { kind: 'refused', message: `Unknown format "${format}": the formats are ${AUDIT_EXPORT_FORMATS.join(' and ')}.` };
  }
  const dates: Partial<Record<'from' | 'to', { text: string; at: Date }>> = {};
  for (const name of ['from', 'to'] as const) {
    const given = switchOf(argv, name);
    if (!given.given) continue;
    const at = given.value === null ? null : parseDate(given.value, name === 'to');
    if (at === null) return { kind: 'refused', message: `--${name} must be ${DATE_FORM}; "${given.value ?? ''}" is not.` };
    dates[name] = { text: given.value!, at };
  }
  if (dates.from && dates.to && dates.from.at >= dates.to.at) return { kind: 'refused', message: `--from (${dates.from.text}) is after --to (${dates.to.text}).` };
  const words = dates.from || dates.to ? `${dates.from ? ` from ${dates.from.text}` : ''}${dates.to ? ` to ${dates.to.text}` : ''}`.trim() : 'of the whole trail';
  return {
    kind: 'export',
    file: isAbsolute(file) ? file : resolve(cwd, file),
    format: format as AuditExportFormat,
    range: { from: dates.from?.at ?? null, to: dates.to?.at ?? null },
    words,
  };
}

function verifyCommand(argv: readonly string[]): AuditCommand {
  const expected: Checkpoint[] = [];
  for (const value of valuesOf(argv, 'expect')) {
    const point = value === null ? null : parseExpected(value);
    if (!point) return { kind: 'refused', message: `--expect must be an entry's number and its fingerprint, as --audit-checkpoint prints them (--expect=68412:3fa91c0de2774b1a…); "${value ?? ''}" is not.` };
    expected.push(point);
  }
  const keyGiven = switchOf(argv, 'verify-key');
  const verificationKey = keyGiven.value === null ? null : parseVerificationKey(keyGiven.value);
  if (keyGiven.given && !verificationKey) return { kind: 'refused', message: '--verify-key must be the verification key --audit-checkpoint showed (SDAV1-…).' };
  return { kind: 'verify', expected, verificationKey, systemLog: !switchOf(argv, 'no-system-log').given };
}

const COMMANDS = ['audit-verify', 'audit-checkpoint', 'audit-export'] as const;

/** The audit command the app was started with, or null when it was started to open its window. */
export function auditCommandOf(argv: readonly string[], cwd: string): AuditCommand | null {
  const given = COMMANDS.filter((name) => switchOf(argv, name).given);
  if (given.length === 0) return null;
  if (given.length > 1) return { kind: 'refused', message: `Give one of --audit-verify, --audit-checkpoint and --audit-export, not ${given.map((name) => `--${name}`).join(' and ')}.` };
  const [name] = given;
  if (name === 'audit-export') return exportCommand(argv, switchOf(argv, 'audit-export').value, cwd);
  if (switchOf(argv, name!).value !== null) return { kind: 'refused', message: `--${name} takes no value.` };
  return name === 'audit-verify' ? verifyCommand(argv) : { kind: 'checkpoint' };
}

/** An entry's moment as the administrator reads it: UTC, and the computer's local time. */
function when(entry: { at: string; local: string }): string {
  return `${entry.at} (local ${entry.local})`;
}

/** What verify says of the tags: checked, or how to have them checked. */
function tagsLine(report: VerifyReport): string {
  const untagged = report.entries - report.tags.tagged;
  const before = untagged > 0 && report.tags.tagged > 0 ? ` ${untagged} earlier entr${untagged === 1 ? 'y was' : 'ies were'} written before tags began (an earlier version): their chain is checked, not their hour.` : '';
  if (report.tags.tagged === 0) return 'No entry has a tag (written by an earlier version): each is checked by its chain only.';
  if (report.tags.checked) return `Tags checked with the verification key: ${report.tags.tagged} entr${report.tags.tagged === 1 ? 'y' : 'ies'}.${before}`;
  return `Tags not checked: give --verify-key=<the verification key --audit-checkpoint showed once> to find an entry written again after its hour.${before}`;
}

/** What verify says of the checkpoints: how many, from where, and what vouches for the end. */
function checkpointsLine(report: VerifyReport, systemLog: SystemLogRead | null): string {
  const sources = Object.entries(report.checkpoints.sources)
    .map(([source, count]) => (source === '--expect' ? `${count} given` : `${count} from ${source}`))
    .join(', ');
  const unread = systemLog?.kind === 'unreadable' ? ` ${systemLog.source} could not be read here (${systemLog.problem}): give its newest checkpoint with --expect.` : '';
  if (report.checkpoints.checked === 0) return `No checkpoint was given${systemLog?.kind === 'read' ? ` or found in ${systemLog.source}` : ''}: nothing outside this folder vouches for the trail's end.${unread}`;
  const held = report.checkpoints.held ? ` The newest the trail holds is entry ${report.checkpoints.held.seq}.` : '';
  return `Checkpoints checked: ${report.checkpoints.checked} (${sources}).${held}${unread}`;
}

export function verifyOutcome(report: VerifyReport, folder: string, systemLog: SystemLogRead | null = null): CommandOutcome {
  if (report.newer) {
    return { code: 1, text: `Refused: ${report.newer.file} in ${folder} was written by a newer version of Scribe Desk (entry form ${report.newer.version}). Verify it with that version. Nothing was changed.` };
  }
  if (report.files === 0) return { code: 1, text: `No audit trail was found in ${folder}.` };
  const lines = [`Audit trail in ${folder}: ${report.entries} entries in ${report.files} file${report.files === 1 ? '' : 's'}.`];
  if (report.first && report.last) lines.push(`From ${when(report.first)} to ${when(report.last)}.`);
  lines.push(...report.notes, tagsLine(report), checkpointsLine(report, systemLog));
  const first = report.problems[0];
  const missing = report.checkpoints.problems;
  if (!first && missing.length === 0) {
    const point = checkpointText({ seq: report.last?.seq ?? 0, hash: report.lastHash ?? '' });
    lines.push(`Intact. The last entry is number ${report.last?.seq ?? 0}, checkpoint ${point}: keep it (or run --audit-checkpoint) to tell later that nothing was cut from the end.`);
    return { code: 0, text: lines.join('\n') };
  }
  if (first) {
    const which = first.seq === null ? `The entry at line ${first.line} of ${first.file}` : `Entry ${first.seq} (${first.file}, line ${first.line})`;
    lines.push(`NOT INTACT. ${which} does not verify: ${first.what}.`);
    if (report.problems.length > 1) lines.push(`${report.problems.length} problems in all; the first is named. The files are kept as they are.`);
  }
  for (const problem of missing) lines.push(`NOT INTACT. ${problem}`);
  return { code: 1, text: lines.join('\n') };
}

/** A verification key for another trail than this folder's (null: it is this trail's, or none was given). */
export function verificationKeyRefusal(given: { trail: string } | null, trail: string | null): CommandOutcome | null {
  if (!given || given.trail === trail) return null;
  const theirs = trail ? `this folder's trail is ${trail}` : 'this folder\u2019s trail was written by an earlier version and has no tags yet';
  return { code: 1, text: `Refused: this verification key is for another trail (${given.trail}); ${theirs}.` };
}

/** Verify where no trail file is left: what the checkpoints say is missing. */
export function noTrailOutcome(folder: string, checkpoints: readonly FoundCheckpoint[], systemLog: SystemLogRead | null): CommandOutcome {
  const lines = [`No audit trail was found in ${folder}.`];
  const newest = [...checkpoints].sort((a, b) => a.seq - b.seq).at(-1);
  if (newest) {
    const where = newest.source === '--expect' ? 'the checkpoint given (--expect)' : `${newest.source}${newest.at ? ` (checkpoint of ${newest.at})` : ''}`;
    lines.push(`NOT INTACT. Entries 1\u2013${newest.seq} are missing: ${where} names entry ${newest.seq}${newest.trail ? ` of trail ${newest.trail.slice(0, 12)}\u2026` : ''}. The trail was deleted or moved.`);
  } else if (systemLog?.kind === 'unreadable') lines.push(`${systemLog.source} could not be read here (${systemLog.problem}).`);
  return { code: 1, text: lines.join('\n') };
}

/** What `--audit-checkpoint` prints: the checkpoint for IT to keep, and, the one time it is there, the verification key. */
export function checkpointOutcome(
  folder: string,
  last: { entry: AuditEntry; hash: string } | null,
  handout: Handout | 'earlier-version',
  logged: { name: string; problem: string | null },
): CommandOutcome {
  if (!last) return { code: 1, text: `No entry of the audit trail in ${folder} opens with its key: there is no checkpoint to give. Run --audit-verify.` };
  const point = checkpointText({ seq: last.entry.seq, hash: last.hash });
  const lines = [
    `Audit trail in ${folder}: the last entry is number ${last.entry.seq}, of ${when(last.entry)}.`,
    `Checkpoint: ${point}`,
    `Keep it away from this computer (the clinic's register, IT's records). Later, --audit-verify --expect=${point} fails if anything up to that entry was cut, rolled back or replaced.`,
    logged.problem === null ? `It was also written to ${logged.name}.` : `It could not be written to ${logged.name} (${logged.problem}).`,
  ];
  if (handout === 'earlier-version') {
    lines.push('This trail was written by an earlier version: its entries get tags, and IT a verification key, from the app\u2019s next start.');
  } else if (handout.kind === 'waiting') {
    lines.push(
      `Verification key (shown this once, and now erased from this computer): ${handout.verificationKey}`,
      'Keep it away from this computer too: --audit-verify --verify-key=<it> then finds an entry written again after its hour, even by someone who holds this computer\u2019s keys.',
    );
  } else if (handout.kind === 'unreadable') {
    lines.push('The verification key waiting here does not open with this trail\u2019s key: it is another trail\u2019s, and is left as it is.');
  } else {
    lines.push('The verification key was shown before: it is shown once only. If nobody at the clinic has it, someone else took it: tell IT.');
  }
  return { code: 0, text: lines.join('\n') };
}

export function exportOutcome(summary: ExportSummary, command: Extract<AuditCommand, { kind: 'export' }>, folder: string, names: boolean): CommandOutcome {
  if (summary.newer) {
    return { code: 1, text: `Refused: ${summary.newer.file} in ${folder} was written by a newer version of Scribe Desk (entry form ${summary.newer.version}). Export it with that version. Nothing was written.` };
  }
  const skipped = summary.unreadable > 0 ? ` ${summary.unreadable} line${summary.unreadable === 1 ? '' : 's'} that do not verify were left out: run --audit-verify.` : '';
  if (summary.entries === 0) return { code: 1, text: `No entries ${command.words} in ${folder}: nothing was written.${skipped}` };
  const patients = names ? 'patients named where they still exist (policy auditExportNames)' : 'patients by pseudonym only';
  return { code: 0, text: `Wrote ${summary.entries} entr${summary.entries === 1 ? 'y' : 'ies'} ${command.words} to ${command.file} (${command.format}; ${patients}).${skipped}` };
}
