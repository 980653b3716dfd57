/** Display helpers for dictations. Pure. */
import type { Medication } from '../../../contract/prescription';

const NONE = '—';

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

export interface MedicationRow {
  name: string;
  dose: string;
  frequency: string;
  duration: string;
  instruction: string;
}

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/** One readable row per medication; missing parts show as a dash. */
export function medicationRow(medication: Medication): MedicationRow {
  const frequency = medication.frequency;
  const dose = frequency?.custom || frequency?.dose?.join('-') || NONE;
  const perDay = frequency?.frequency;
  const frequencyText = perDay && /^\d{1,6}$/.test(perDay) ? `${plural(Number(perDay), 'time')} a day` : perDay || NONE;
  const period = frequency?.period;
  const duration =
    period !== undefined && Number.isFinite(period) && frequency?.period_unit ? plural(period, frequency.period_unit.replace(/s$/, '')) : NONE;
  return { name: medication.name || NONE, dose, frequency: frequencyText, duration, instruction: medication.instruction || NONE };
}
