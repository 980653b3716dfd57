/**
 * The doctor's own recent activity, as Settings shows it: the newest entries of this OS user
 * (the trail's own entries and the policy's left out), read from the end of the newest files.
 * Never writes. Pure apart from reading the files.
 */
import { AUDIT_ACTIONS, type ActivityEntry } from '../../contract/audit';
import { join } from 'node:path';
import { readEntry, type AuditEntry } from './audit-entry';
import { readTrailFile, trailFiles } from './trail-files';
import { openLine } from './trail-record';

/** The most entries shown, and the most files read to find them. */
export const ACTIVITY_LIMIT = 50;
const FILES_READ = 2;

/** What a person reads for an entry: "Copied to the clipboard: note (corrected)", "Deleted (with a patient)", "Consent given: consultation". */
export function activityText(entry: Pick<AuditEntry, 'action' | 'detail'>): string {
  const base = AUDIT_ACTIONS[entry.action].text;
  const { what, api, how, for: purpose } = entry.detail;
  if (what) return `${base}: ${what}`;
  if (api) return `${base}: ${api}`;
  if (purpose) return `${base}: ${purpose}`;
  return how && entry.action === 'deleted' ? `${base} (${how})` : base;
}

/** Newest first: read from the end of the newest files, each line opened only until enough are found. */
export function recentActivity(folder: string, key: Uint8Array, osUser: string, limit = ACTIVITY_LIMIT): ActivityEntry[] {
  const entries: ActivityEntry[] = [];
  for (const file of trailFiles(folder).slice(-FILES_READ).reverse()) {
    const { lines } = readTrailFile(join(folder, file.name));
    for (let index = lines.length - 1; index >= 0 && entries.length < limit; index -= 1) {
      const read = readEntry(openLine(key, lines[index]!.bytes));
      if (read.kind !== 'entry') continue;
      const { entry } = read;
      if (entry.who.osUser !== osUser || entry.category === 'trail' || entry.category === 'policy') continue;
      entries.push({ at: entry.at, action: entry.action, text: activityText(entry), patient: entry.patient, refused: entry.outcome === 'refused' ? entry.reason : null });
    }
  }
  return entries;
}
