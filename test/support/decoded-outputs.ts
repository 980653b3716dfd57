/** Decoded result parts as main keeps them, for the tests of what a note is made of. */
import type { Medication } from '../../contract/prescription';
import type { DecodedOutput, TranscriptionResult } from '../../contract/transcription';

/** The EMR template's part: a prescription of `medications`. */
export function prescriptionOutput(medications: Medication[], json = '{}'): DecodedOutput {
  return { templateId: 'eka_emr_template', name: 'EKA EMR Template', type: 'eka_emr', status: 'success', errors: [], warnings: [], content: { kind: 'prescription', json, prescription: { medications } } };
}

/** A text part (a transcript, clinical notes). */
export function textOutput(templateId: string, name: string, type: string, text: string): DecodedOutput {
  return { templateId, name, type, status: 'success', errors: [], warnings: [], content: { kind: 'text', text, shortened: false } };
}

/** A completed result of these parts. */
export function completedResult(outputs: DecodedOutput[], transcript?: string): TranscriptionResult {
  return { state: 'completed', outputs, context: { mode: null, doctorId: null, visitId: null, raw: {} }, ...(transcript === undefined ? {} : { transcript }) };
}
