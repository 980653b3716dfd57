/**
 * The trail for an auditor, as `--audit-export` writes it: the entries of a time range, one
 * JSON object a line (jsonl) or a CSV table a spreadsheet opens, oldest first. A patient's
 * pseudonym is resolved to a name only where the caller gives `nameOf` (the machine policy
 * sets `auditExportNames`, and the patient still exists). Lines that do not verify are left
 * out and counted (verify names them). Never writes the trail. Pure apart from reading it.
 */
import { AUDIT_ACTIONS, type AuditExportFormat } from '../../contract/audit';
import type { AuditEntry } from './audit-entry';
import { readTrail } from './trail-reading';

/** From (inclusive) and to (exclusive); null: open. */
export interface ExportRange {
  from: Date | null;
  to: Date | null;
}

export interface ExportOptions {
  format: AuditExportFormat;
  range: ExportRange;
  /** The patient's name for a pseudonym, or null (deleted, or names not allowed). Absent: names are never resolved. */
  nameOf?: (pseudonym: string) => string | null;
}

export interface ExportSummary {
  entries: number;
  /** Lines that do not verify, left out. */
  unreadable: number;
  /** Set when an entry was written by a newer version: the export stops there. */
  newer: { file: string; version: number } | null;
}

const CSV_COLUMNS = ['seq', 'utc', 'local', 'zone', 'category', 'action', 'what', 'item_kind', 'item_id', 'patient', 'patient_name', 'os_user', 'account', 'machine', 'outcome', 'reason', 'detail', 'app', 'prev'];

/** A CSV cell: quoted where it must be, and never read as a formula by a spreadsheet. */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function detailText(entry: AuditEntry): string {
  return Object.entries(entry.detail)
    .map(([key, value]) => `${key}=${String(value)}`)
    .join('; ');
}

function csvRow(entry: AuditEntry, name: string | null): string {
  const cells = [
    entry.seq,
    entry.at,
    entry.local,
    entry.zone,
    entry.category,
    entry.action,
    AUDIT_ACTIONS[entry.action].text,
    entry.item?.kind ?? null,
    entry.item?.id ?? null,
    entry.patient,
    name,
    entry.who.osUser,
    entry.who.account,
    entry.machine,
    entry.outcome,
    entry.reason,
    detailText(entry),
    entry.app,
    entry.prev,
  ];
  return `${cells.map(csvCell).join(',')}\r\n`;
}

function inRange(entry: AuditEntry, range: ExportRange): boolean {
  const at = Date.parse(entry.at);
  return (range.from === null || at >= range.from.getTime()) && (range.to === null || at < range.to.getTime());
}

/** The export's text, piece by piece (the CSV header first, once there is an entry); the summary once done. */
export function* exportTrail(folder: string, key: Uint8Array, options: ExportOptions): Generator<string, ExportSummary> {
  const summary: ExportSummary = { entries: 0, unreadable: 0, newer: null };
  for (const item of readTrail(folder, key)) {
    if (item.kind !== 'line') continue;
    const { read } = item;
    if (read.kind === 'newer') {
      summary.newer = { file: item.file.name, version: read.version };
      return summary;
    }
    if (read.kind === 'malformed') {
      summary.unreadable += 1;
      continue;
    }
    const { entry } = read;
    if (!inRange(entry, options.range)) continue;
    const name = entry.patient && options.nameOf ? options.nameOf(entry.patient) : null;
    if (summary.entries === 0 && options.format === 'csv') yield `${CSV_COLUMNS.join(',')}\r\n`;
    summary.entries += 1;
    yield options.format === 'csv' ? csvRow(entry, name) : `${JSON.stringify(name === null ? entry : { ...entry, patientName: name })}\n`;
  }
  return summary;
}
