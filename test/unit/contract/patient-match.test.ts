import { describe, expect, it } from 'vitest';
import { knownPatient, patientDifferences, patientFromLabel } from '../../../contract/patient-match';

/** The sandbox's report patient, as the lab report's details give it. */
const SUNITA = { name: 'Sunita Sharma (test patient)', age: '54 years', sex: 'Female' };

describe('reading a label', () => {
  it.each([
    ['Ramesh Kumar, 54M', { name: 'Ramesh Kumar', age: 54, sex: 'M' }],
    ['Mrs. S. Sharma F/32', { name: 'S Sharma', age: 32, sex: 'F' }],
    ['R. K. Gupta 45 yrs male', { name: 'R K Gupta', age: 45, sex: 'M' }],
    ['Anita 32F', { name: 'Anita', age: 32, sex: 'F' }],
    ['Bed 4 - Rao', { name: 'Rao', age: null, sex: null }],
    ['Sunita Rao', { name: 'Sunita Rao', age: null, sex: null }],
    ['', { name: null, age: null, sex: null }],
    ['Smt Lakshmi Iyer', { name: 'Lakshmi Iyer', age: null, sex: 'F' }],
    ['Shri R. Kumar, 60', { name: 'R Kumar', age: null, sex: 'M' }],
    ['Kumari Priya 8 yrs', { name: 'Priya', age: 8, sex: 'F' }],
    ['Dr. Anil Rao 47/M', { name: 'Anil Rao', age: 47, sex: 'M' }],
    ['Mr Verma', { name: 'Verma', age: null, sex: 'M' }],
    ['Priya Sharma, OPD 7, review', { name: 'Priya Sharma', age: null, sex: null }],
    ['Meena Iyer, bed 9, follow-up after discharge', { name: 'Meena Iyer', age: null, sex: null }],
    ['Ramesh, M, 54 years', { name: 'Ramesh', age: 54, sex: 'M' }],
    ['Baby Arjun 8 months', { name: 'Arjun', age: 8 / 12, sex: null }],
    ['Name: Imran Khan; Age: 38; Sex: male', { name: 'Imran Khan', age: 38, sex: 'M' }],
    ['OPD 12', { name: null, age: null, sex: null }],
    ['Test Patient, OPD 4', { name: null, age: null, sex: null }],
    ['follow-up - Ramesh Kumar', { name: 'Ramesh Kumar', age: null, sex: null }],
    ['B/O Sunita, 2 days, F', { name: null, age: 2 / 365.25, sex: 'F' }],
  ])('%j', (label, expected) => {
    expect(patientFromLabel(label)).toEqual(expected);
  });

  it('keeps an initial M or F inside a name as an initial, and a lower-case m after a number unread (months or male?)', () => {
    expect(patientFromLabel('Anita M. Rao')).toEqual({ name: 'Anita M Rao', age: null, sex: null });
    expect(patientFromLabel('Arjun 8m')).toMatchObject({ age: null, sex: null });
  });
});

describe('a structured patient', () => {
  it('takes the age as years or as written, and the sex in any of its spellings', () => {
    expect(knownPatient({ name: ' Sunita Sharma ', age: 54, sex: 'female' })).toEqual({ name: 'Sunita Sharma', age: 54, sex: 'F' });
    expect(knownPatient({ age: '8 months', sex: 'M' })).toEqual({ name: null, age: 8 / 12, sex: 'M' });
    expect(knownPatient({ age: '32', sex: 'Transgender' })).toEqual({ name: null, age: 32, sex: null });
    expect(knownPatient({})).toEqual({ name: null, age: null, sex: null });
  });
});

describe('what plainly differs', () => {
  it('says the name and sex of the clinic day: Ramesh Kumar, 54M against Sunita Sharma, 54 years, Female', () => {
    expect(patientDifferences('Ramesh Kumar, 54M', SUNITA)).toEqual(['name', 'sex']);
  });

  it.each([
    ['R. Kumar', 'Ramesh Kumar'],
    ['Kumar Ramesh', 'Ramesh Kumar'],
    ['RAMESH KUMAR', 'Ramesh Kumar'],
    ['R. K. Gupta', 'Ramesh Kumar Gupta'],
    ['RK Gupta', 'Rajesh Kumar Gupta'],
    ['Mrs. S. Sharma', 'Sunita Sharma'],
    ['Sunita', 'Sunita Sharma'],
    ['Sharma', 'Sunita Sharma'],
    ['Sunita Sharma', 'Sunita Devi Sharma'],
    ['Sunita Devi', 'Sunita'],
    ['Sunitha Sharma', 'Sunita Sharma'],
    ['Sunita Sarma', 'Sunita Sharma'],
    ['Vijay Kumar', 'Vijai Kumar'],
    ['Mohammed Irfan', 'Mohammad Irfan'],
    ['Smt. Sunita Sharma', 'SUNITA SHARMA'],
    ['Sunita Sharma', 'Sunita Sharma (test patient)'],
    ['Dr. Anil Rao', 'Anil Rao'],
    ['Lakshmi', 'Lakshmi'],
  ])('%s and %s are one name', (label, reportName) => {
    expect(patientDifferences(label, { name: reportName })).toEqual([]);
  });

  it.each([
    ['Sunita Sharma', 'Ramesh Kumar'],
    ['Sunita Rao', 'Sunita Sharma'],
    ['Ramesh Kumar', 'Suresh Kumar'],
    ['Priya Sharma', 'Priya Verma'],
    ['R. Rao', 'Sunita Rao'],
    ['Mrs. S. Sharma', 'Anita Sharma'],
    ['Anita', 'Sunita Sharma'],
    ['Bed 4 - Rao', 'Sunita Sharma'],
    ['Ravi', 'Rani'],
  ])('%s and %s are two people', (label, reportName) => {
    expect(patientDifferences(label, { name: reportName })).toEqual(['name']);
  });

  it('compares nothing that one side does not say', () => {
    expect(patientDifferences('', SUNITA)).toEqual([]);
    expect(patientDifferences('OPD 7, review', SUNITA)).toEqual([]);
    expect(patientDifferences('Ramesh Kumar, 54M', {})).toEqual([]);
    expect(patientDifferences('54M', { name: 'Sunita Sharma' })).toEqual([]);
    expect(patientDifferences('Sunita Sharma', { age: '20 years', sex: 'Male' })).toEqual([]);
    expect(patientDifferences({}, SUNITA)).toEqual([]);
  });

  it('does not compare a name in another script, nor the mother named for a baby', () => {
    expect(patientDifferences('रमेश कुमार', { name: 'Sunita Sharma' })).toEqual([]);
    expect(patientDifferences('B/O Sunita', { name: 'Baby Rao' })).toEqual([]);
  });

  it('takes the sex from an honorific when the label gives no other', () => {
    expect(patientDifferences('Mrs. Sharma', { name: 'Sunita Sharma', sex: 'M' })).toEqual(['sex']);
    expect(patientDifferences('Shri Sharma', { name: 'Sunita Sharma', sex: 'Female' })).toEqual(['sex']);
    expect(patientDifferences('Dr. Sharma', { name: 'Sunita Sharma', sex: 'Female' })).toEqual([]);
    expect(patientDifferences('Sunita Sharma F/54', { name: 'Sunita Sharma', sex: 'F', age: '54 years' })).toEqual([]);
  });

  it('holds ages within two years the same (a year under five, half a year under two), after the time since the report', () => {
    const at = (label: string, age: string, yearsSince = 0) => patientDifferences(label, { age }, { yearsSince });
    expect(at('54M', '54 years')).toEqual([]);
    expect(at('54M', '52 years')).toEqual([]);
    expect(at('54M', '56 years')).toEqual([]);
    expect(at('54M', '51 years')).toEqual(['age']);
    expect(at('32 yrs', '54 years')).toEqual(['age']);
    // A report from four years ago named the patient four years younger.
    expect(at('58M', '54 years', 4)).toEqual([]);
    expect(at('54M', '54 years', 4)).toEqual(['age']);
    // Children: a year apart (half a year for the youngest) is the most a rounded age explains.
    expect(at('Arjun 8 months', '20 months')).toEqual(['age']);
    expect(at('Arjun 2 yrs', '18 months')).toEqual([]);
    expect(at('Arjun 3 yrs', '2 years')).toEqual([]);
    expect(at('Arjun 3 yrs', '5 years')).toEqual(['age']);
    expect(at('54M', '54 years', Number.NaN)).toEqual([]);
  });

  it('says every part that differs, in one order', () => {
    expect(patientDifferences('Anita 32F', { name: 'Ramesh Kumar', age: '54 years', sex: 'Male' })).toEqual(['name', 'age', 'sex']);
    expect(patientDifferences({ name: 'Anita', age: 32, sex: 'F' }, { name: 'Ramesh Kumar', age: 54, sex: 'M' })).toEqual(['name', 'age', 'sex']);
  });

  it('reads a label of any length without trouble, and text that only looks like a name part', () => {
    expect(patientDifferences(`${'Ramesh '.repeat(100_000)}Kumar, 54M`, { name: 'Ramesh', age: 54 })).toEqual([]);
    expect(patientDifferences('constructor __proto__', { name: 'toString', sex: 'hasOwnProperty' })).toEqual(['name']);
  });
});
