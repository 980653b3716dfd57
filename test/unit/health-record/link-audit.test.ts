import { describe, expect, it } from 'vitest';
import { OPERATION_NAMES } from '../../../contract/ipc-names';
import type { OperationHandlers } from '../../../contract/operation-handlers';
import type { AuditEvent } from '../../../main/audit/audit-event';
import { auditedHandlers, type AuditLookups } from '../../../main/audit/operation-audit';
import { Refusal } from '../../../main/core/refusal';
import { linkFinished, linkSent } from '../../../main/health-record/link-audit';
import type { LinkManifest } from '../../../main/health-record/link-store';

const PATIENT = '6f1d2c3b-4a59-4e87-9b1a-2c3d4e5f6a7b';
const NOTE = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const link = (overrides: Partial<LinkManifest> = {}): LinkManifest => ({
  version: 1,
  id: '11111111-2222-4333-8444-555555555555',
  createdAt: '2026-09-21T05:00:00.000Z',
  itemKind: 'dictation',
  itemId: NOTE,
  linkVersion: 1,
  noteVersion: 'original',
  careContextId: `scribe-${NOTE}`,
  hiType: 'OPConsultation',
  display: 'Consultation note, 21 Sep 2026',
  documentId: null,
  agreedBy: 'patient',
  state: 'accepted',
  testData: false,
  bundleBytes: 4_000,
  patientId: PATIENT,
  abhaAddress: 'ravi.kumar@sbx',
  problem: null,
  sealedProblem: null,
  attempts: 0,
  nextAttemptAt: null,
  uploadedAt: null,
  finishedAt: null,
  ...overrides,
});

describe('each link in the audit trail', () => {
  it('sent (which record, the care context, how agreed), then linked or refused: ids and closed words only', () => {
    expect(linkSent(link(), 'production')).toEqual({
      action: 'sent',
      item: { kind: 'dictation', id: NOTE },
      patientId: PATIENT,
      detail: { api: 'abdm-connect: care context link', service: 'production', serviceIds: `scribe-${NOTE}`, how: 'with the patient’s agreement' },
    });
    expect(linkSent(link({ agreedBy: 'policy', linkVersion: 2 }), 'production').detail).toMatchObject({ how: 'by the clinic’s policy', count: 2 });
    expect(linkFinished(link({ state: 'linked' }), 'production')).toMatchObject({ action: 'health-record-linked', outcome: { done: true } });
    expect(linkFinished(link({ state: 'refused', problem: 'The health exchange did not link it: Ravi Kumar unknown' }), 'production')).toMatchObject({
      action: 'health-record-refused',
      outcome: { done: false, reason: 'the service or the health exchange refused it' },
    });
    expect(JSON.stringify(linkFinished(link({ state: 'refused', problem: 'Ravi Kumar unknown' }), 'x'))).not.toMatch(/Ravi|ravi\.kumar/);
    expect(linkFinished(link({ state: 'waiting' }), 'production')).toBeNull();
  });

  it('the patient’s answer, agreed or declined, as the doctor confirmed it', async () => {
    const events: AuditEvent[] = [];
    const handlers = { ...(Object.fromEntries(OPERATION_NAMES.map((name) => [name, () => undefined])) as unknown as OperationHandlers) };
    handlers.answerHealthRecordQuestion = (input) => {
      if (input.abhaAddress === 'wrong') throw new Refusal('invalid-input', 'not an ABHA address');
    };
    const audited = auditedHandlers(handlers, { record: (event) => events.push(event) }, {} as AuditLookups, (error) => (error instanceof Refusal ? error.kind : 'unexpected'));
    await audited.answerHealthRecordQuestion({ patientId: PATIENT, agreed: true });
    await audited.answerHealthRecordQuestion({ patientId: PATIENT, agreed: false });
    await expect(Promise.resolve().then(() => audited.answerHealthRecordQuestion({ patientId: PATIENT, agreed: true, abhaAddress: 'wrong' }))).rejects.toThrow();
    expect(events.map((event) => [event.action, event.patientId, event.outcome])).toEqual([
      ['health-record-agreed', PATIENT, { done: true }],
      ['health-record-declined', PATIENT, { done: true }],
      ['health-record-agreed', PATIENT, { done: false, reason: 'the request was not valid' }],
    ]);
  });
});
