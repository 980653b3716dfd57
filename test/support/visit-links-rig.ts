/**
 * A clinic's side of linking, for unit tests: patients in their sealed file, dictations as the
 * store reads them (completed, reviewed, corrected as a test says), the links' store, the one
 * outbox host on a driven clock that the sandbox shares, and the visit's links over them all.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { HealthRecordQuestion, HealthRecordLinking } from '../../contract/health-record';
import type { MedicationRow } from '../../contract/medication-row';
import type { NoteCorrection } from '../../contract/note-correction';
import type { PatientInput } from '../../contract/patient-schema';
import { ServiceClient } from '../../main/api/service-client';
import { staticToken } from '../../main/api/token-source';
import { manifestSchema, type DictationManifest } from '../../main/dictations/dictation-manifest';
import type { LabReport } from '../../main/lab-reports/lab-report';
import { labReportManifestSchema, type LabReportManifest } from '../../main/lab-reports/lab-report-store';
import { linkKind } from '../../main/health-record/link-kind';
import { LinkStore } from '../../main/health-record/link-store';
import { VisitLinks } from '../../main/health-record/visit-links';
import { OutboxHost } from '../../main/outbox/outbox-host';
import { PatientStore } from '../../main/patients/patient-store';
import { ServicePatients } from '../../main/patients/service-patient';
import type { SandboxServer } from '../../main/sandbox/sandbox-server';
import { ServiceHealth } from '../../main/service/service-health';
import type { Linking } from '../../main/settings/health-record-policy';
import { SealedDocument } from '../../main/storage/sealed-document';
import { completedResult, prescriptionOutput, textOutput } from './decoded-outputs';
import type { FakeClock } from './fake-clock';
import { TEST_HIP_ID } from './health-record-fixtures';
import { testKeyring } from './store-fixture';
import { tempFolder } from './temp-folder';

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

export interface Rig {
  links: VisitLinks;
  store: LinkStore;
  patients: PatientStore;
  dictations: DictationsDouble;
  labReports: LabReportsDouble;
  host: OutboxHost;
  clock: FakeClock;
  questions: HealthRecordQuestion[][];
  setLinking(mode: HealthRecordLinking, hipId?: string | null): void;
  /** The links of the dictation, the latest version first. */
  linksOf(dictationId: string): ReturnType<LinkStore['forItem']>;
  close(): Promise<void>;
}

/** `clock`: the one the sandbox reads (the rig's, so the exchange's own time passes with it). */
export function visitLinksRig(sandbox: () => SandboxServer, clock: FakeClock, folder = tempFolder(), keys = { patients: randomBytes(32), links: randomBytes(32) }): Rig {
  const patients = new PatientStore(new SealedDocument(join(folder, 'patients.sealed'), keys.patients, null, 'patients'));
  const store = new LinkStore(join(folder, 'health-record'), testKeyring(join(folder), keys.links), () => new Date(clock.now()));
  store.load();
  const dictations = new DictationsDouble();
  const labReports = new LabReportsDouble();
  const client = new ServiceClient(() => ({ baseUrl: sandbox().url, auth: staticToken(sandbox().token), clientId: 'EC_TEST' }));
  const servicePatients = new ServicePatients(patients, client, () => new Date(clock.now()));
  let linking: Linking = { mode: 'ask', why: null, facilityName: 'Sandbox Clinic (test data)', hipId: TEST_HIP_ID };
  const host = new OutboxHost({ health: new ServiceHealth(), isOnline: () => true, random: () => 0, clock });
  let visitLinks: VisitLinks | null = null;
  const outbox = host.register(
    linkKind({
      store,
      client,
      servicePatientId: async (patientId, signal) => (await servicePatients.idOf(patientId, { create: true, signal }))!,
      hipId: () => (linking.hipId ? { hipId: linking.hipId } : { off: linking.why ?? 'off' }),
      itemHeld: (link) => (dictations.get(link.itemId)?.haltedAt ?? null) !== null,
      clock,
      onFinished: (link) => visitLinks?.finished(link),
    }),
  );
  const questions: HealthRecordQuestion[][] = [];
  visitLinks = new VisitLinks({
    store,
    outbox,
    dictations,
    labReports,
    patientOf: (id) => patients.get(id),
    patients,
    linking: () => linking,
    practitioner: () => ({ name: 'doctor', id: 'doctor' }),
    now: () => new Date(clock.now()),
    asked: (asked) => questions.push(asked),
  });
  const links = visitLinks;
  dictations.onChange((manifest) => links.itemChanged('dictation', manifest.id, manifest.patientId, manifest.haltedAt !== null));
  host.start();
  return {
    links,
    store,
    patients,
    dictations,
    labReports,
    host,
    clock,
    questions,
    setLinking: (mode, hipId = TEST_HIP_ID) => {
      linking = mode === 'off' || hipId === null ? { mode: 'off', why: hipId === null ? 'no HIP id' : 'off', facilityName: null, hipId: null } : { mode, why: null, facilityName: 'Sandbox Clinic (test data)', hipId };
    },
    linksOf: (dictationId) => store.forItem('dictation', dictationId),
    close: async () => {
      host.stop();
      await client.close();
    },
  };
}
