import { randomBytes } from 'node:crypto';
import { dirname } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { careContextId } from '../../../contract/health-record';
import { ServiceClient } from '../../../main/api/service-client';
import { staticToken } from '../../../main/api/token-source';
import { systemClock } from '../../../main/core/clock';
import { clearTextIn } from '../../support/clear-text';
import { FakeClock } from '../../support/fake-clock';
import { refusalOf } from '../../support/failures';
import { profileProblems } from '../../support/nrces-profiles';
import { useSandbox } from '../../support/sandbox-fixture';
import { tempFolder } from '../../support/temp-folder';
import { RAVI_INPUT } from '../../support/record-doubles';
import { visitLinksRig, type Rig } from '../../support/visit-links-rig';

let rig: Rig | null = null;
let clock: FakeClock | null = null;
const env = useSandbox({}, { clock: () => clock ?? systemClock });
afterEach(async () => {
  await rig?.close();
  rig = null;
  clock = null;
});

function setUp(): Rig {
  clock = FakeClock.driven(() => rig?.host.idle() ?? true);
  rig = visitLinksRig(() => env.sandbox, clock);
  return rig;
}

/** Ravi's visit: a reviewed note, the visit ended, the patient agreed. */
function agreedVisit(rig: Rig) {
  const ravi = rig.patients.create(RAVI_INPUT);
  const note = rig.dictations.add(ravi.id, PARACETAMOL);
  rig.links.visitEnded(ravi.id);
  rig.links.answer({ patientId: ravi.id, agreed: true });
  return { ravi, note };
}

const PARACETAMOL = [{ name: 'Paracetamol 500 mg tablet', frequency: { dose: ['1', '0', '1'], period: 5, period_unit: 'days' } }];
const stateOf = (rig: Rig, dictationId: string) => rig.linksOf(dictationId)[0]?.state;
const settled = (rig: Rig, dictationId: string, state: string) => expect.poll(() => stateOf(rig, dictationId), { timeout: 10_000, interval: 10 }).toBe(state);
const linkRequests = () => env.sandbox.received.filter((request) => request.operation === 'careContextLink');
/** The bundle the sandbox's exchange holds of a care context, as the app sent it (decoded from what the sandbox kept). */
const sentBundles = () => env.sandbox.healthRecords().careContexts;
/** The patient's record at the service made before the test's faults are set, so that those meet the link alone. */
const patientAtService = async (patientId: string) => {
  const client = new ServiceClient(() => ({ baseUrl: env.sandbox.url, auth: staticToken(env.sandbox.token), clientId: 'EC_TEST' }));
  const oid = await client.createServicePatient({ partnerPatientId: patientId, name: 'Ravi Kumar', birthYear: 1985, sex: 'M', abhaAddress: 'ravi.kumar@sbx' });
  await client.close();
  return oid;
};

describe('a visit linked when it ends, with the patient’s agreement', () => {
  it('asks one line; agreed, the reviewed note is linked under the patient’s id at the service, kept on them', async () => {
    const { links, patients, dictations } = setUp();
    const ravi = patients.create(RAVI_INPUT);
    const note = dictations.add(ravi.id, PARACETAMOL);
    links.visitEnded(ravi.id);
    expect(links.questionsNow()).toEqual([
      {
        patientId: ravi.id,
        who: 'Ravi Kumar',
        line: 'Send this visit to Ravi Kumar’s health record (ravi.kumar@sbx)?',
        abhaAddress: 'ravi.kumar@sbx',
        items: [{ kind: 'dictation', id: note.id, createdAt: note.createdAt, what: 'Consultation note' }],
        needs: { abhaAddress: false, name: false, age: false, sex: false },
        testData: false,
      },
    ]);
    expect(linkRequests()).toEqual([]);
    links.answer({ patientId: ravi.id, agreed: true });
    expect(links.questionsNow()).toEqual([]);
    await settled(rig!, note.id, 'linked');
    const [sent] = linkRequests();
    const oid = patients.serviceIdOf(ravi.id, env.sandbox.url);
    expect(oid).toMatch(/^sandbox-pt-/);
    expect(sent!.headers).toMatchObject({ 'x-pt-id': oid, 'x-partner-pt-id': ravi.id, 'x-hip-id': 'IN0000000001' });
    expect(sentBundles()).toMatchObject([{ careContextId: careContextId(note.id, 1), hiType: 'OPConsultation', outcome: 'LINKED' }]);
    // Sealed at rest: nothing on the disk names the patient, their address or their medicines.
    expect(clearTextIn(dirname(rig!.store.root), ['Ravi', 'ravi.kumar', 'Paracetamol', oid!])).toEqual([]);
  });

  it('the bundle is the corrected note, never the service’s original', async () => {
    const { links, patients, dictations, store } = setUp();
    const ravi = patients.create(RAVI_INPUT);
    const note = dictations.add(ravi.id, PARACETAMOL);
    dictations.correct(note.id, [{ name: 'Azithromycin 500 mg tablet', dose: '1-0-0', frequency: 'in the morning', duration: '3 days', instruction: '—' }], '2026-09-21T04:40:00.000Z');
    // Corrected and not yet reviewed again: nothing to link.
    links.visitEnded(ravi.id);
    expect(links.questionsNow()).toEqual([]);
    dictations.review(note.id, '2026-09-21T04:41:00.000Z');
    links.visitEnded(ravi.id);
    links.answer({ patientId: ravi.id, agreed: true });
    const bundle = JSON.parse(store.readBundle(rig!.linksOf(note.id)[0]!.id));
    expect(profileProblems(bundle, 'OPConsultRecord')).toEqual([]);
    const medicines = bundle.entry.filter((entry: { resource: { resourceType: string } }) => entry.resource.resourceType === 'MedicationRequest');
    expect(medicines.map((entry: { resource: { medicationCodeableConcept: { text: string } } }) => entry.resource.medicationCodeableConcept.text)).toEqual(['Azithromycin 500 mg tablet']);
    expect(JSON.stringify(bundle)).not.toContain('Paracetamol');
  });

  it('declined: kept as declined, nothing sent, not asked again', async () => {
    const { links, patients, dictations } = setUp();
    const ravi = patients.create(RAVI_INPUT);
    const note = dictations.add(ravi.id, PARACETAMOL);
    links.visitEnded(ravi.id);
    links.answer({ patientId: ravi.id, agreed: false });
    expect(stateOf(rig!, note.id)).toBe('declined');
    links.visitEnded(ravi.id);
    expect(links.questionsNow()).toEqual([]);
    expect(links.visitView(ravi.id).links).toMatchObject([{ state: 'declined', itemId: note.id }]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(linkRequests()).toEqual([]);
  });

  it('`always`: linked without a question; a patient without an ABHA address still gets the one step to add it, never a silent skip', async () => {
    const { links, patients, dictations, setLinking } = setUp();
    setLinking('always');
    const ravi = patients.create(RAVI_INPUT);
    const note = dictations.add(ravi.id, PARACETAMOL);
    links.visitEnded(ravi.id);
    expect(links.questionsNow()).toEqual([]);
    await settled(rig!, note.id, 'linked');
    expect(rig!.linksOf(note.id)[0]!.agreedBy).toBe('policy');

    const sita = patients.create({ label: 'Bed 4', name: null, age: null, sex: null, abhaNumber: null, abhaAddress: null });
    const hers = dictations.add(sita.id, PARACETAMOL);
    links.visitEnded(sita.id);
    expect(links.questionsNow()).toMatchObject([{ patientId: sita.id, line: 'Send this visit to Bed 4’s health record?', needs: { abhaAddress: true, name: true, age: true, sex: true } }]);
    // An ABHA address of the wrong form is refused by field; the question stays.
    const wrong = refusalOf(() => links.answer({ patientId: sita.id, agreed: true, abhaAddress: 'sita@gmail.com', name: 'Sita Devi', age: 30, sex: 'female' }));
    expect(wrong).toMatchObject({ kind: 'invalid-input', fields: { abhaAddress: expect.stringContaining('@abdm') } });
    expect(links.questionsNow()).toHaveLength(1);
    links.answer({ patientId: sita.id, agreed: true, abhaAddress: ' Sita.Devi@SBX ', name: 'Sita Devi', age: 30, sex: 'female' });
    expect(patients.get(sita.id)).toMatchObject({ label: 'Bed 4', name: 'Sita Devi', age: 30, sex: 'female', abhaAddress: 'sita.devi@sbx' });
    await settled(rig!, hers.id, 'linked');
  });

  it('off, or no HIP id: nothing is asked or sent, and the patient’s view says why', () => {
    const { links, patients, dictations, setLinking } = setUp();
    const ravi = patients.create(RAVI_INPUT);
    dictations.add(ravi.id, PARACETAMOL);
    setLinking('ask', null);
    links.visitEnded(ravi.id);
    expect(links.questionsNow()).toEqual([]);
    expect(links.visitView(ravi.id)).toMatchObject({ linking: { mode: 'off', why: 'no HIP id' }, links: [], unasked: [] });
  });
});

describe('a checked lab report', () => {
  it('is linked beside the note as a DiagnosticReport; one that names another patient is never offered', async () => {
    const { links, patients, dictations, labReports, store } = setUp();
    const ravi = patients.create(RAVI_INPUT);
    dictations.add(ravi.id, PARACETAMOL);
    const report = labReports.add(ravi.id, { patientName: 'Ravi Kumar', age: '41 years', gender: 'Male', sampleDate: null, lab: 'Sandbox Diagnostics (test data)', doctor: null });
    const someoneElses = labReports.add(ravi.id, { patientName: 'Sunita Sharma', age: '54 years', gender: 'Female', sampleDate: null, lab: null, doctor: null });
    links.visitEnded(ravi.id);
    expect(links.questionsNow()[0]!.items.map((item) => [item.kind, item.what])).toEqual([
      ['dictation', 'Consultation note'],
      ['lab-report', 'Lab report'],
    ]);
    links.answer({ patientId: ravi.id, agreed: true });
    await expect.poll(() => store.forItem('lab-report', report.id)[0]?.state, { timeout: 10_000, interval: 10 }).toBe('linked');
    const bundle = JSON.parse(store.readBundle(store.forItem('lab-report', report.id)[0]!.id));
    expect(profileProblems(bundle, 'DiagnosticReportRecord')).toEqual([]);
    expect(sentBundles().map((context) => context.hiType).sort()).toEqual(['DiagnosticReport', 'OPConsultation']);
    expect(store.forItem('lab-report', someoneElses.id)).toEqual([]);
  });
});

describe('the service’s answers that are not a link', () => {
  it('a 403 in plain text refuses the link with the gateway’s words; an unreadable linked list is retried, then said', async () => {
    const { links, patients, dictations } = setUp();
    const ravi = patients.create(RAVI_INPUT);
    const note = dictations.add(ravi.id, PARACETAMOL);
    // The patient's id at the service is kept already: the gateway's refusal meets the link itself.
    patients.keepServiceId(ravi.id, env.sandbox.url, await patientAtService(ravi.id));
    links.visitEnded(ravi.id);
    env.sandbox.setFaults({ rawNext: [{ status: 403, headers: {}, body: 'Forbidden: HIP IN0000000001 is not registered', contentType: 'text/plain' }] });
    links.answer({ patientId: ravi.id, agreed: true });
    await settled(rig!, note.id, 'refused');
    expect(links.visitView(ravi.id).links[0]!.problem).toBe('The service refused to link this visit (HTTP 403: “Forbidden: HIP IN0000000001 is not registered”): this account may not link records for this HIP id.');

    env.sandbox.setFaults({ malformedNext: 6 });
    links.linkAgain(links.visitView(ravi.id).links[0]!.id);
    await settled(rig!, note.id, 'refused');
    expect(links.visitView(ravi.id).links[0]!.problem).toMatch(/^The service sent an answer the app does not understand/);
  });
});

describe('crash-safe, offline, once', () => {
  it('ABDM-1022 is retried with back-off, and linked once', async () => {
    env.sandbox.setFaults({ abdmTooManyNext: 2 });
    const { note } = agreedVisit(setUp());
    await settled(rig!, note.id, 'linked');
    expect(linkRequests().map((request) => request.status)).toEqual([500, 500, 202]);
    expect(sentBundles()).toHaveLength(1);
  });

  it('refused by the exchange: the reason is shown; "Link again" links it under the same care context id', async () => {
    env.sandbox.setFaults({ linkErrorNext: 1 });
    const { links, patients } = setUp();
    const { ravi, note } = agreedVisit(rig!);
    await settled(rig!, note.id, 'refused');
    const [refused] = links.visitView(ravi.id).links;
    expect(refused).toMatchObject({ state: 'refused', problem: expect.stringMatching(/^The health exchange did not link it: The consent manager could not link/) });
    links.linkAgain(refused!.id);
    await settled(rig!, note.id, 'linked');
    expect(new Set(linkRequests().map((request) => JSON.stringify(request.json)))).toEqual(new Set([JSON.stringify({ oid: patients.serviceIdOf(ravi.id, env.sandbox.url), care_contexts: [{ care_context_id: careContextId(note.id, 1), hi_type: 'OPConsultation' }] })]));
  });

  it('a link cut off by a crash is sent again after the restart, and "already linked" counts as linked', async () => {
    const folder = tempFolder();
    const keys = { patients: randomBytes(32), links: randomBytes(32) };
    clock = FakeClock.driven(() => rig?.host.idle() ?? true);
    const first = visitLinksRig(() => env.sandbox, clock, folder, keys);
    rig = first;
    const ravi = first.patients.create(RAVI_INPUT);
    const note = first.dictations.add(ravi.id, PARACETAMOL);
    first.links.visitEnded(ravi.id);
    first.links.answer({ patientId: ravi.id, agreed: true });
    await settled(first, note.id, 'linked');
    // As if the app had stopped after the exchange took it, before its answer was kept.
    first.store.update(first.linksOf(note.id)[0]!.id, { state: 'sending', uploadedAt: null, finishedAt: null });
    await first.close();

    const again = visitLinksRig(() => env.sandbox, clock, folder, keys);
    rig = again;
    expect(stateOf(again, note.id)).toBe('waiting');
    await settled(again, note.id, 'linked');
    expect(linkRequests().map((request) => request.status)).toEqual([202, 400]);
    expect(sentBundles()).toHaveLength(1);
  });
});

describe('corrected after it was linked, withdrawn, or deleted', () => {
  it('a note corrected and reviewed again after it was linked is linked as a new version that replaces the old', async () => {
    const { links, dictations } = setUp();
    const { ravi, note } = agreedVisit(rig!);
    await settled(rig!, note.id, 'linked');
    dictations.correct(note.id, [], '2026-09-21T06:00:00.000Z');
    // Until it is reviewed again, the view says the health record holds an older version.
    expect(links.visitView(ravi.id).links).toMatchObject([{ version: 1, state: 'linked', outdated: true }]);
    dictations.review(note.id, '2026-09-21T06:01:00.000Z');
    await settled(rig!, note.id, 'linked');
    const [second, first] = rig!.linksOf(note.id);
    expect(second).toMatchObject({ linkVersion: 2, careContextId: careContextId(note.id, 2), agreedBy: 'patient' });
    expect(first).toMatchObject({ linkVersion: 1, state: 'replaced' });
    const bundle = JSON.parse(rig!.store.readBundle(second!.id));
    expect(bundle.entry[0].resource).toMatchObject({ status: 'amended', relatesTo: [{ code: 'replaces', targetIdentifier: { value: first!.documentId } }] });
    // A note with no medicines says so, and is linked all the same.
    expect(bundle.entry[0].resource.section[0]).toMatchObject({ emptyReason: { coding: [{ code: 'nilknown' }] } });
    expect(profileProblems(bundle, 'OPConsultRecord')).toEqual([]);
  });

  it('a consultation whose withdrawal was pressed is never linked; destroyed, its waiting link goes with it', async () => {
    const { links, patients, dictations } = setUp();
    const ravi = patients.create(RAVI_INPUT);
    const halted = dictations.add(ravi.id, PARACETAMOL, { haltedAt: '2026-09-21T04:50:00.000Z' });
    links.visitEnded(ravi.id);
    expect(links.questionsNow()).toEqual([]);
    const note = dictations.add(ravi.id, PARACETAMOL);
    links.visitEnded(ravi.id);
    links.answer({ patientId: ravi.id, agreed: true });
    // Withdrawal pressed before it went: held, then destroyed.
    dictations.change(note.id, { haltedAt: '2026-09-21T04:51:00.000Z' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(stateOf(rig!, note.id)).toBe('waiting');
    dictations.remove(note.id);
    links.itemRemoved('dictation', note.id);
    expect(rig!.linksOf(note.id)).toEqual([]);
    expect(rig!.linksOf(halted.id)).toEqual([]);
    expect(linkRequests()).toEqual([]);
  });

  it('deleting a patient takes their links with them; what was linked is listed first', async () => {
    const { links, patients } = setUp();
    const { ravi, note } = agreedVisit(rig!);
    await settled(rig!, note.id, 'linked');
    expect(links.linkedOf(ravi.id).map((link) => link.careContextId)).toEqual([careContextId(note.id, 1)]);
    patients.delete(ravi.id);
    links.patientsKept(new Set(patients.view().patients.map((patient) => patient.id)));
    expect(rig!.store.list()).toEqual([]);
  });
});
