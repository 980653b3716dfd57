/**
 * A visit's note as the national OPConsultRecord document (NRCES): the Composition first
 * (SNOMED 371530004 "Clinical consultation report"), its Medications section with one
 * MedicationRequest per medicine of the corrected note (or, with none, the section's
 * `emptyReason` "nil known" and a line saying so), and the note's text, as the doctor left it,
 * in a DocumentReference. A corrected version is `amended` and `replaces` the one linked before.
 * Built from the corrected note only: the service's original is never what is linked. Pure.
 */
import { NONE, type MedicationRow } from '../../contract/medication-row';
import { composition, documentBundle, entryOf, narrative, partiesOf, profile, ref, snomed, type BundleEntry, type DocumentInput, type FhirBundle, type Parties } from './fhir-parts';

/** The note as it leaves the app: its medicines and its text, with the doctor's corrections. */
export interface ConsultNote {
  medicines: MedicationRow[];
  /** The whole note as plain text. */
  text: string;
  /** When it was recorded, and when the doctor marked it reviewed (ISO 8601). */
  recordedAt: string;
  reviewedAt: string;
}

export interface ConsultBundleInput extends DocumentInput {
  note: ConsultNote;
}

export const OP_CONSULT = { profile: profile('OPConsultRecord'), code: '371530004', display: 'Clinical consultation report', title: 'Consultation Report' } as const;
const MEDICATIONS = snomed('721912009', 'Medication summary document');
const NIL_KNOWN = { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/list-empty-reason', code: 'nilknown', display: 'Nil Known' }], text: 'No medication was prescribed.' };

const cell = (value: string): string | null => (value.trim() === '' || value === NONE ? null : value.trim());

const UCUM_UNITS: Record<string, string> = { day: 'd', week: 'wk', month: 'mo', year: 'a' };

/** "5 days" as a FHIR Duration; null for anything else ("till review", "SOS"). */
function durationOf(text: string | null) {
  const match = text ? /^(\d+(?:\.\d+)?)\s*(day|week|month|year)s?$/i.exec(text.trim()) : null;
  if (!match) return null;
  const unit = match[2]!.toLowerCase();
  return { value: Number(match[1]), unit: `${unit}${match[1] === '1' ? '' : 's'}`, system: 'http://unitsofmeasure.org', code: UCUM_UNITS[unit]! };
}

/** One medicine of the note: what was written, as written; the duration also as a Duration where it is one. */
function medicationRequest(row: MedicationRow, parties: Parties, input: ConsultBundleInput): BundleEntry {
  const [name, dose, frequency, duration, instruction] = [cell(row.name), cell(row.dose), cell(row.frequency), cell(row.duration), cell(row.instruction)];
  const bounds = durationOf(duration);
  const timing = frequency || bounds ? { timing: { ...(frequency ? { code: { text: frequency } } : {}), ...(bounds ? { repeat: { boundsDuration: bounds } } : {}) } } : {};
  return entryOf({
    resourceType: 'MedicationRequest',
    id: input.newId(),
    meta: { profile: [profile('MedicationRequest')] },
    status: 'active',
    intent: 'order',
    medicationCodeableConcept: { text: name ?? 'Medicine not named' },
    subject: ref(parties.patient, input.patient.name),
    encounter: ref(parties.encounter),
    authoredOn: input.note.reviewedAt,
    requester: ref(parties.practitioner, input.clinic.practitioner.name),
    dosageInstruction: [
      {
        text: [dose, frequency, duration].filter((part) => part !== null).join(' — ') || 'As directed',
        ...(instruction ? { additionalInstruction: [{ text: instruction }] } : {}),
        ...timing,
      },
    ],
  });
}

/** The note's text as the doctor left it, in a DocumentReference the Composition refers to. */
function noteDocument(parties: Parties, input: ConsultBundleInput): BundleEntry {
  return entryOf({
    resourceType: 'DocumentReference',
    id: input.newId(),
    meta: { profile: [profile('DocumentReference')] },
    status: 'current',
    docStatus: 'final',
    type: snomed(OP_CONSULT.code, OP_CONSULT.display),
    subject: ref(parties.patient, input.patient.name),
    date: input.note.reviewedAt,
    author: [ref(parties.practitioner, input.clinic.practitioner.name)],
    content: [{ attachment: { contentType: 'text/plain; charset=utf-8', language: 'en-IN', title: 'Consultation note', creation: input.note.reviewedAt, data: Buffer.from(input.note.text, 'utf8').toString('base64') } }],
  });
}

export function consultBundle(input: ConsultBundleInput): FhirBundle {
  const { note, patient, clinic, now, newId } = input;
  const parties = partiesOf({ patient, clinic, visitStart: note.recordedAt, visitEnd: note.reviewedAt, now, newId });
  const medicines = note.medicines.map((row) => medicationRequest(row, parties, input));
  const document = noteDocument(parties, input);
  const medicineLines = note.medicines.map((row) => [row.name, row.dose, row.frequency, row.duration, row.instruction].map(cell).filter((part) => part !== null).join(' — '));
  const medicationsSection =
    medicines.length > 0
      ? { title: 'Medications', code: MEDICATIONS, text: narrative(medicineLines), entry: medicines.map((entry) => ref(entry)) }
      : { title: 'Medications', code: MEDICATIONS, text: narrative([NIL_KNOWN.text]), emptyReason: NIL_KNOWN };
  const section = [medicationsSection, { title: 'Consultation note', code: snomed(OP_CONSULT.code, OP_CONSULT.display), entry: [ref(document)] }];
  return documentBundle({ composition: composition(OP_CONSULT, parties, { ...input, date: note.reviewedAt, section }), parties, entries: [...medicines, document], now, testData: input.testData, newId });
}
