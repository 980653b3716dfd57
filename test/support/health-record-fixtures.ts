/** A visit's parts as the health record tests use them: a patient with an ABHA address, the clinic, a typical prescription. */
import type { MedicationRow } from '../../contract/medication-row';
import { consultBundle, type ConsultNote } from '../../main/health-record/consult-bundle';
import type { BundleClinic, BundlePatient } from '../../main/health-record/fhir-parts';

export const TEST_HIP_ID = 'IN0000000001';

export const RAVI: BundlePatient = { name: 'Ravi Kumar (test patient)', sex: 'male', age: 41, abhaNumber: '91-1234-5678-9012', abhaAddress: 'ravi.kumar@sbx' };

export const CLINIC: BundleClinic = { hipId: TEST_HIP_ID, facilityName: 'Sandbox Clinic (test data)', practitioner: { name: 'doctor', id: 'doctor' } };

/** Three medicines as a clinic writes them. */
export const TYPICAL_MEDICINES: MedicationRow[] = [
  { name: 'Paracetamol 500 mg tablet', dose: '1-0-1', frequency: 'morning and night', duration: '5 days', instruction: 'After food' },
  { name: 'Cetirizine 10 mg tablet', dose: '0-0-1', frequency: 'at night', duration: '7 days', instruction: '—' },
  { name: 'ORS sachet', dose: '—', frequency: '3 times a day', duration: 'till review', instruction: 'Dissolve in 1 litre of water' },
];

export function typicalNote(medicines: MedicationRow[] = TYPICAL_MEDICINES): ConsultNote {
  return {
    medicines,
    text: 'Fever for three days, no cough.\n\nMedications\n1. Paracetamol 500 mg tablet — Dose: 1-0-1\n\nReview in one week with a blood report.\n',
    recordedAt: '2026-09-21T04:30:00.000Z',
    reviewedAt: '2026-09-21T04:42:00.000Z',
  };
}

let counter = 0;
/** Ids that say which test made them. */
export const sequentialIds = () => () => `00000000-0000-4000-8000-${String((counter += 1)).padStart(12, '0')}`;

/** The bundle of a typical visit, as JSON text. */
export function typicalConsultBundle(patient: BundlePatient = RAVI, note: ConsultNote = typicalNote()): string {
  return JSON.stringify(consultBundle({ note, patient, clinic: CLINIC, replaces: null, testData: true, now: new Date('2026-09-21T04:45:00Z'), newId: sequentialIds() }));
}

/** A file written for the test, as the client uploads it. */
export async function writeTempSource(name: string, bytes: Buffer) {
  const { source, writeTemp } = await import('./sandbox-fixture');
  return source(writeTemp(name, bytes), 'application/pdf');
}
