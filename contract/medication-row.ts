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

const TIMES_OF_DAY = ['morning', 'noon', 'night'];

/** "morning and night": the times of a morning-noon-night pattern (1-0-1) that have a dose; null for another pattern. */
function timesOf(pattern: string[] | undefined): string[] | null {
  const amounts = pattern?.map((part) => (/^\d+(\.\d+)?$|^\d+\/\d+$/.test(part.trim()) ? Number(amountOf(part.trim())) : Number.NaN));
  if (!amounts || amounts.length !== 3 || !amounts.every((amount) => Number.isFinite(amount))) return null;
  return TIMES_OF_DAY.filter((_, index) => amounts[index]! > 0);
}

/** "1/2" is a half; a plain number is itself. */
function amountOf(part: string): number {
  const [top, bottom] = part.split('/');
  return bottom === undefined ? Number(top) : Number(top) / Number(bottom);
}

const listed = (words: string[]) => (words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`);

/**
 * One readable row per medication; missing parts show as a dash. A morning-noon-night dose
 * (0-0-1) says when ("0-0-1 (night)"), and the frequency is left out when it only repeats what
 * that pattern says (once a day for 0-0-1): the two columns never say the same thing twice.
 */
export function medicationRow(medication: Medication): MedicationRow {
  const frequency = medication.frequency;
  const pattern = frequency?.dose?.join('-');
  // A custom dose that is the pattern again ("1-0-1") is the pattern.
  const custom = frequency?.custom && frequency.custom !== pattern ? frequency.custom : null;
  const times = custom ? null : timesOf(frequency?.dose);
  const dose = custom || (pattern ? (times && times.length > 0 ? `${pattern} (${listed(times)})` : pattern) : NONE);
  const perDay = frequency?.frequency;
  const repeats = times !== null && perDay !== undefined && /^\d{1,6}$/.test(perDay) && Number(perDay) === times.length;
  const frequencyText = repeats ? NONE : perDay && /^\d{1,6}$/.test(perDay) ? `${plural(Number(perDay), 'time')} a day` : perDay || NONE;
  const period = frequency?.period;
  const duration =
    period !== undefined && Number.isFinite(period) && frequency?.period_unit ? plural(period, frequency.period_unit.replace(/s$/, '')) : NONE;
  return { name: medication.name || NONE, dose, frequency: frequencyText, duration, instruction: medication.instruction || NONE };
}
