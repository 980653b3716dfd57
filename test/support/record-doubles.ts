/** Dictations and lab reports as the health record's links read them, kept in memory (for the links' tests and the bench). */
import { randomUUID } from 'node:crypto';
import type { MedicationRow } from '../../contract/medication-row';
import type { NoteCorrection } from '../../contract/note-correction';
import type { PatientInput } from '../../contract/patient-schema';
import { manifestSchema, type DictationManifest } from '../../main/dictations/dictation-manifest';
import type { LabReport } from '../../main/lab-reports/lab-report';
import { labReportManifestSchema, type LabReportManifest } from '../../main/lab-reports/lab-report-store';
import { completedResult, prescriptionOutput, textOutput } from './decoded-outputs';

export const RAVI_INPUT: PatientInput = { label: '', name: 'Ravi Kumar', age: 41, sex: 'male', abhaNumber: '91-1234-5678-9012', abhaAddress: 'ravi.kumar@sbx' };

/** Dictations as the links read them: kept in memory, each with its result and correction. */
export class DictationsDouble {
  private readonly manifests = new Map<string, DictationManifest>();
  private readonly results = new Map<string, ReturnType<typeof completedResult>>();
  private readonly corrections = new Map<string, NoteCorrection>();
  private readonly changes: Array<(manifest: DictationManifest) => void> = [];

  /** A consultation of the patient, completed and reviewed, whose note prescribes these medicines (the service's). */
  add(patientId: string, medicines: Array<{ name: string; frequency?: { dose: string[]; period: number; period_unit: string } }>, overrides: Partial<DictationManifest> = {}): DictationManifest {
    const id = randomUUID();
    const manifest = manifestSchema.parse({
      version: 1,
      id,
      txnId: randomUUID(),
      createdAt: new Date('2026-09-21T04:30:00Z').toISOString(),
      label: '',
      patientId,
      mode: 'consultation',
      state: 'completed',
      durationMs: 60_000,
      reviewedAt: '2026-09-21T04:42:00.000Z',
      ...overrides,
    });
    this.manifests.set(id, manifest);
    this.results.set(id, completedResult([prescriptionOutput(medicines), textOutput('clinical_notes_template', 'Clinical notes', 'markdown', 'Fever for three days.')]));
    return manifest;
  }

  /** The doctor's correction of the medicines; the note is no longer the one reviewed until `review`. */
  correct(id: string, rows: MedicationRow[], at: string): void {
    this.corrections.set(id, { correctedAt: at, parts: [{ templateId: 'eka_emr_template', kind: 'medications', rows }] });
    this.change(id, { correctedAt: at, reviewedAt: null });
  }

  review(id: string, at: string): void {
    this.change(id, { reviewedAt: at });
  }

  change(id: string, patch: Partial<DictationManifest>): void {
    const manifest = { ...this.manifests.get(id)!, ...patch };
    this.manifests.set(id, manifest);
    for (const listener of this.changes) listener(manifest);
  }

  remove(id: string): void {
    this.manifests.delete(id);
  }

  onChange(listener: (manifest: DictationManifest) => void): void {
    this.changes.push(listener);
  }

  list = () => [...this.manifests.values()];
  get = (id: string) => this.manifests.get(id);
  readResult = (id: string) => this.results.get(id) ?? null;
  readCorrection = (id: string) => this.corrections.get(id) ?? null;
}

/** Lab reports as the links read them: kept in memory, each read and checked as a test says. */
export class LabReportsDouble {
  private readonly manifests = new Map<string, LabReportManifest>();
  private readonly reports = new Map<string, LabReport>();

  /** A report of the patient, read, its values checked by the doctor; `details`: the patient as the report names them. */
  add(patientId: string, details: LabReport['details'] = null): LabReportManifest {
    const manifest = labReportManifestSchema.parse({
      version: 1,
      id: randomUUID(),
      patientId,
      fileName: 'cbc.pdf',
      size: 1000,
      kind: 'pdf',
      tasks: ['smart', 'pii'],
      batch: false,
      createdAt: '2026-09-21T05:00:00.000Z',
      state: 'ready',
      reviewedAt: '2026-09-21T05:10:00.000Z',
    });
    this.manifests.set(manifest.id, manifest);
    this.reports.set(manifest.id, { version: 1, tests: [{ name: 'Haemoglobin', value: '11.2', unit: 'g/dL', range: '13 – 17', flag: 'low', confidence: 0.98 }], unreadableTests: 0, details, fhir: null, notices: [] });
    return manifest;
  }

  list = () => [...this.manifests.values()];
  get = (id: string) => this.manifests.get(id);
  readReport = (id: string) => {
    const report = this.reports.get(id);
    return report ? { ok: true as const, report } : null;
  };
}

