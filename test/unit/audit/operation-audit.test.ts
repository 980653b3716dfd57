/**
 * Every page operation is placed in the audit table, and what the table writes for the
 * operations that touch patient data: done or refused (by the reason's kind, never its
 * message), the patient as it was before the operation, nothing for a cancelled dialog, and a
 * deleted patient whose pseudonym then leads nowhere. The handlers are stand-ins that answer or
 * throw as the real ones do; the trail is a real one.
 */
import { describe, expect, it } from 'vitest';
import { OPERATION_NAMES } from '../../../contract/ipc-names';
import type { OperationHandlers } from '../../../contract/operation-handlers';
import type { AuditEvent } from '../../../main/audit/audit-event';
import { AccountAudit } from '../../../main/audit/account-audit';
import { shortcutCopied } from '../../../main/audit/feature-hooks';
import { consentKept, recordConsent } from '../../../main/consent/consent-audit';
import { OPERATION_AUDIT, auditedHandlers, type AuditLookups } from '../../../main/audit/operation-audit';
import { policyEvents, serviceWord } from '../../../main/audit/policy-audit';
import { retentionDays } from '../../../main/audit/trail-retention';
import { Refusal } from '../../../main/core/refusal';
import { loadPolicy } from '../../../main/settings/policy';
import { POLICY_KEYS } from '../../../main/settings/policy-kinds';
import { testTrail } from '../../support/audit-fixture';
import { tempFolder } from '../../support/temp-folder';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const PATIENT = '6f1d2c3b-4a59-4e87-9b1a-2c3d4e5f6a7b';
const DICTATION = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

const LOOKUPS: AuditLookups = {
  dictationPatient: (id) => (id === DICTATION ? PATIENT : null),
  labReportPatient: () => null,
  documentPatient: () => PATIENT,
  recordingNow: () => null,
  labReportIds: () => [],
  patientIds: () => [PATIENT],
  itemsOfPatient: () => [
    { kind: 'dictation', id: DICTATION },
    { kind: 'lab-report', id: 'l-1' },
  ],
  service: () => 'sandbox',
};

function handlersThat(overrides: Partial<OperationHandlers>): OperationHandlers {
  const refuseAll = () => {
    throw new Error('not called in this test');
  };
  return { ...(Object.fromEntries(OPERATION_NAMES.map((name) => [name, refuseAll])) as unknown as OperationHandlers), ...overrides };
}

function writtenEvents() {
  const events: AuditEvent[] = [];
  return { events, writer: { record: (event: AuditEvent) => events.push(event) } };
}

const kindOf = (error: unknown) => (error instanceof Refusal ? error.kind : 'unexpected');

describe('the page operations in the audit trail', () => {
  it('places every operation of the contract', () => {
    expect(Object.keys(OPERATION_AUDIT).sort()).toEqual([...OPERATION_NAMES].sort());
  });

  it('writes what was done, with the patient the item had before, and a refusal by its kind, never its words', async () => {
    const { events, writer } = writtenEvents();
    const handlers = auditedHandlers(
      handlersThat({
        getDictation: () => ({ result: { state: 'completed', outputs: [{}], context: {}, transcript: 'heard' } }) as never,
        copyNote: () => {
          throw new Refusal('refused', 'The note of the dictation Test Patient Asha is not marked reviewed.');
        },
        exportNote: () => null,
        setDictationPatient: () => ({}) as never,
      }),
      writer,
      LOOKUPS,
      kindOf,
    );
    await handlers.getDictation({ id: DICTATION });
    await expect(handlers.copyNote({ id: DICTATION })).rejects.toThrow('not marked reviewed');
    await handlers.exportNote({ id: DICTATION });
    await handlers.setDictationPatient({ id: DICTATION, patientId: null });
    expect(events).toEqual([
      { action: 'note-viewed', item: { kind: 'dictation', id: DICTATION }, patientId: PATIENT, outcome: { done: true }, detail: { what: 'note and transcript' } },
      {
        action: 'copied',
        item: { kind: 'dictation', id: DICTATION },
        patientId: PATIENT,
        outcome: { done: false, reason: "the app's rules or the administrator's policy refused it" },
        detail: { what: 'note', how: 'by the page' },
      },
      { action: 'item-patient-changed', item: { kind: 'dictation', id: DICTATION }, patientId: PATIENT, outcome: { done: true }, detail: { how: 'moved to another patient' } },
    ]);
    expect(JSON.stringify(events)).not.toContain('Asha');
  });

  it('a document made from a recording: asked for, opened, copied, printed (a cancelled print is nothing), saved as PDF, its patient the dictation’s', async () => {
    const { events, writer } = writtenEvents();
    const DOCUMENT = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c99';
    const handlers = auditedHandlers(
      handlersThat({
        requestDocument: () => ({ id: DOCUMENT }) as never,
        openDocument: () => ({ text: 'मरीज़ के लिए निर्देश' }) as never,
        copyDocument: () => undefined,
        printDocument: () => false,
        saveDocumentPdf: () => '/home/doctor/handout.pdf',
      }),
      writer,
      LOOKUPS,
      kindOf,
    );
    await handlers.requestDocument({ dictationId: DICTATION, templateId: 'sandbox_patient_handout', forPatient: true });
    await handlers.openDocument({ id: DOCUMENT });
    await handlers.copyDocument({ id: DOCUMENT });
    await handlers.printDocument({ id: DOCUMENT });
    await handlers.saveDocumentPdf({ id: DOCUMENT });
    const item = { kind: 'document', id: DOCUMENT };
    expect(events).toEqual([
      { action: 'document-requested', item, patientId: PATIENT, outcome: { done: true }, detail: { what: 'handout in the patient’s language', how: 'by the page' } },
      { action: 'document-viewed', item, patientId: PATIENT, outcome: { done: true }, detail: { what: 'document' } },
      { action: 'copied', item, patientId: PATIENT, outcome: { done: true }, detail: { what: 'document', how: 'by the page' } },
      { action: 'exported', item, patientId: PATIENT, outcome: { done: true }, detail: { what: 'document (PDF)', how: 'by the page' } },
    ]);
    expect(JSON.stringify(events)).not.toMatch(/मरीज़|handout\.pdf/);
  });

  it('deletes a patient: their items first, then them, and their pseudonym leads nowhere after', async () => {
    const { trail, keys } = testTrail(tempFolder());
    const pseudonym = keys.pseudonymOf(PATIENT);
    const handlers = auditedHandlers(handlersThat({ deletePatient: () => undefined }), trail, LOOKUPS, kindOf);
    const written: string[] = [];
    trail.onEntry((entry) => written.push(`${entry.action} ${entry.item?.kind} ${entry.detail.how ?? ''} ${entry.patient === pseudonym ? 'P' : '-'}`));
    await handlers.deletePatient({ id: PATIENT, items: 2 });
    expect(written).toEqual(['deleted dictation with a patient P', 'deleted lab-report with a patient P', 'deleted patient by hand P']);
    expect(keys.patientOf(pseudonym)).toBeNull();
  });

  it('leaves a refused deletion its pseudonym', async () => {
    const { trail, keys } = testTrail(tempFolder());
    const pseudonym = keys.pseudonymOf(PATIENT);
    const handlers = auditedHandlers(
      handlersThat({
        deletePatient: () => {
          throw new Refusal('busy', 'A dictation for this patient is being recorded.');
        },
      }),
      trail,
      LOOKUPS,
      kindOf,
    );
    await expect(handlers.deletePatient({ id: PATIENT, items: 2 })).rejects.toThrow();
    expect(keys.patientOf(pseudonym)).toBe(PATIENT);
  });

  it('says what registration sent and the consent it was given with', async () => {
    const { events, writer } = writtenEvents();
    const handlers = auditedHandlers(handlersThat({ startRegistration: () => ({ step: 'aadhaar-otp' }) as never }), writer, LOOKUPS, kindOf);
    await handlers.startRegistration({ aadhaarNumber: '999941057058', consentText: 'I agree' });
    expect(events).toEqual([
      { action: 'consent-given', detail: { for: 'Aadhaar OTP for registration' } },
      { action: 'sent', outcome: { done: true }, detail: { api: 'registration: Aadhaar OTP', service: 'sandbox' } },
    ]);
    expect(JSON.stringify(events)).not.toContain('999941057058');
  });
});

describe('sign-in, policy and retention in the trail', () => {
  it('writes a sign-in, a refusal and a sign-out once each, not every renewal', () => {
    const { events, writer } = writtenEvents();
    const accounts = new AccountAudit(writer);
    const status = (state: 'signed-in' | 'waiting' | 'failed', clientId: string | null = 'clinic-1') =>
      ({ method: clientId ? 'client-credentials' : 'none', clientId, state, lastRenewedAt: null, expiresAt: null, problem: null }) as const;
    accounts.follow(status('waiting'));
    accounts.follow(status('signed-in'));
    accounts.follow(status('signed-in'));
    accounts.follow(status('waiting'));
    accounts.follow(status('signed-in'));
    expect(accounts.account()).toBe('client clinic-1');
    accounts.follow(status('failed', 'clinic-2'));
    accounts.follow(status('waiting', null));
    expect(events.map((event) => event.action)).toEqual(['signed-in', 'signed-out', 'sign-in-refused']);
    expect(accounts.account()).toBeNull();
  });

  it('takes at least a year from the policy, and a broken value as a year without refusing the policy', () => {
    expect(retentionDays(undefined)).toEqual({ days: 365, problem: null });
    expect(retentionDays(400)).toEqual({ days: 400, problem: null });
    expect(retentionDays(30).days).toBe(365);
    expect(retentionDays(30).problem).toMatch(/below 365/);
    expect(retentionDays(Number.NaN).problem).toMatch(/not a whole number/);
    const folder = tempFolder();
    const file = join(folder, 'policy.json');
    writeFileSync(file, JSON.stringify({ auditRetentionDays: 'a year', auditExportNames: true, autoSync: false }));
    const policy = loadPolicy(file, true);
    expect(policy.error).toBeNull();
    expect(policy.values.autoSync).toBe(false);
    expect(retentionDays(policy.values.auditRetentionDays)).toMatchObject({ days: 365 });
    writeFileSync(file, JSON.stringify({ auditRetentionDays: 30 }));
    expect(retentionDays(loadPolicy(file, true).values.auditRetentionDays).problem).toMatch(/below 365/);
    expect(POLICY_KEYS.find((key) => key.name === 'auditRetentionDays')?.kind).toEqual({ type: 'number', min: 365, max: 0xffff_ffff });
  });

  it('says which policy applied or was refused, never its values', () => {
    expect(policyEvents({ path: '/etc/scribe-desk/policy.json', error: null }, null)).toEqual([{ action: 'policy-applied', detail: { source: '/etc/scribe-desk/policy.json' } }]);
    expect(policyEvents({ path: '/etc/p.json', error: 'The policy file /etc/p.json was ignored: it is not valid JSON.' }, null)[0]).toMatchObject({ action: 'policy-refused', outcome: { done: false } });
    expect(policyEvents({ path: null, error: null }, null)).toEqual([]);
    expect(serviceWord('custom', 'https://scribe.clinic.example/api')).toBe('scribe.clinic.example');
    expect(serviceWord('sandbox', '')).toBe('sandbox');
  });
});

describe('the hooks the features call', () => {
  it('writes a consent answer under the patient, for what it was asked', () => {
    const { events, writer } = writtenEvents();
    recordConsent(writer, 'given', { dictationId: DICTATION, patientId: PATIENT });
    recordConsent(writer, 'withdrawn', { patientId: PATIENT, for: 'teleconsultation' });
    expect(events).toEqual([
      { action: 'consent-given', item: { kind: 'dictation', id: DICTATION }, patientId: PATIENT, detail: { for: 'consultation' } },
      { action: 'consent-withdrawn', item: null, patientId: PATIENT, detail: { for: 'teleconsultation' } },
    ]);
  });

  it('writes the copy shortcut: inserted where the note goes into another program, refused with the reason that applied, in closed words', () => {
    const { events, writer } = writtenEvents();
    shortcutCopied(writer, { id: DICTATION, patientId: PATIENT }, { form: 'rich', keepEarlier: true }, null);
    shortcutCopied(writer, { id: DICTATION, patientId: null }, {}, 'not-reviewed');
    shortcutCopied(writer, { id: DICTATION, patientId: null }, {}, 'contradicts');
    shortcutCopied(writer, { kind: 'lab-report', id: DICTATION, patientId: null }, {}, 'other-patient-report');
    expect(events.map((event) => [event.action, event.outcome, event.detail?.form ?? null])).toEqual([
      ['inserted', { done: true }, 'rich'],
      ['copied', { done: false, reason: 'not copied: not marked reviewed as the administrator requires' }, null],
      ['copied', { done: false, reason: 'not copied: the prescription contradicts itself (it leaves only from the window, by a deliberate click)' }, null],
      ['copied', { done: false, reason: "not copied: the lab report may be another patient's (it leaves only from the window, by a deliberate click)" }, null],
    ]);
  });

  it('writes the consultation\'s consent: given by the patient or kept by the clinic when the recording began, declined with no dictation, withdrawn later', async () => {
    const { events, writer } = writtenEvents();
    consentKept(writer, { id: DICTATION, patientId: PATIENT, consent: { kind: 'given' } });
    consentKept(writer, { id: DICTATION, patientId: PATIENT, consent: { kind: 'clinic' } });
    consentKept(writer, { id: DICTATION, patientId: PATIENT, consent: null });
    const handlers = auditedHandlers(
      handlersThat({ declineConsent: async () => undefined, withdrawConsent: async () => ({ reachedService: true, records: { sessions: ['sd_1'], transactions: [], documents: ['doc-1'] }, request: 'Please delete…' }) }),
      writer,
      LOOKUPS,
      kindOf,
    );
    await handlers.declineConsent({ patientId: PATIENT, noticeLanguage: 'hi', noticeVersion: 'built-in-1' });
    await handlers.withdrawConsent({ id: DICTATION });
    expect(events.map((event) => [event.action, event.item?.id ?? null, event.patientId, event.detail?.for])).toEqual([
      ['consent-given', DICTATION, PATIENT, 'consultation'],
      ['consent-given', DICTATION, PATIENT, 'consultation (kept in the clinic’s own register)'],
      ['consent-declined', null, PATIENT, 'consultation'],
      ['consent-withdrawn', DICTATION, PATIENT, 'consultation'],
    ]);
    // What the service may hold stays in the trail by its ids, so that the clinic can still ask for its deletion.
    expect(events.at(-1)?.detail?.serviceIds).toBe('sd_1 doc-1');
  });

  it("writes a patient's visit as viewed, and nothing when the patient no longer exists", async () => {
    const { events, writer } = writtenEvents();
    const gone = new Refusal('not-found', 'This patient no longer exists.');
    let exists = true;
    const handlers = auditedHandlers(
      handlersThat({
        getPatientVisit: async () => {
          if (!exists) throw gone;
          return { dictations: [], labReports: [] } as never;
        },
      }),
      writer,
      LOOKUPS,
      kindOf,
    );
    await handlers.getPatientVisit({ id: PATIENT });
    exists = false;
    await expect(handlers.getPatientVisit({ id: PATIENT })).rejects.toBe(gone);
    expect(events.map((event) => [event.action, event.patientId, event.outcome])).toEqual([['patient-viewed', PATIENT, { done: true }]]);
  });
});
