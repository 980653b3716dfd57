/** Display helpers for dictations. Pure. */
import type { Medication } from '../../../contract/prescription';

export function formatDuration(ms: number): string {
  const total = Math.floor(ms / 1000);
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return date.toLocaleString([], { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
}

export function formatTime(iso: string, withSeconds = false): string {
  return new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', ...(withSeconds ? { second: '2-digit' } : {}) });
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
  const dose = frequency?.custom || frequency?.dose?.join('-') || '—';
  const perDay = frequency?.frequency;
  const frequencyText = perDay && /^\d+$/.test(perDay) ? `${plural(Number(perDay), 'time')} a day` : perDay || '—';
  const duration =
    frequency?.period !== undefined && frequency.period_unit ? plural(frequency.period, frequency.period_unit.replace(/s$/, '')) : '—';
  return { name: medication.name, dose, frequency: frequencyText, duration, instruction: medication.instruction || '—' };
}
