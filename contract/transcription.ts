/**
 * A transcription result as main decodes it and the renderer shows it. Main hands the page
 * only these typed, bounded shapes: never the service's JSON for the page to walk.
 */
import type { Prescription } from './prescription';

/** A FHIR resource (usually a Bundle) as main read it: what a doctor can read of it. */
export interface FhirSummary {
  /** The top resource's type, e.g. `Bundle` or `Composition`. */
  resourceType: string;
  /** `Bundle.type` (`document`, `collection`, …), or null. */
  bundleType: string | null;
  /** How many resources of each type it holds, in order of first appearance. */
  resourceCounts: Array<{ type: string; count: number }>;
  /** The Composition's title, or null. */
  title: string | null;
  /** The Composition's sections in reading order; `level` 0 for top sections, 1 for those inside, … */
  sections: Array<{ level: number; title: string | null; text: string | null }>;
  /** One readable line per resource that has something to read (a medication and its dosage, a condition, a narrative). */
  lines: Array<{ resourceType: string; text: string }>;
  /** Entries that could not be read (null, not an object, no resource type). */
  unreadableEntries: number;
  /** True when lists or texts were cut short to stay readable. */
  shortened: boolean;
}

export type OutputContent =
  | { kind: 'empty' }
  /** `json`: the decoded document, pretty-printed, as exported. */
  | { kind: 'prescription'; prescription: Prescription; json: string }
  /** `json`: the resource, pretty-printed (bounded), for "Show JSON" and export. */
  | { kind: 'fhir'; summary: FhirSummary; json: string }
  /** An unknown template's JSON, pretty-printed (bounded). */
  | { kind: 'json'; json: string }
  /** `shortened`: the text was cut to a bounded length. */
  | { kind: 'text'; text: string; shortened: boolean }
  /** The output could not be read; `problem` says why, for a person. */
  | { kind: 'invalid'; problem: string };

export interface DecodedOutput {
  templateId: string;
  name: string;
  type: string;
  /** `success`, `partial_success`, `failure`, or another value the service sends (shown as its text). */
  status: string;
  errors: string[];
  warnings: string[];
  content: OutputContent;
}

export interface TranscriptionContext {
  mode: string | null;
  doctorId: string | null;
  visitId: string | null;
  /** The keys of additional_data as sent, bounded in depth and size. */
  raw: Record<string, unknown>;
}

export type TranscriptionState = 'in_progress' | 'completed' | 'partial' | 'failed';

export type TranscriptionResult =
  /** `transcript`: what the service heard (sessions give it, while processing too); absent or null when it gave none. */
  | { state: 'in_progress' | 'completed' | 'partial'; outputs: DecodedOutput[]; context: TranscriptionContext; transcript?: string | null }
  /** `detail`: the service's own words in full (bounded), when `message` had to cut them. */
  | { state: 'failed'; code: string; message: string; detail?: string };

/** A result as read back from this computer: the view of what was stored (made as it is read), or why it could not be read. */
export type StoredResult = TranscriptionResult | { state: 'unreadable'; problem: string };
