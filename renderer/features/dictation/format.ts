/** Display helpers for dictations. Pure. */
import { NONE } from '../../../contract/medication-row';

export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return NONE;
  const total = Math.floor(ms / 1000);
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

function dateOf(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatDateTime(iso: string): string {
  return dateOf(iso)?.toLocaleString([], { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }) ?? NONE;
}

export function formatTime(iso: string, withSeconds = false): string {
  return dateOf(iso)?.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', ...(withSeconds ? { second: '2-digit' } : {}) }) ?? NONE;
}

export { medicationRow, type MedicationRow } from '../../../contract/medication-row';
