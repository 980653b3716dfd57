/**
 * What the sandbox "transcribes": it cannot understand speech, so it builds a fixed-shape
 * result chosen by the recording's fingerprint, labelled as sandbox output. Pure.
 */
import { createHash } from 'node:crypto';

export type SandboxOutcome = 'success' | 'partial' | 'failed';

export interface SandboxTransaction {
  txnId: string;
  mode: string;
  uploads: number;
  uploadedAt: number;
  audioBytes: number;
  audioSha256: string;
  outcome: SandboxOutcome;
}

const MEDICATIONS = [
  { name: 'Paracetamol 500 mg tablet', dose: ['1', '0', '1'], period: 5, unit: 'day', instruction: 'After food' },
  { name: 'Amoxicillin 500 mg capsule', dose: ['1', '1', '1'], period: 7, unit: 'day', instruction: 'Complete the course' },
  { name: 'Pantoprazole 40 mg tablet', dose: ['1', '0', '0'], period: 2, unit: 'week', instruction: 'Before breakfast' },
  { name: 'Cetirizine 10 mg tablet', dose: ['0', '0', '1'], period: 5, unit: 'day', instruction: 'At bedtime' },
  { name: 'Oral rehydration salts sachet', dose: ['1', '1', '1'], period: 3, unit: 'day', instruction: 'Dissolve in 1 litre of water' },
];

export const SANDBOX_DOCTOR_ID = 'sandbox-doctor-0001';

function encode(value: unknown): string {
  return Buffer.from(typeof value === 'string' ? value : JSON.stringify(value), 'utf8').toString('base64');
}

export function sandboxPrescription(txn: Pick<SandboxTransaction, 'audioSha256'>) {
  const fingerprint = Buffer.from(txn.audioSha256, 'hex');
  const count = 1 + ((fingerprint[0] ?? 0) % 3);
  const first = (fingerprint[1] ?? 0) % MEDICATIONS.length;
  const medications = Array.from({ length: count }, (_, index) => {
    const med = MEDICATIONS[(first + index) % MEDICATIONS.length]!;
    const perDay = med.dose.filter((dose) => dose !== '0').length;
    return {
      name: med.name,
      frequency: {
        pattern_id: `fp-${perDay}`,
        dose: med.dose,
        period: med.period,
        period_unit: med.unit,
        frequency: String(perDay),
        custom: med.dose.join('-'),
      },
      instruction: med.instruction,
      id: `sandbox-${createHash('sha256').update(`${txn.audioSha256}:${index}`).digest('hex').slice(0, 24)}`,
    };
  });
  return { prescription: { medications, language: 'EN' } };
}

function fhirBundle(txn: SandboxTransaction, medications: ReturnType<typeof sandboxPrescription>['prescription']['medications']) {
  return {
    resourceType: 'Bundle',
    type: 'document',
    id: `sandbox-${txn.txnId}`,
    timestamp: new Date(txn.uploadedAt).toISOString(),
    entry: [
      {
        resource: {
          resourceType: 'Composition',
          status: 'preliminary',
          title: 'Clinical note (sandbox test data)',
          date: new Date(txn.uploadedAt).toISOString(),
          author: [{ reference: `Practitioner/${SANDBOX_DOCTOR_ID}` }],
        },
      },
      ...medications.map((med) => ({
        resource: {
          resourceType: 'MedicationRequest',
          status: 'draft',
          intent: 'proposal',
          medicationCodeableConcept: { text: med.name },
          dosageInstruction: [{ text: `${med.frequency.custom} for ${med.frequency.period} ${med.frequency.period_unit}(s). ${med.instruction}` }],
        },
      })),
    ],
  };
}

export function additionalData(txn: SandboxTransaction) {
  return { mode: txn.mode, doctor: { _id: SANDBOX_DOCTOR_ID }, visitid: `${txn.txnId}_${txn.uploadedAt}` };
}

const TRANSCRIPT =
  '[Sandbox transcript] The sandbox does not transcribe speech. It received the recording and returns test output chosen from its fingerprint.';

/** One of a transaction's outputs, as the service gives one it made without trouble. */
function successfulOutput(template_id: string, value: string, type: string, name: string) {
  return { template_id, value, type, name, status: 'success', errors: [] as string[], warnings: [] as string[] };
}

export function sandboxOutputs(txn: SandboxTransaction) {
  const prescription = sandboxPrescription(txn);
  const transcript = successfulOutput('transcript_template', encode(`${TRANSCRIPT} Received ${txn.audioBytes} bytes in ${txn.mode} mode.`), 'transcript', 'Transcript');
  const notes = successfulOutput('clinical_notes_template', encode(fhirBundle(txn, prescription.prescription.medications)), 'fhir', 'Clinical notes (FHIR)');
  const emr = successfulOutput('eka_emr_template', encode(prescription), 'eka_emr', 'EKA EMR Template');
  if (txn.outcome === 'partial') {
    return [
      { ...emr, value: '', status: 'partial_success', errors: ['Unable to extract medication dosage'], warnings: ['Low confidence in diagnosis section'] },
      { ...notes, status: 'partial_success', warnings: ['Low confidence in diagnosis section'] },
      transcript,
    ];
  }
  return [emr, notes, transcript];
}
