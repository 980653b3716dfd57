/**
 * A dictation's note as a JSON file: whose it is, whether it is test data, corrected or
 * reviewed, each chapter as the doctor left it (with the service's errors and warnings), and the
 * note's text as Copy note gives it. The service's own JSON is exported apart, named as the
 * service's. Pure.
 */
import { clinicalNote, noteTime, chapterText, type NoteHeader } from '../../contract/clinical-note';
import { MODE_NAMES } from '../../contract/dictation';
import { SEX_NAMES, patientName } from '../../contract/patients';
import { exportStem } from '../../contract/export-name';
import { TEST_DATA_FILE_SUFFIX } from '../../contract/test-data';
import { correctionOf, editableAs, serviceRows, type NoteCorrection } from '../../contract/note-correction';
import type { DecodedOutput, StoredResult } from '../../contract/transcription';

export const NOTE_FORMAT = 'scribe-desk-note';

export interface NoteExportInput {
  header: NoteHeader;
  result: StoredResult | null;
  correction: NoteCorrection | null;
  reviewedAt: string | null;
}

function chapterOf(output: DecodedOutput, outputs: DecodedOutput[], correction: NoteCorrection | null) {
  const corrected = correctionOf(correction, output);
  const base = { templateId: output.templateId, name: output.name, status: output.status, errors: output.errors, warnings: output.warnings, corrected: corrected !== null };
  switch (editableAs(output)) {
    case 'medications':
      return { ...base, medications: corrected?.kind === 'medications' ? corrected.rows : serviceRows(output) };
    case 'text':
      return { ...base, text: corrected?.kind === 'text' ? corrected.text : chapterText(output, outputs) };
    default:
      return base;
  }
}

/** The file's default name and its JSON; null when the dictation has no note yet. */
export function noteExport({ header, result, correction, reviewedAt }: NoteExportInput): { fileName: string; json: string } | null {
  const note = clinicalNote(result, header, correction);
  if (!note || !result || !('outputs' in result)) return null;
  const document = {
    format: NOTE_FORMAT,
    version: 1,
    testData: header.testData,
    dictation: { label: header.label, mode: MODE_NAMES[header.mode], recordedAt: header.createdAt, recordedAtLocal: noteTime(header.createdAt) },
    ...(header.patient
      ? {
          patient: {
            name: header.patient.name,
            label: header.patient.label,
            age: header.patient.age,
            sex: header.patient.sex ? SEX_NAMES[header.patient.sex] : null,
            abhaNumber: header.patient.abhaNumber,
          },
        }
      : {}),
    correctedAt: correction?.correctedAt ?? null,
    reviewedAt,
    parts: result.outputs.map((output) => chapterOf(output, result.outputs, correction)),
    text: note.text,
  };
  const stem = exportStem(header.patient ? patientName(header.patient) : header.label, header.createdAt, 'dictation');
  return { fileName: `${stem}-note${header.testData ? TEST_DATA_FILE_SUFFIX : ''}.json`, json: JSON.stringify(document, null, 2) };
}
