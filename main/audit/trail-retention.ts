/**
 * How long the trail is kept: the policy key `auditRetentionDays`, at least a year (DPDP Rules
 * 2025); a smaller value, or one that is not a whole number of days, means a year. A month's
 * file goes once its month ended longer ago than that, so every entry is kept at least that
 * long. Pure.
 */
import { AUDIT_MIN_RETENTION_DAYS } from '../../contract/audit';
import type { TrailFile } from './trail-files';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The days to keep the trail, and why the policy's value was not used (null when it was, or none was set). */
export function retentionDays(value: unknown): { days: number; problem: string | null } {
  if (value === undefined || value === null) return { days: AUDIT_MIN_RETENTION_DAYS, problem: null };
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= AUDIT_MIN_RETENTION_DAYS) return { days: value, problem: null };
  return {
    days: AUDIT_MIN_RETENTION_DAYS,
    problem: `the policy's auditRetentionDays is ${typeof value === 'number' && Number.isSafeInteger(value) ? `below ${AUDIT_MIN_RETENTION_DAYS}` : 'not a whole number of days'}; the trail is kept ${AUDIT_MIN_RETENTION_DAYS} days`,
  };
}

/** The first moment after the month (YYYY-MM, UTC). */
function monthEnd(month: string): number {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return Date.UTC(year, number, 1);
}

/** The files whose month ended more than `days` ago. */
export function expiredFiles(files: readonly TrailFile[], now: Date, days: number): TrailFile[] {
  const keepFrom = now.getTime() - Math.max(days, AUDIT_MIN_RETENTION_DAYS) * DAY_MS;
  return files.filter((file) => monthEnd(file.month) <= keepFrom);
}
