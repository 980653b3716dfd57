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
const ONE_TIME: Record<string, string> = { morning: 'in the morning', noon: 'at noon', night: 'at night' };

/** When a dose is taken, in words: "at night", "morning and night". */
const whenTaken = (times: string[]) => (times.length === 1 ? ONE_TIME[times[0]!]! : listed(times));

/**
 * One readable row per medication; missing parts show as a dash. The dose is the pattern as
 * written ("1-0-1"); when a morning-noon-night pattern is given and the service's times a day
 * agree with it (or it gives none), the frequency says when ("morning and night") instead of
 * repeating the count: the two columns never say the same thing twice, and each stays short.
 */
export function medicationRow(medication: Medication): MedicationRow {
  const frequency = medication.frequency;
  const pattern = frequency?.dose?.join('-');
  // A custom dose that is the pattern again ("1-0-1") is the pattern.
  const custom = frequency?.custom && frequency.custom !== pattern ? frequency.custom : null;
  const times = custom ? null : timesOf(frequency?.dose);
  const dose = custom || pattern || NONE;
  const perDay = frequency?.frequency;
  const counted = perDay !== undefined && /^\d{1,6}$/.test(perDay) ? Number(perDay) : null;
  const when = times !== null && times.length > 0 && (perDay === undefined || perDay === '' || counted === times.length) ? whenTaken(times) : null;
  const frequencyText = when ?? (counted !== null ? `${plural(counted, 'time')} a day` : perDay || NONE);
  const period = frequency?.period;
  const duration =
    period !== undefined && Number.isFinite(period) && frequency?.period_unit ? plural(period, frequency.period_unit.replace(/s$/, '')) : NONE;
  return { name: medication.name || NONE, dose, frequency: frequencyText, duration, instruction: medication.instruction || NONE };
}
