/**
 * Which of a patient's records can be linked, and what each becomes: a dictation whose note is
 * completed and marked reviewed (its corrected note, never the service's original; nothing of a
 * consultation whose withdrawal was pressed), and a lab report whose values were read and checked
 * and whose patient is not plainly someone else. Each knows the version of its note it holds, so
 * that a note corrected after it was linked is linked again as a new version.
 */
import { MODE_NAMES } from '../../contract/dictation';
import { noteBody } from '../../contract/clinical-note';
import { noteMedicines, type NoteCorrection } from '../../contract/note-correction';
import type { Patient } from '../../contract/patients';
import type { LinkedItemKind } from '../../contract/health-record';
import type { StoredResult } from '../../contract/transcription';
import type { HiType } from '../api/care-contexts-api';
import type { DictationManifest } from '../dictations/dictation-manifest';
import type { LabReport } from '../lab-reports/lab-report';
import type { LabReportManifest } from '../lab-reports/lab-report-store';
import { reportPatientDiffers } from '../lab-reports/report-patient-check';
import { consultBundle } from './consult-bundle';
import type { BundleClinic, BundlePatient, FhirBundle } from './fhir-parts';
import { labReportBundle } from './lab-report-bundle';

/** A record that can be linked now, and how it becomes a document. */
export interface Candidate {
  kind: LinkedItemKind;
  id: string;
  patientId: string;
  createdAt: string;
  /** "Consultation note", "Lab report": what the question lists. */
  what: string;
  /** Which version of its note this is. */
  noteVersion: string;
  hiType: HiType;
  testData: boolean;
  /** The document for the patient; `replaces`: the identifier of the version linked before. */
  document(input: { patient: BundlePatient; clinic: BundleClinic; replaces: string | null; now: Date; newId: () => string }): FhirBundle;
}

/** What is read of the dictations and lab reports. */
export interface CandidateSources {
  dictations: {
    list(): DictationManifest[];
    get(id: string): DictationManifest | undefined;
    readResult(id: string): StoredResult | null;
    readCorrection(id: string): NoteCorrection | { unreadable: string } | null;
  };
  labReports: {
    list(): LabReportManifest[];
    get(id: string): LabReportManifest | undefined;
    readReport(id: string): { ok: true; report: LabReport } | { ok: false; problem: string } | null;
  };
  patientOf(id: string): Patient | undefined;
}

/** The version of a note: the doctor's last correction, or the service's note as it came. */
export const noteVersionOf = (manifest: Pick<DictationManifest, 'correctedAt'>): string => manifest.correctedAt ?? 'original';

function dictationCandidate(sources: CandidateSources, manifest: DictationManifest): Candidate | null {
  if (manifest.patientId === null || manifest.state !== 'completed' || manifest.reviewedAt === null || manifest.haltedAt !== null) return null;
  const result = sources.dictations.readResult(manifest.id);
  const kept = sources.dictations.readCorrection(manifest.id);
  // A correction that cannot be read is never replaced by the service's original.
  if (kept !== null && !('parts' in kept)) return null;
  const body = noteBody(result, kept, manifest.testData);
  if (!body || !result || !('outputs' in result)) return null;
  const medicines = noteMedicines(result.outputs, kept);
  const reviewedAt = manifest.reviewedAt;
  return {
    kind: 'dictation',
    id: manifest.id,
    patientId: manifest.patientId,
    createdAt: manifest.createdAt,
    what: `${MODE_NAMES[manifest.mode]} note`,
    noteVersion: noteVersionOf(manifest),
    hiType: 'OPConsultation',
    testData: manifest.testData,
    document: ({ patient, clinic, replaces, now, newId }) =>
      consultBundle({ note: { medicines, text: body.text, recordedAt: manifest.createdAt, reviewedAt }, patient, clinic, replaces, testData: manifest.testData, now, newId }),
  };
}

function labReportCandidate(sources: CandidateSources, manifest: LabReportManifest): Candidate | null {
  if (manifest.patientId === null || manifest.state !== 'ready' || manifest.reviewedAt === null) return null;
  const stored = sources.labReports.readReport(manifest.id);
  if (!stored?.ok) return null;
  // A report that may be another patient's is never linked to this one.
  if (reportPatientDiffers(stored.report.details, { ...manifest, patient: sources.patientOf(manifest.patientId) ?? null }).length > 0) return null;
  const reviewedAt = manifest.reviewedAt;
  return {
    kind: 'lab-report',
    id: manifest.id,
    patientId: manifest.patientId,
    createdAt: manifest.createdAt,
    what: 'Lab report',
    noteVersion: 'checked',
    hiType: 'DiagnosticReport',
    testData: manifest.testData,
    document: ({ patient, clinic, replaces, now, newId }) =>
      labReportBundle({ report: { tests: stored.report.tests, lab: stored.report.details?.lab ?? null, addedAt: manifest.createdAt, reviewedAt }, patient, clinic, replaces, testData: manifest.testData, now, newId }),
  };
}

/** The item as it can be linked now, or null. */
export function candidateOf(sources: CandidateSources, kind: LinkedItemKind, id: string): Candidate | null {
  if (kind === 'dictation') {
    const manifest = sources.dictations.get(id);
    return manifest ? dictationCandidate(sources, manifest) : null;
  }
  const manifest = sources.labReports.get(id);
  return manifest ? labReportCandidate(sources, manifest) : null;
}

/** Every record of the patient that can be linked now, oldest first. */
export function candidatesOf(sources: CandidateSources, patientId: string): Candidate[] {
  const dictations = sources.dictations.list().filter((manifest) => manifest.patientId === patientId).map((manifest) => dictationCandidate(sources, manifest));
  const reports = sources.labReports.list().filter((manifest) => manifest.patientId === patientId).map((manifest) => labReportCandidate(sources, manifest));
  return [...dictations, ...reports].filter((candidate): candidate is Candidate => candidate !== null).sort((a, b) => (a.createdAt < b.createdAt ? -1 : 1));
}

/** What the health record app shows for it: "Consultation note, 21 Sep 2026, 10:42 (corrected)". */
export function displayOf(candidate: Candidate, linkVersion: number): string {
  const when = new Date(candidate.createdAt).toLocaleString('en-IN', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'Asia/Kolkata' });
  return `${candidate.what}, ${when}${linkVersion > 1 ? ' (corrected)' : ''}${candidate.testData ? ' (test data)' : ''}`;
}
