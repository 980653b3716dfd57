/** A transcription result as main decodes it and the renderer shows it. */
import type { Prescription } from './prescription';

export type OutputContent =
  | { kind: 'empty' }
  | { kind: 'prescription'; prescription: Prescription }
  | { kind: 'fhir'; json: unknown }
  | { kind: 'json'; json: unknown }
  | { kind: 'text'; text: string }
  | { kind: 'invalid'; problem: string };

export interface DecodedOutput {
  templateId: string;
  name: string;
  type: string;
  /** `success`, `partial_success`, `failure`, or another value the service sends. */
  status: string;
  errors: string[];
  warnings: string[];
  content: OutputContent;
}

export interface TranscriptionContext {
  mode: string | null;
  doctorId: string | null;
  visitId: string | null;
  /** Every key of additional_data, as sent. */
  raw: Record<string, unknown>;
}

export type TranscriptionState = 'in_progress' | 'completed' | 'partial' | 'failed';

export type TranscriptionResult =
  | { state: 'in_progress' | 'completed' | 'partial'; outputs: DecodedOutput[]; context: TranscriptionContext }
  | { state: 'failed'; code: string; message: string };
