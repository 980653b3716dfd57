/**
 * The audit trail's command line: `--audit-verify` and `--audit-export=<file> [--from=<date>]
 * [--to=<date>] [--format=jsonl|csv]` (with the usual `--user-data-dir`), read from the
 * arguments, and what each prints with the status it exits with (0: done, 1: not). A date is
 * a day (YYYY-MM-DD, in this computer's time zone; `--to` includes its whole day) or a moment
 * with its zone (2026-08-21T10:00:00+05:30). Pure.
 */
import { AUDIT_EXPORT_FORMATS, type AuditExportFormat } from '../../contract/audit';
import { isAbsolute, resolve } from 'node:path';
import type { ExportRange, ExportSummary } from './trail-export';
import type { VerifyReport } from './trail-verify';

export type AuditCommand =
  | { kind: 'verify' }
  | { kind: 'export'; file: string; format: AuditExportFormat; range: ExportRange; words: string }
  | { kind: 'refused'; message: string };

export interface CommandOutcome {
  text: string;
  code: 0 | 1;
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

/** The audit command the app was started with, or null when it was started to open its window. */
export function auditCommandOf(argv: readonly string[], cwd: string): AuditCommand | null {
  const verify = switchOf(argv, 'audit-verify');
  const exported = switchOf(argv, 'audit-export');
  if (!verify.given && !exported.given) return null;
  if (verify.given && exported.given) return { kind: 'refused', message: 'Give --audit-verify or --audit-export, not both.' };
  if (verify.given) return verify.value === null ? { kind: 'verify' } : { kind: 'refused', message: '--audit-verify takes no value.' };
  return exportCommand(argv, exported.value, cwd);
}

/** An entry's moment as the administrator reads it: UTC, and the computer's local time. */
function when(entry: { at: string; local: string }): string {
  return `${entry.at} (local ${entry.local})`;
}

export function verifyOutcome(report: VerifyReport, folder: string): CommandOutcome {
  if (report.newer) {
    return { code: 1, text: `Refused: ${report.newer.file} in ${folder} was written by a newer version of Scribe Desk (entry form ${report.newer.version}). Verify it with that version. Nothing was changed.` };
  }
  if (report.files === 0) return { code: 1, text: `No audit trail was found in ${folder}.` };
  const lines = [`Audit trail in ${folder}: ${report.entries} entries in ${report.files} file${report.files === 1 ? '' : 's'}.`];
  if (report.first && report.last) lines.push(`From ${when(report.first)} to ${when(report.last)}.`);
  lines.push(...report.notes);
  const first = report.problems[0];
  if (!first) {
    lines.push(`Intact. The last entry is number ${report.last?.seq ?? 0}, fingerprint ${(report.lastHash ?? '').slice(0, 16)}: keep this to tell later that nothing was cut from the end.`);
    return { code: 0, text: lines.join('\n') };
  }
  const which = first.seq === null ? `The entry at line ${first.line} of ${first.file}` : `Entry ${first.seq} (${first.file}, line ${first.line})`;
  lines.push(`NOT INTACT. ${which} does not verify: ${first.what}.`);
  if (report.problems.length > 1) lines.push(`${report.problems.length} problems in all; the first is named. The files are kept as they are.`);
  return { code: 1, text: lines.join('\n') };
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
