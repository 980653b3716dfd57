/**
 * A clinic's side of linking, for unit tests: patients in their sealed file, dictations as the
 * store reads them (completed, reviewed, corrected as a test says), the links' store, the one
 * outbox host on a driven clock that the sandbox shares, and the visit's links over them all.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { HealthRecordQuestion, HealthRecordLinking } from '../../contract/health-record';
import { ServiceClient } from '../../main/api/service-client';
import { staticToken } from '../../main/api/token-source';
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
import { DictationsDouble, LabReportsDouble } from './record-doubles';
import type { FakeClock } from './fake-clock';
import { TEST_HIP_ID } from './health-record-fixtures';
import { testKeyring } from './store-fixture';
import { tempFolder } from './temp-folder';

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
  dictations.onChange((manifest) => links.itemChanged('dictation', manifest));
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
