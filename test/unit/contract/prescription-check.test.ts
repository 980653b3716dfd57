/**
 * The prescription check: a table of dose patterns, frequencies (Latin and plain) and periods as
 * Indian prescriptions write them, each said to agree or to contradict; and what it cannot read
 * is never a contradiction.
 */
import { describe, expect, it } from 'vitest';
import type { MedicationRow } from '../../../contract/medication-row';
import { contradictionsLine, medicineContradiction, prescriptionContradictions } from '../../../contract/prescription-check';

const row = (dose: string, frequency: string, duration = '5 days', name = 'Medicine'): MedicationRow => ({ name, dose, frequency, duration, instruction: '' });

const AGREE: Array<[string, string, string?]> = [
  ['1-0-0', 'OD'],
  ['1-0-0', 'once daily'],
  ['1-0-0', 'in the morning'],
  ['0-0-1', 'HS'],
  ['0-0-1', 'at bedtime'],
  ['0-0-1', 'at night'],
  ['1-0-1', 'BD'],
  ['1-0-1', 'twice daily'],
  ['1-0-1', 'morning and night'],
  ['1-0-1', '2 times a day'],
  ['1-1-1', 'TDS'],
  ['1-1-1', 'thrice daily'],
  ['1-1-1', 'morning, noon and night'],
  ['1-1-1-1', 'QID'],
  ['½-0-½', 'BD'],
  ['1/2-0-1/2', 'twice a day'],
  ['0.5-0-0.5', 'morning and night'],
  ['1 - 0 - 1', 'BD'],
  ['0-1-0', 'at noon'],
  ['1 tab', 'SOS'],
  ['1 tab', 'once a week', '4 weeks'],
  ['1 tab', 'stat', '1 day'],
  ['1 tab', 'on alternate days', '10 days'],
  ['500 mg', 'BD'],
  ['', ''],
  ['—', '—'],
];

const CONTRADICT: Array<[string, string, string | undefined, RegExp]> = [
  ['1-0-0', 'morning, noon and night', undefined, /1-0-0 is taken in the morning, but the frequency says “morning, noon and night”/],
  ['1-0-0', 'HS', undefined, /taken in the morning, but the frequency says “HS”/],
  ['0-0-1', 'in the morning', undefined, /taken at night/],
  ['1-0-1', 'OD', undefined, /2 doses a day, but the frequency “OD” is 1 dose a day/],
  ['1-0-1', 'thrice daily', undefined, /2 doses a day/],
  ['1-1-1', 'QID', undefined, /3 doses a day, but the frequency “QID” is 4/],
  ['1-1-1', 'BD', undefined, /3 doses a day/],
  ['1-0-1', 'SOS', undefined, /fixed daily pattern, but the frequency “SOS” means as needed/],
  ['½-0-½', 'OD', undefined, /2 doses a day/],
  ['1-1-1', 'stat', undefined, /once only/],
  ['1 tab', 'once a week', '3 days', /one dose every 7 days, but the period is only 3 days/],
  ['1 tab', 'stat', '5 days', /once only, but the period is 5 days/],
  ['', 'TDS morning and night', undefined, /says 3 doses a day and morning and night at once/],
];

describe('a prescription that contradicts itself', () => {
  it.each(AGREE)('%s with %s agree', (dose, frequency, duration) => {
    expect(medicineContradiction(row(dose, frequency, duration))).toBeNull();
  });

  it.each(CONTRADICT)('%s with %s (%s) contradict', (dose, frequency, duration, said) => {
    expect(medicineContradiction(row(dose, frequency, duration))).toMatch(said);
  });

  it('a pattern written in the frequency, or a frequency in the dose, is read too', () => {
    expect(medicineContradiction(row('1 tab BD', '1-1-1'))).toMatch(/3 doses a day/);
    expect(medicineContradiction(row('1 tab OD', '1-0-0'))).toBeNull();
  });

  it('names each medicine that contradicts itself, in the order of the table', () => {
    const found = prescriptionContradictions([row('1-0-0', 'TDS', '5 days', 'Paracetamol'), row('1-0-1', 'BD', '5 days', 'Amoxicillin'), row('0-0-1', 'OD', '5 days', '')]);
    expect(found.map((item) => [item.row, item.medicine])).toEqual([[0, 'Paracetamol']]);
    const both = prescriptionContradictions([row('1-0-0', 'TDS', '5 days', 'Paracetamol'), row('1-1-1', 'OD', '5 days', '')]);
    expect(contradictionsLine(both)).toMatch(/^The prescription contradicts itself in 2 medicines\. Paracetamol: .*; Medicine 2: /);
  });
});
