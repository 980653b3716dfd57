/**
 * A visit's records linked to the patient's health record when the visit ends: as the clinic's
 * policy says, after the doctor confirms one line with the patient (`ask`), or at once
 * (`always`); a patient whose record lacks what linking needs (an ABHA address, a name, an age,
 * a sex) is always asked, with those to add in the same step, never skipped. What the patient
 * declines is kept as declined, not asked again. A note corrected after it was linked is linked
 * again, as a new version that replaces the old, once it is reviewed again. The page hears the
 * questions and every change of a link; the links themselves go through the outbox (link-kind.ts).
 */
import { randomUUID } from 'node:crypto';
import {
  abhaAddressProblem,
  careContextId,
  normalizeAbhaAddress,
  questionLine,
  type HealthRecordQuestion,
  type LinkedItemKind,
  type VisitHealthRecord,
  type VisitLink,
} from '../../contract/health-record';
import { AGE_MAX, AGE_MESSAGE, AGE_MIN, PATIENT_NAME_MAX_CHARS, PATIENT_SEXES, patientName, type Patient, type PatientSex } from '../../contract/patients';
import type { PatientInput } from '../../contract/patient-schema';
import { refuse } from '../core/refusal';
import type { Linking } from '../settings/health-record-policy';
import { candidateOf, candidatesOf, displayOf, noteVersionOf, type Candidate, type CandidateSources } from './link-candidates';
import type { BundleClinic, BundlePatient } from './fhir-parts';
import type { LinkManifest, LinkStore } from './link-store';

/** What the doctor types in the question's one step, where the patient lacks it. */
export interface QuestionAnswer {
  patientId: string;
  agreed: boolean;
  abhaAddress?: string | null;
  name?: string | null;
  age?: number | null;
  sex?: PatientSex | null;
}

export interface VisitLinksDeps extends CandidateSources {
  store: LinkStore;
  outbox: { kick(): void; retry(id: string): void; stopFor(id: string): void };
  patients: { get(id: string): Patient | undefined; update(id: string, input: PatientInput): Patient };
  linking(): Linking;
  /** Who writes the notes (the computer's user). */
  practitioner(): { name: string; id: string };
  now(): Date;
  newId?: () => string;
  /** The questions waiting for the doctor, after every change. */
  asked(questions: HealthRecordQuestion[]): void;
  /** A patient agreed or declined (for the audit trail). */
  answered?(patientId: string, agreed: boolean, items: number): void;
}

type Needs = HealthRecordQuestion['needs'];

/** What the patient lacks before anything of theirs can be linked. */
function needsOf(patient: Patient): Needs {
  return { abhaAddress: patient.abhaAddress === null || abhaAddressProblem(patient.abhaAddress) !== null, name: patient.name === null, age: patient.age === null, sex: patient.sex === null };
}

const complete = (needs: Needs) => !needs.abhaAddress && !needs.name && !needs.age && !needs.sex;

export class VisitLinks {
  private readonly questions = new Map<string, HealthRecordQuestion>();

  constructor(private readonly deps: VisitLinksDeps) {}

  /** The visit of `patientId` has ended: their records are linked, or the question asked, as the policy says. */
  visitEnded(patientId: string): void {
    if (this.deps.linking().mode === 'off') return;
    this.linkNewVersions(patientId);
    this.offer(patientId);
  }

  /** Asks again for the patient's records never asked about (the patient's view); refused when there are none. */
  askAgain(patientId: string): void {
    const linking = this.deps.linking();
    if (linking.why) refuse('refused', linking.why);
    if (this.undecided(patientId).length === 0) refuse('refused', 'Nothing of this patient waits to be sent to their health record.');
    this.offer(patientId);
  }

  questionsNow(): HealthRecordQuestion[] {
    return [...this.questions.values()];
  }

  /** The doctor's answer for the patient: declined (kept, not asked again), or agreed with what the patient lacked. */
  answer(input: QuestionAnswer): void {
    const patient = this.deps.patients.get(input.patientId);
    if (!patient) refuse('not-found', 'This patient is no longer on this computer.');
    const undecided = this.undecided(input.patientId);
    if (!input.agreed) {
      this.asked(input.patientId);
      for (const candidate of undecided) this.keep(candidate, patient, null, null);
      if (undecided.length > 0) this.deps.answered?.(input.patientId, false, undecided.length);
      return;
    }
    const linking = this.deps.linking();
    if (linking.why) refuse('refused', linking.why);
    // Refused by field, the question stays for the doctor to mend.
    const updated = this.completed(patient, input);
    this.asked(input.patientId);
    if (undecided.length === 0) return;
    for (const candidate of undecided) this.keep(candidate, updated, 'patient', null);
    this.deps.answered?.(input.patientId, true, undecided.length);
    this.deps.outbox.kick();
  }

  /** Sends a refused link again, under its own care context id. */
  linkAgain(linkId: string): void {
    const linking = this.deps.linking();
    if (linking.why) refuse('refused', linking.why);
    this.deps.outbox.retry(linkId);
  }

  /** A record changed: a note linked before and reviewed again after a correction is linked as a new version; one halted sends nothing. */
  itemChanged(kind: LinkedItemKind, item: { id: string; patientId: string | null; reviewedAt: string | null; haltedAt?: string | null }): void {
    if (item.haltedAt) {
      for (const link of this.deps.store.forItem(kind, item.id).filter((candidate) => candidate.state === 'sending')) {
        this.deps.outbox.stopFor(link.id);
        this.deps.store.setState(link.id, 'waiting');
      }
      return;
    }
    // Only a reviewed record can be linked: the many changes of one being recorded or sent are not looked at.
    if (item.patientId !== null && item.reviewedAt !== null && this.deps.linking().mode !== 'off') this.linkNewVersion(kind, item.id);
  }

  /** A record deleted (by hand, with its patient, or its consent withdrawn): what was not linked goes with it, unsent. */
  itemRemoved(kind: LinkedItemKind, id: string): void {
    for (const link of this.deps.store.forItem(kind, id)) {
      this.deps.outbox.stopFor(link.id);
      if (link.state === 'linked' || link.state === 'accepted' || link.state === 'replaced') this.deps.store.dropBundle(link.id);
      else this.deps.store.delete(link.id);
    }
  }

  /** The patients now: the links of a patient no longer kept go too. */
  patientsKept(ids: ReadonlySet<string>): void {
    for (const link of this.deps.store.list()) {
      if (link.patientId !== null && !ids.has(link.patientId)) {
        this.deps.outbox.stopFor(link.id);
        this.deps.store.delete(link.id);
      }
    }
    for (const patientId of this.questions.keys()) if (!ids.has(patientId)) this.questions.delete(patientId);
  }

  /** A link reached its end: once a later version is in the health record, the earlier ones are replaced. */
  finished(link: LinkManifest): void {
    if (link.state !== 'linked') return;
    for (const earlier of this.deps.store.forItem(link.itemKind, link.itemId)) {
      if (earlier.linkVersion < link.linkVersion && earlier.state === 'linked') this.deps.store.setState(earlier.id, 'replaced');
    }
  }

  /** The patient's links and how linking stands, for their view. */
  visitView(patientId: string): VisitHealthRecord {
    const { mode, why, facilityName } = this.deps.linking();
    const links = this.deps.store.forPatient(patientId).sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1));
    return {
      linking: { mode, why, facilityName },
      links: links.map((link) => this.visitLinkOf(link)),
      unasked: mode === 'off' ? [] : this.undecided(patientId).map((candidate) => ({ kind: candidate.kind, id: candidate.id })),
    };
  }

  /** The links of a patient that the exchange holds (for deleting them: what the clinic must ask the exchange). */
  linkedOf(patientId: string): LinkManifest[] {
    return this.deps.store.forPatient(patientId).filter((link) => link.state === 'linked' || link.state === 'accepted' || link.state === 'replaced');
  }

  private visitLinkOf(link: LinkManifest): VisitLink {
    const latest = this.deps.store.forItem(link.itemKind, link.itemId)[0];
    const manifest = link.itemKind === 'dictation' ? this.deps.dictations.get(link.itemId) : undefined;
    const outdated = link.state === 'linked' && latest?.id === link.id && manifest !== undefined && noteVersionOf(manifest) !== link.noteVersion;
    return {
      id: link.id,
      itemKind: link.itemKind,
      itemId: link.itemId,
      state: link.state,
      careContextId: link.careContextId,
      version: link.linkVersion,
      at: link.state === 'linked' || link.state === 'refused' ? link.finishedAt : link.state === 'accepted' ? link.uploadedAt : null,
      problem: link.problem,
      outdated,
      testData: link.testData,
    };
  }

  /** The patient's records that can be linked and were never asked about (nor linked, nor waiting). */
  private undecided(patientId: string): Candidate[] {
    return candidatesOf(this.deps, patientId).filter((candidate) => this.deps.store.forItem(candidate.kind, candidate.id).length === 0);
  }

  /** Links the undecided records at once (`always`, the patient complete), or asks the doctor. */
  private offer(patientId: string): void {
    const patient = this.deps.patients.get(patientId);
    const undecided = this.undecided(patientId);
    if (!patient || undecided.length === 0) return;
    const needs = needsOf(patient);
    if (this.deps.linking().mode === 'always' && complete(needs)) {
      for (const candidate of undecided) this.keep(candidate, patient, 'policy', null);
      this.deps.outbox.kick();
      return;
    }
    this.questions.set(patientId, {
      patientId,
      who: patientName(patient),
      line: questionLine(patient),
      abhaAddress: needs.abhaAddress ? null : patient.abhaAddress,
      items: undecided.map((candidate) => ({ kind: candidate.kind, id: candidate.id, createdAt: candidate.createdAt, what: candidate.what })),
      needs,
      testData: undecided.some((candidate) => candidate.testData),
    });
    this.tell();
  }

  private linkNewVersions(patientId: string): void {
    for (const candidate of candidatesOf(this.deps, patientId)) this.linkNewVersion(candidate.kind, candidate.id);
  }

  /** A note linked before, whose reviewed version now differs: linked again as the next version, as agreed for the first. */
  private linkNewVersion(kind: LinkedItemKind, id: string): void {
    const latest = this.deps.store.forItem(kind, id)[0];
    if (!latest || latest.state !== 'linked' || latest.agreedBy === null) return;
    const candidate = candidateOf(this.deps, kind, id);
    const patient = candidate ? this.deps.patients.get(candidate.patientId) : undefined;
    if (!candidate || !patient || candidate.noteVersion === latest.noteVersion || !complete(needsOf(patient))) return;
    this.keep(candidate, patient, latest.agreedBy, latest);
    this.deps.outbox.kick();
  }

  /** Keeps a link of the candidate: its document sealed to be sent, or, declined, the answer alone. */
  private keep(candidate: Candidate, patient: Patient, agreedBy: 'patient' | 'policy' | null, previous: LinkManifest | null): LinkManifest {
    const linkVersion = previous ? previous.linkVersion + 1 : 1;
    const now = this.deps.now();
    const newId = this.deps.newId ?? randomUUID;
    const document = agreedBy === null ? null : candidate.document({ patient: this.bundlePatient(patient), clinic: this.clinic(), replaces: previous?.documentId ?? null, now, newId });
    const composition = document?.entry[0]?.resource as { identifier?: { value?: string } } | undefined;
    return this.deps.store.create({
      itemKind: candidate.kind,
      itemId: candidate.id,
      patientId: patient.id,
      abhaAddress: patient.abhaAddress ?? '',
      linkVersion,
      noteVersion: candidate.noteVersion,
      careContextId: careContextId(candidate.id, linkVersion),
      hiType: candidate.hiType,
      display: displayOf(candidate, linkVersion),
      documentId: composition?.identifier?.value ?? null,
      agreedBy,
      testData: candidate.testData,
      bundle: document ? JSON.stringify(document) : null,
    });
  }

  private bundlePatient(patient: Patient): BundlePatient {
    return { name: patient.name!, sex: patient.sex!, age: patient.age!, abhaNumber: patient.abhaNumber, abhaAddress: patient.abhaAddress! };
  }

  private clinic(): BundleClinic {
    const { hipId, facilityName } = this.deps.linking();
    return { hipId: hipId ?? '', facilityName, practitioner: this.deps.practitioner() };
  }

  /** The patient with what the doctor typed for them, kept; refused by field where it cannot be taken. */
  private completed(patient: Patient, input: QuestionAnswer): Patient {
    const needs = needsOf(patient);
    const fields: Record<string, string> = {};
    const address = needs.abhaAddress ? normalizeAbhaAddress(input.abhaAddress ?? '') : patient.abhaAddress!;
    const addressProblem = needs.abhaAddress ? abhaAddressProblem(address) : null;
    if (addressProblem) fields.abhaAddress = addressProblem;
    const name = needs.name ? (input.name ?? '').trim() : patient.name!;
    if (name === '' || name.length > PATIENT_NAME_MAX_CHARS) fields.name = 'The patient’s health record needs their name.';
    const age = needs.age ? (input.age ?? null) : patient.age;
    if (age === null || !Number.isInteger(age) || age < AGE_MIN || age > AGE_MAX) fields.age = AGE_MESSAGE;
    const sex = needs.sex ? (input.sex ?? null) : patient.sex;
    if (sex === null || !PATIENT_SEXES.includes(sex)) fields.sex = 'Choose female, male or other: the patient’s health record needs it.';
    if (Object.keys(fields).length > 0) refuse('invalid-input', Object.values(fields)[0]!, fields);
    if (!needs.abhaAddress && !needs.name && !needs.age && !needs.sex) return patient;
    return this.deps.patients.update(patient.id, { label: patient.label, name, age, sex, abhaNumber: patient.abhaNumber, abhaAddress: address });
  }

  /** The patient's question is answered: the page no longer shows it. */
  private asked(patientId: string): void {
    if (this.questions.delete(patientId)) this.tell();
  }

  private tell(): void {
    this.deps.asked(this.questionsNow());
  }
}
