/** How a parsed lab report reads on the Records screen: flags, confidence, the summary line. Pure. */
import { calendarDayText, dateTimeText, dayText } from '../../../contract/dates';
import { NONE } from '../../../contract/medication-row';
import { LAB_FLAG_LABELS, type LabFlag, type LabTest, type LabReportTask } from '../../../contract/lab-reports';

/** Below this the service was unsure of what it read: the doctor should check the value on the paper. */
export const LOW_CONFIDENCE = 0.7;

/** Low and High carry an arrow as well as a colour, so they read apart without colour. */
const FLAG_SYMBOLS: Record<LabFlag, string> = { low: '↓', high: '↑', normal: '', unknown: '' };

/** A label from a table keyed by a closed set; a key outside it (`constructor`) is never read from the prototype. */
function labelOf<K extends string>(table: Record<K, string>, key: K): string | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

export function flagSymbol(flag: LabFlag): string {
  return labelOf(FLAG_SYMBOLS, flag) ?? '';
}

export function flagLabel(flag: LabFlag): string {
  return labelOf(LAB_FLAG_LABELS, flag) ?? String(flag);
}

export function isLowConfidence(confidence: number | null): boolean {
  return confidence !== null && Number.isFinite(confidence) && confidence < LOW_CONFIDENCE;
}

/** "97%"; NONE when the service gave none. */
export function confidenceText(confidence: number | null): string {
  if (confidence === null || !Number.isFinite(confidence)) return NONE;
  return `${Math.round(Math.min(1, Math.max(0, confidence)) * 100)}%`;
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "6 of 12 outside the range (2 low, 4 high); 1 without a range." */
export function summaryLine(tests: readonly LabTest[]): string {
  const low = tests.filter((test) => test.flag === 'low').length;
  const high = tests.filter((test) => test.flag === 'high').length;
  const unknown = tests.filter((test) => test.flag === 'unknown').length;
  const outside = low + high;
  const ranged = tests.length - unknown;
  let line: string;
  if (ranged === 0) line = `${count(tests.length, 'test', 'tests')}, none with a reference range`;
  else if (outside === 0) line = ranged === 1 ? 'The 1 test with a range is within it' : `All ${ranged} tests with a range are within it`;
  else line = `${outside} of ${tests.length} outside the range (${[low > 0 ? `${low} low` : '', high > 0 ? `${high} high` : ''].filter(Boolean).join(', ')})`;
  if (ranged > 0 && unknown > 0) line += `; ${unknown} without a range`;
  return `${line}.`;
}

/** Said under the summary when some values were read with low confidence; null when none was. */
export function lowConfidenceLine(tests: readonly LabTest[]): string | null {
  const unsure = tests.filter((test) => isLowConfidence(test.confidence)).length;
  if (unsure === 0) return null;
  return `${count(unsure, 'value was', 'values were')} read with low confidence (below ${Math.round(LOW_CONFIDENCE * 100)}%): check ${unsure === 1 ? 'it' : 'them'} against the report.`;
}

/** Why a ready report shows no tests. */
export function noTestsLine(tasks: readonly LabReportTask[]): string {
  return tasks.includes('smart')
    ? 'The service found no test values in this report.'
    : 'No test values were asked for: this report was sent for patient details only.';
}

/** A sample date with its year (one format everywhere, contract/dates.ts) (reports are read long after); the service's own text when it is no date. */
export function sampleDateText(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return calendarDayText(value);
  return /T\d{2}:\d{2}/.test(value) ? dateTimeText(value) : dayText(date);
}

/** Short names for the tasks in the documents table. */
export const TASK_SHORT_LABELS: Record<LabReportTask, string> = { smart: 'Test values', pii: 'Patient details', classification: 'Document type' };

/** What a report uploaded without a label is called in the list. */
export const UNTITLED_REPORT = 'No patient chosen';

export function tasksText(tasks: readonly LabReportTask[]): string {
  return tasks.map((task) => labelOf(TASK_SHORT_LABELS, task) ?? String(task)).join(', ') || NONE;
}
