/**
 * Ten thousand generated answers per operation, through the real client code (ServiceCaller,
 * voice-api, records-api, registration-api, connect-auth) over a transport that answers
 * without a network: every one ends as a typed value or a typed ServiceError with a readable,
 * bounded message, never another exception.
 */
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { ConnectAuthApi } from '../../../main/api/connect-auth';
import { uploadRecord } from '../../../main/api/records-api';
import { resendRegistrationOtp, startRegistration } from '../../../main/api/registration-api';
import { uploadVoice } from '../../../main/api/voice-api';
import { documentBody, grantBody, messageBody, registrationBody } from './arbitraries';
import { answers, audio, caller, encrypted, pdf, property } from './client-harness';
import { ScriptedTransport, expectTyped, settle } from './outcome';

describe('every generated answer ends typed and readable', () => {
  it('voice upload', async () => {
    await property(answers(messageBody, [200, 401]), async (responses) => {
      expectTyped(await settle(uploadVoice(caller(responses, false), { mode: 'dictation', txnId: 'txn-1', file: audio })), (value) => {
        assert.equal(typeof value.message, 'string');
        assert.equal(typeof value.filename, 'string');
      });
    });
  });

  it('record upload, in the clear and encrypted', async () => {
    await property(fc.tuple(answers(documentBody, [200, 201, 400, 403]), encrypted), async ([responses, encrypt]) => {
      const outcome = await settle(uploadRecord(caller(responses, encrypt), { file: pdf, documentType: 'lr', tasks: ['smart'], batch: false }));
      expectTyped(outcome, (value) => {
        assert.ok(value.documentId.length > 0);
        assert.ok(value.documentId.length <= 200);
      });
    });
  });

  it('registration start and resend', async () => {
    await property(fc.tuple(answers(registrationBody, [200, 400, 429, 500]), encrypted, fc.boolean()), async ([responses, encrypt, resend]) => {
      const call = caller(responses, encrypt);
      const outcome = await settle(resend ? resendRegistrationOtp(call, { txnId: 'txn-1' }) : startRegistration(call, { aadhaarNumber: '234123412346' }));
      expectTyped(outcome, (value) => assert.equal(typeof value.txnId, 'string'));
    });
  });

  it('sign-in and token renewal (connect-auth)', async () => {
    await property(fc.tuple(answers(grantBody, [200, 401, 403]), fc.boolean()), async ([responses, refresh]) => {
      const api = new ConnectAuthApi(new ScriptedTransport(responses), () => 'https://service.test', () => Date.parse('2026-03-01T10:00:00Z'));
      const outcome = await settle(
        refresh ? api.refresh({ clientId: 'c', accessToken: 'a', refreshToken: 'r' }) : api.login({ clientId: 'c', clientSecret: 's' }),
      );
      // Every date of a grant is shown (Settings, status): toISOString throws on one out of range.
      expectTyped(outcome, (grant) => {
        assert.equal(typeof new Date(grant.expiresAt).toISOString(), 'string');
        if (grant.refreshExpiresAt !== null) assert.equal(typeof new Date(grant.refreshExpiresAt).toISOString(), 'string');
      });
    });
  });
});
