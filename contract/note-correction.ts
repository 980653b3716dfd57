/**
 * The doctor's correction of a note: for each chapter that was changed, the whole chapter as the
 * doctor left it (the medications as rows of words, a text note as text). The service's
 * result is never changed; the note shown, copied and exported is the result with these
 * chapters put in place of the service's. Pure; the page and main both read it.
 */
import { MEDICATION_COLUMNS, NONE, medicationRow, type MedicationRow } from './medication-row';
import type { DecodedOutput } from './transcription';

export const CORRECTION_LIMITS = { parts: 100, rows: 500, cellChars: 2_000, textChars: 200_000 } as const;

/** The EMR template: its chapter is a prescription, edited as a medications table even when the service sent none. */
export const EMR_TEMPLATE_ID = 'eka_emr_template';

export type CorrectedChapter = { templateId: string; kind: 'medications'; rows: MedicationRow[] } | { templateId: string; kind: 'text'; text: string };

export interface NoteCorrection {
  /** ISO 8601. */
  correctedAt: string;
  parts: CorrectedChapter[];
}

/** How a chapter of a result is corrected: as a medications table, as text, or not at all (its content is the service's alone). */
export function editableAs(output: DecodedOutput): 'medications' | 'text' | null {
  const { content } = output;
  if (content.kind === 'prescription') return 'medications';
  if (output.templateId === EMR_TEMPLATE_ID || output.type === 'eka_emr') return content.kind === 'empty' || content.kind === 'invalid' ? 'medications' : null;
  if (content.kind === 'text' || content.kind === 'fhir') return 'text';
  return null;
}

/** A cell as the table shows it: a dash for nothing. */
export function shownCell(value: string): string {
  return value.trim() === '' ? NONE : value;
}

/** A cell as an edit box starts with it: nothing for a dash. */
export function editedCell(value: string): string {
  return value === NONE ? '' : value;
}

/** A row as a table shows it, with its cells as an edit (and the prescription check) takes them: nothing for a dash. */
export function editedRow(row: MedicationRow): MedicationRow {
  return Object.fromEntries(MEDICATION_COLUMNS.map(({ key }) => [key, editedCell(row[key])])) as unknown as MedicationRow;
}

/** The service's medications as rows an edit starts from (empty cells, not dashes). */
export function serviceRows(output: DecodedOutput): MedicationRow[] {
  if (output.content.kind !== 'prescription') return [];
  return output.content.prescription.medications.map((medication) => editedRow(medicationRow(medication)));
}

/** A row with every cell blank is no medicine. */
export function isBlankRow(row: MedicationRow): boolean {
  return MEDICATION_COLUMNS.every(({ key }) => row[key].trim() === '');
}

/** Cells trimmed, blank rows dropped: what is kept of an edited table. */
export function cleanRows(rows: MedicationRow[]): MedicationRow[] {
  return rows
    .map((row) => Object.fromEntries(MEDICATION_COLUMNS.map(({ key }) => [key, row[key].trim()])) as unknown as MedicationRow)
    .filter((row) => !isBlankRow(row));
}

/** The correction of one chapter, or null. */
export function correctionOf(correction: NoteCorrection | null, output: DecodedOutput): CorrectedChapter | null {
  return correction?.parts.find((chapter) => chapter.templateId === output.templateId && chapter.kind === editableAs(output)) ?? null;
}

/** Every medicine of the note as it leaves: the doctor's rows where they corrected the chapter, else the service's. */
export function noteMedicines(outputs: readonly DecodedOutput[], correction: NoteCorrection | null): MedicationRow[] {
  return outputs.flatMap((output) => {
    if (editableAs(output) !== 'medications') return [];
    const corrected = correctionOf(correction, output);
    return corrected?.kind === 'medications' ? corrected.rows : serviceRows(output);
  });
}
