/**
 * The clinic's patients, kept in one file sealed with the master key (`keys/patients.sealed`,
 * sealed-document.ts), and the one chosen for the next dictation and lab report (in memory
 * only: after a restart nobody is chosen, so a patient left over from an earlier day is never
 * used by mistake).
 *
 * One sealed file rather than a folder per patient: searching by name, label or ABHA needs
 * every patient in memory anyway, a patient is a few hundred bytes (10,000 of them under
 * 3 MB, read once at start), and one atomic write per change keeps the list whole after a
 * crash. Deleting a patient rewrites the file without them; an earlier copy of the file (a
 * backup) still holds them under the same master key, as the keyrings do with labels.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { cleanPatientInput, patientInputSchema, type PatientInput } from '../../contract/patient-schema';
import { handoutLanguage } from '../../contract/handout-languages';
import { PATIENT_SEXES, matchesPatient, type Patient, type PatientsView } from '../../contract/patients';
import { isoNow, type Clock } from '../core/clock';
import { Emitter } from '../core/emitter';
import { refuse } from '../core/refusal';
import type { DocumentOrProblem } from '../storage/data-keys';
import type { SealedDocument } from '../storage/sealed-document';

/** The patients' file, checked as read; built when it is first read (`z.lazy`), not as main's code loads before the window's first answer. */
const documentSchema = z.lazy(() => {
  const patientSchema = z.object({
    id: z.uuid(),
    label: z.string(),
    name: z.string().nullable(),
    age: z.number().int().nullable(),
    sex: z.enum(PATIENT_SEXES).nullable(),
    abhaNumber: z.string().nullable(),
    abhaAddress: z.string().nullable(),
    language: z.string().max(8).nullable().default(null),
    createdAt: z.string(),
    seenAt: z.string(),
  });

  /**
   * `serviceIds`: each patient's id at a service (its OID in the vendor's patient directory), by the
   * service's address: the id one service gave means nothing to another. An earlier version reads
   * the file without it (and forgets the ids on its next write: they are found again).
   */
  return z.object({ version: z.literal(1), patients: z.array(patientSchema), serviceIds: z.record(z.string(), z.record(z.string(), z.string())).default({}) });
});

export class PatientStore {
  private readonly patients = new Map<string, Patient>();
  /** Each patient's id at a service, by patient and service address. */
  private readonly serviceIds = new Map<string, Record<string, string>>();
  private readonly document: SealedDocument | null;
  private readonly lockedProblem: string;
  private readonly changes = new Emitter<PatientsView>();
  private visitPatientId: string | null = null;
  /** The visit's note has left the app: the next Record asks which patient it is for. */
  private visitEnded = false;
  private readonly visitChanges = new Emitter<string | null>();
  private readonly edits = new Emitter<{ before: Patient; after: Patient }>();

  /** `kept`: the sealed file, or why it cannot be opened (then no patient can be listed or chosen); `clock`: when a patient was made and last seen. */
  constructor(
    kept: DocumentOrProblem,
    private readonly clock: Pick<Clock, 'now'>,
  ) {
    this.document = 'problem' in kept ? null : kept;
    this.lockedProblem = 'problem' in kept ? kept.problem : '';
    if (!this.document || this.document.initial === null) return;
    const parsed = documentSchema.safeParse(this.document.initial);
    // Authenticated by the master key, so written by this app: a shape this version does not know is a newer version's.
    if (!parsed.success) {
      this.document = null;
      this.lockedProblem = 'The patients on this computer were saved by a newer version of Scribe Desk and cannot be read by this one. Nothing has been deleted.';
      return;
    }
    for (const patient of parsed.data.patients) this.patients.set(patient.id, patient);
    for (const [id, ids] of Object.entries(parsed.data.serviceIds)) if (this.patients.has(id)) this.serviceIds.set(id, ids);
  }

  get locked(): boolean {
    return this.document === null;
  }

  view(): PatientsView {
    const patients = [...this.patients.values()].sort((a, b) => (a.seenAt < b.seenAt ? 1 : a.seenAt > b.seenAt ? -1 : 0));
    return { patients, visitPatientId: this.visitPatientId, visitEnded: this.visitEnded };
  }

  get(id: string): Patient | undefined {
    return this.patients.get(id);
  }

  /** The patient chosen for the next dictation and lab report, or null. */
  visitPatient(): Patient | null {
    return this.visitPatientId ? (this.patients.get(this.visitPatientId) ?? null) : null;
  }

  /** The patients a search finds (name, label, ABHA number or address), latest seen first. */
  search(query: string): Patient[] {
    return this.view().patients.filter((patient) => matchesPatient(patient, query));
  }

  /** A new patient, checked; `choose`: also the one for this visit. */
  create(input: PatientInput, options: { choose?: boolean } = {}): Patient {
    const checked = this.checked(input);
    const at = isoNow(this.clock);
    const patient: Patient = { id: randomUUID(), language: null, ...checked, createdAt: at, seenAt: at };
    this.patients.set(patient.id, patient);
    const changed = options.choose ? this.startVisit(patient.id) : false;
    this.persist();
    if (changed) this.visitChanges.emit(patient.id);
    return patient;
  }

  update(id: string, input: PatientInput): Patient {
    const current = this.existing(id);
    const patient: Patient = { ...current, ...this.checked(input) };
    this.patients.set(id, patient);
    this.persist();
    this.edits.emit({ before: current, after: patient });
    return patient;
  }

  /** Every change of a patient's details, however it was made (the form, registration, the health record's question). */
  onEdit(listener: (edit: { before: Patient; after: Patient }) => void): () => void {
    return this.edits.on(listener);
  }

  /** The language the patient reads (null: not known), as the doctor said it once. */
  setLanguage(id: string, language: string | null): Patient {
    const current = this.existing(id);
    if (language !== null && !handoutLanguage(language)) refuse('invalid-input', 'Choose one of the languages handouts are made in, or leave it unknown.', { language: 'Choose one of the listed languages.' });
    const patient: Patient = { ...current, language };
    this.patients.set(id, patient);
    this.persist();
    return patient;
  }

  /** Chooses the patient of the visit (null: nobody); they are then among today's, and their visit is under way. */
  choose(id: string | null): PatientsView {
    this.openDocument();
    if (id === null) return this.endVisit();
    const patient = this.existing(id);
    this.patients.set(id, { ...patient, seenAt: isoNow(this.clock) });
    const changed = this.startVisit(id);
    this.persist();
    if (changed) this.visitChanges.emit(id);
    return this.view();
  }

  /** "Next patient": nobody is chosen. */
  endVisit(): PatientsView {
    const changed = this.visitPatientId !== null;
    this.visitPatientId = null;
    this.visitEnded = false;
    this.changes.emit(this.view());
    if (changed) this.visitChanges.emit(null);
    return this.view();
  }

  /** A note of `patientId` has left the app: if they are the visit's patient, their visit has ended (the next Record asks again). */
  noteLeft(patientId: string | null): void {
    if (patientId === null || patientId !== this.visitPatientId || this.visitEnded) return;
    this.visitEnded = true;
    this.changes.emit(this.view());
  }

  /** Hears the visit's patient change (null: nobody chosen): what was another patient's leaves the screen and the clipboard. */
  onVisitChange(listener: (patientId: string | null) => void): () => void {
    return this.visitChanges.on(listener);
  }

  /** The patient's id at the service at `address` (X-Pt-Id), or null when none is kept. */
  serviceIdOf(id: string, address: string): string | null {
    return this.serviceIds.get(id)?.[address] ?? null;
  }

  /** Keeps the patient's id at the service at `address`. */
  keepServiceId(id: string, address: string, serviceId: string): void {
    this.existing(id);
    this.serviceIds.set(id, { ...this.serviceIds.get(id), [address]: serviceId });
    this.persist();
  }

  delete(id: string): void {
    this.openDocument();
    this.serviceIds.delete(id);
    if (!this.patients.delete(id)) return;
    const wasVisit = this.visitPatientId === id;
    if (wasVisit) {
      this.visitPatientId = null;
      this.visitEnded = false;
    }
    this.persist();
    if (wasVisit) this.visitChanges.emit(null);
  }

  /** Makes `id` the visit's patient, its visit under way; whether the patient changed. */
  private startVisit(id: string): boolean {
    const changed = this.visitPatientId !== id;
    this.visitPatientId = id;
    this.visitEnded = false;
    return changed;
  }

  onChange(listener: (view: PatientsView) => void): () => void {
    return this.changes.on(listener);
  }

  private existing(id: string): Patient {
    this.openDocument();
    const patient = this.patients.get(id);
    if (!patient) refuse('not-found', 'This patient is no longer on this computer.');
    return patient;
  }

  private checked(input: PatientInput) {
    this.openDocument();
    const parsed = patientInputSchema.safeParse(input);
    if (!parsed.success) {
      const fields = Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0] ?? 'label'), issue.message]));
      refuse('invalid-input', Object.values(fields)[0] ?? 'The patient cannot be saved as typed.', fields);
    }
    return cleanPatientInput(parsed.data);
  }

  private openDocument(): SealedDocument {
    if (!this.document) refuse('storage', this.lockedProblem);
    return this.document;
  }

  private persist(): void {
    this.openDocument().write({ version: 1, patients: [...this.patients.values()], serviceIds: Object.fromEntries(this.serviceIds) });
    this.changes.emit(this.view());
  }
}
