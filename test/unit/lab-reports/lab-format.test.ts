import { describe, expect, it } from 'vitest';
import type { LabFlag, LabTest } from '../../../contract/lab-reports';
import {
  sampleDateText,
  confidenceText,
  flagLabel,
  flagSymbol,
  isLowConfidence,
  lowConfidenceLine,
  noTestsLine,
  summaryLine,
  tasksText,
} from '../../../renderer/features/lab-reports/lab-format';
import { patientMismatchLine } from '../../../contract/report-patient';

const test = (flag: LabFlag, confidence: number | null = 0.9): LabTest => ({ name: 'T', value: '1', unit: '', range: '', flag, confidence });

describe('lab report formatting', () => {
  it('says how many tests lie outside their range, and which way', () => {
    const flags: LabFlag[] = ['low', 'high', 'high', 'high', 'low', 'high', 'normal', 'normal', 'normal', 'normal', 'normal', 'unknown'];
    expect(summaryLine(flags.map((flag) => test(flag)))).toBe('6 of 12 outside the range (2 low, 4 high); 1 without a range.');
    expect(summaryLine([test('high'), test('normal')])).toBe('1 of 2 outside the range (1 high).');
    expect(summaryLine([test('normal'), test('normal'), test('unknown')])).toBe('All 2 tests with a range are within it; 1 without a range.');
    expect(summaryLine([test('normal')])).toBe('The 1 test with a range is within it.');
    expect(summaryLine([test('unknown'), test('unknown')])).toBe('2 tests, none with a reference range.');
  });

  it('marks Low and High with an arrow as well as a word', () => {
    expect(`${flagSymbol('low')}${flagLabel('low')}`).toBe('↓Low');
    expect(`${flagSymbol('high')}${flagLabel('high')}`).toBe('↑High');
    expect(`${flagSymbol('unknown')}${flagLabel('unknown')}`).toBe('No range');
  });

  it('shows confidence as a percentage and flags the unsure values', () => {
    expect(confidenceText(0.976)).toBe('98%');
    expect(confidenceText(null)).toBe('—');
    expect(confidenceText(Number.NaN)).toBe('—');
    expect(isLowConfidence(0.62)).toBe(true);
    expect(isLowConfidence(0.7)).toBe(false);
    expect(isLowConfidence(null)).toBe(false);
    expect(lowConfidenceLine([test('normal', 0.62), test('low', 0.99)])).toBe('1 value was read with low confidence (below 70%): check it against the report.');
    expect(lowConfidenceLine([test('normal', 0.5), test('low', 0.3)])).toBe('2 values were read with low confidence (below 70%): check them against the report.');
    expect(lowConfidenceLine([test('normal', null)])).toBeNull();
  });

  it('explains a report without tests, and names the tasks plainly', () => {
    expect(noTestsLine(['pii'])).toBe('No test values were asked for: this report was sent for patient details only.');
    expect(noTestsLine(['smart', 'pii'])).toBe('The service found no test values in this report.');
    expect(tasksText(['smart', 'pii'])).toBe('Test values, Patient details');
  });

  it('gives a sample date its year, and leaves a text that is no date as it is', () => {
    expect(sampleDateText('2026-11-14')).toMatch(/2026/);
    expect(sampleDateText('2026-11-14T02:45:00Z')).toMatch(/2026.*\d{2}:\d{2}/);
    expect(sampleDateText('mid-November')).toBe('mid-November');
  });

  it("says which of the report's patient details differ from the label, quoting the label, in words the details use", () => {
    expect(patientMismatchLine(' Ramesh Kumar, 54M ', ['name', 'sex'])).toBe(
      'The name and gender in the report differ from “Ramesh Kumar, 54M”, the patient it was uploaded for. Check the patient details below before using any value.',
    );
    expect(patientMismatchLine('Anita 32F', ['age'])).toMatch(/^The age in the report differs from “Anita 32F”/);
    expect(patientMismatchLine('Anita 32F', ['name', 'age', 'sex'])).toMatch(/^The name, age and gender in the report differ/);
  });
});
