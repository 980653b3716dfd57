/**
 * A medication as one row of words (medicine, dose, frequency, duration, instructions): what
 * the page's medications table shows and what a copied note holds. Pure; imports nothing.
 */
import type { Medication } from './prescription';

/** What a missing part shows as. */
export const NONE = '—';

export interface MedicationRow {
  name: string;
  dose: string;
  frequency: string;
  duration: string;
  instruction: string;
}

export const MEDICATION_COLUMNS: ReadonlyArray<{ key: keyof MedicationRow; label: string }> = [
  { key: 'name', label: 'Medicine' },
  { key: 'dose', label: 'Dose' },
  { key: 'frequency', label: 'Frequency' },
  { key: 'duration', label: 'Duration' },
  { key: 'instruction', label: 'Instructions' },
];

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
