/**
 * A document in the patient's language keeps the prescription's numbers: names kept, strength,
 * dose and period equal in any script's digits, no number the note does not say, the same dose
 * pattern; and what cannot be read (a number written as a word) counts as missing.
 */
import { describe, expect, it } from 'vitest';
import { dosePattern, handoutProblems, handoutProblemsLine, medicineKey, numbersIn } from '../../contract/handout-check';
import type { MedicationRow } from '../../contract/medication-row';

const PARACETAMOL: MedicationRow = { name: 'Paracetamol 500 mg tablet', dose: '1-0-1', frequency: 'morning and night', duration: '5 days', instruction: 'After food' };
const ORS: MedicationRow = { name: 'Oral rehydration salts sachet', dose: '1-1-1', frequency: 'morning, noon and night', duration: '3 days', instruction: 'Dissolve in 1 litre of water' };
const PANTOPRAZOLE: MedicationRow = { name: 'Pantoprazole 40 mg tablet', dose: '1-0-0', frequency: 'in the morning', duration: '2 weeks', instruction: 'Before breakfast' };
const NOTE = [PARACETAMOL, ORS, PANTOPRAZOLE];

const HINDI = `# मरीज़ के लिए निर्देश

- Paracetamol 500 mg tablet: सुबह और रात १-०-१, ५ दिन तक।
- Oral rehydration salts sachet: सुबह, दोपहर और रात १-१-१, ३ दिन तक।
- Pantoprazole 40 mg tablet: सुबह १-०-०, २ सप्ताह तक।

३ दिन बाद फिर आएँ।`;

const handout = (text: string) => handoutProblems(text, NOTE, { everyMedicine: true });

describe('the words and numbers that are compared', () => {
  it('a medicine is named by its name before its strength, without its form', () => {
    expect(medicineKey('Paracetamol 500 mg tablet')).toBe('paracetamol');
    expect(medicineKey('Oral rehydration salts sachet')).toBe('oral rehydration salts');
    expect(medicineKey('Tab. Amoxicillin 500')).toBe('amoxicillin');
    expect(medicineKey('—')).toBeNull();
  });

  it('numbers in any digits, fractions alike, zeros left out', () => {
    expect(numbersIn('१-०-१ ५ दिन, 500 mg')).toEqual([1, 1, 5, 500]);
    expect(numbersIn('½-0-½ and 1/2 and 0.5 and 1½')).toEqual([0.5, 0.5, 0.5, 0.5, 1.5]);
    expect(dosePattern('सुबह और रात १ - ० - १')).toBe('1-0-1');
    expect(dosePattern('5 days')).toBeNull();
  });
});

describe('a handout in Hindi', () => {
  it('that keeps every name and number (Devanagari digits) passes; advice without a medicine is not compared', () => {
    expect(handout(HINDI)).toEqual([]);
  });

  it('with another period is stopped, saying both', () => {
    const problems = handout(HINDI.replace('५ दिन', '६ दिन'));
    expect(problems).toEqual([{ medicine: 'Paracetamol 500 mg tablet', problem: "the note's 5 (5 days) is not: the document says 6 instead" }]);
    expect(handoutProblemsLine(problems)).toMatch(/^This document does not say the prescription as the note does, so it cannot leave the app\. Paracetamol 500 mg tablet: /);
  });

  it('with another strength is stopped', () => {
    expect(handout(HINDI.replace('Pantoprazole 40 mg', 'Pantoprazole 20 mg')).map((item) => item.problem)).toEqual(["the note's 40 (Pantoprazole 40 mg tablet) is not: the document says 20 instead"]);
  });

  it('with another dose pattern of the same numbers is stopped', () => {
    expect(handout(HINDI.replace('सुबह और रात १-०-१', 'सुबह, दोपहर और रात १-१-१'))).toEqual([{ medicine: 'Paracetamol 500 mg tablet', problem: "the note's dose is 1-0-1, the document's 1-1-1" }]);
  });

  it('with a medicine translated into a name of its own is stopped', () => {
    expect(handout(HINDI.replace('Paracetamol', 'पैरासिटामोल'))).toEqual([{ medicine: 'Paracetamol 500 mg tablet', problem: 'it is not named in the document (a medicine keeps the name the note gives it)' }]);
  });

  it('with a number written as a word is stopped, not let through unchecked', () => {
    expect(handout(HINDI.replace('५ दिन', 'पाँच दिन'))).toEqual([{ medicine: 'Paracetamol 500 mg tablet', problem: "the note's 5 (5 days) is not beside it in the document" }]);
  });

  it('in a table, one row a medicine, passes; a row with a wrong number does not', () => {
    const table = '| दवा | खुराक | कितने दिन |\n|---|---|---|\n| Paracetamol 500 mg | १-०-१ | ५ |\n| Oral rehydration salts | १-१-१ | ३ |\n| Pantoprazole 40 mg | १-०-० | १४ दिन |';
    expect(handoutProblems(table.replace('१४ दिन', '२ सप्ताह'), NOTE, { everyMedicine: true })).toEqual([]);
    expect(handoutProblems(table, NOTE, { everyMedicine: true })).toEqual([{ medicine: 'Pantoprazole 40 mg tablet', problem: "the note's 2 (2 weeks) is not: the document says 14 instead" }]);
  });

  it('a number of the instructions beside its medicine is the note’s own', () => {
    expect(handout(HINDI.replace('३ दिन तक।', '३ दिन तक, १ लीटर पानी में घोलें।'))).toEqual([]);
  });
});

describe('another document (a referral letter)', () => {
  it('may leave a medicine out, but what it says of one agrees', () => {
    const letter = '# Referral letter\n\nCurrent medicines:\n- Paracetamol 500 mg tablet 1-0-1 for 5 days';
    expect(handoutProblems(letter, NOTE, { everyMedicine: false })).toEqual([]);
    expect(handoutProblems(letter.replace('5 days', '7 days'), NOTE, { everyMedicine: false }).map((item) => item.problem)).toEqual(["the note's 5 (5 days) is not: the document says 7 instead"]);
    expect(handoutProblems(`${letter} and 2 more`, NOTE, { everyMedicine: false }).map((item) => item.problem)).toEqual(['the document says 2 beside it, which the note does not']);
  });

  it('with no medicines in the note, nothing is compared', () => {
    expect(handoutProblems(HINDI, [], { everyMedicine: true })).toEqual([]);
  });
});
