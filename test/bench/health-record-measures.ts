/**
 * The patient's health record, measured in plain Node against the sandbox on loopback: a visit's
 * end to the exchange's 202 for its note (the clinic's policy `always`, a new patient each time:
 * their record at the service found or made, the corrected note made a national bundle, sealed,
 * sent by the outbox), against a bare POST of the same bundle; and the bytes a typical
 * prescription's bundle takes, against the note as plain text.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { request } from 'undici';
import { careContextId } from '../../contract/health-record';
import { ServiceClient } from '../../main/api/service-client';
import { staticToken } from '../../main/api/token-source';
import { systemClock } from '../../main/core/clock';
import { linkKind } from '../../main/health-record/link-kind';
import { LinkStore } from '../../main/health-record/link-store';
import { VisitLinks } from '../../main/health-record/visit-links';
import { OutboxHost } from '../../main/outbox/outbox-host';
import { PatientStore } from '../../main/patients/patient-store';
import { ServicePatients } from '../../main/patients/service-patient';
import { SandboxServer } from '../../main/sandbox/sandbox-server';
import { ServiceHealth } from '../../main/service/service-health';
import { ItemKeyring } from '../../main/storage/item-keyring';
import { SealedDocument } from '../../main/storage/sealed-document';
import { RAVI, TEST_HIP_ID, typicalConsultBundle, typicalNote } from '../support/health-record-fixtures';
import { DictationsDouble, LabReportsDouble, RAVI_INPUT } from '../support/record-doubles';

export interface LinkFigures {
  acceptedMs: number[];
  barePostMs: number[];
  bundleBytes: number;
  base64Bytes: number;
  noteBytes: number;
}

const THREE_MEDICINES = [
  { name: 'Paracetamol 500 mg tablet', frequency: { dose: ['1', '0', '1'], period: 5, period_unit: 'days' } },
  { name: 'Cetirizine 10 mg tablet', frequency: { dose: ['0', '0', '1'], period: 7, period_unit: 'days' } },
  { name: 'ORS sachet', frequency: { dose: ['1', '1', '1'], period: 3, period_unit: 'days' } },
];

/** `visits` visits, each of a new patient, each waited for before the next. */
export async function visitEndToAccepted(work: string, visits: number): Promise<LinkFigures> {
  const sandbox = await SandboxServer.start({ faults: { processingMs: 0, linkDelayMs: 0 } });
  const folder = join(work, `health-record-${Date.now()}`);
  const patients = new PatientStore(new SealedDocument(join(work, `patients-${Date.now()}.sealed`), randomBytes(32), null, 'patients'));
  const store = new LinkStore(join(folder, 'links'), new ItemKeyring(join(folder, 'keys.sealed'), randomBytes(32)));
  const client = new ServiceClient(() => ({ baseUrl: sandbox.url, auth: staticToken(sandbox.token), clientId: 'EC_BENCH' }));
  const servicePatients = new ServicePatients(patients, client);
  const dictations = new DictationsDouble();
  const host = new OutboxHost({ health: new ServiceHealth(), isOnline: () => true, clock: systemClock });
  const linking = { mode: 'always' as const, why: null, facilityName: 'Bench Clinic (test data)', hipId: TEST_HIP_ID };
  const outbox = host.register(
    linkKind({ store, client, servicePatientId: async (id, signal) => (await servicePatients.idOf(id, { create: true, signal }))!, hipId: () => ({ hipId: TEST_HIP_ID }), itemHeld: () => false, clock: systemClock }),
  );
  const links = new VisitLinks({ store, outbox, dictations, labReports: new LabReportsDouble(), patientOf: (id) => patients.get(id), patients, linking: () => linking, practitioner: () => ({ name: 'bench', id: 'bench' }), now: () => new Date(), asked: () => {} });
  host.start();
  const acceptedMs: number[] = [];
  const barePostMs: number[] = [];
  try {
    for (let visit = 0; visit < visits; visit += 1) {
      const patient = patients.create({ ...RAVI_INPUT, abhaAddress: `bench.patient${visit}@sbx` });
      const note = dictations.add(patient.id, THREE_MEDICINES);
      const accepted = new Promise<void>((resolve) => {
        const off = store.onChange((link) => {
          if (link.itemId === note.id && link.state === 'accepted') {
            off();
            resolve();
          }
        });
      });
      const start = performance.now();
      links.visitEnded(patient.id);
      await accepted;
      acceptedMs.push(performance.now() - start);

      // The baseline: the same bundle posted as it is, no patient record, no outbox.
      const oid = patients.serviceIdOf(patient.id, sandbox.url)!;
      const bundle = typicalConsultBundle({ ...RAVI, abhaAddress: `bench.patient${visit}@sbx` });
      const body = JSON.stringify({ abha_address: `bench.patient${visit}@sbx`, oid, partner_user_id: patient.id, care_contexts: [{ care_context_id: `${careContextId(note.id, 1)}-bare`, display: 'Bench', hi_type: 'OPConsultation', data: Buffer.from(bundle).toString('base64') }] });
      const bare = performance.now();
      const answer = await request(`${sandbox.url}/abdm/v1/care-contexts/link`, {
        method: 'POST',
        headers: { authorization: `Bearer ${sandbox.token}`, 'content-type': 'application/json', 'x-pt-id': oid, 'x-hip-id': TEST_HIP_ID },
        body,
      });
      await answer.body.dump();
      if (answer.statusCode !== 202) throw new Error(`the bare link was answered ${answer.statusCode}`);
      barePostMs.push(performance.now() - bare);
    }
  } finally {
    host.stop();
    await client.close();
    await sandbox.stop();
  }
  const bundle = typicalConsultBundle();
  return {
    acceptedMs,
    barePostMs,
    bundleBytes: Buffer.byteLength(bundle),
    base64Bytes: Buffer.from(bundle).toString('base64').length,
    noteBytes: Buffer.byteLength(typicalNote().text),
  };
}
