/**
 * Ten thousand generated answers per operation, through the real client code (ServiceCaller,
 * voice-api, lab-reports-api, registration-api, connect-auth) over a transport that answers
 * without a network: every one ends as a typed value or a typed ServiceError with a readable,
 * bounded message, never another exception.
 */
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { describe, it, vi } from 'vitest';
import { ConnectAuthApi } from '../../../main/api/connect-auth';
import { getLabReportResult, uploadLabReport } from '../../../main/api/lab-reports-api';
import {
  abhaAddressExists,
  abhaCard,
  createAbhaAddress,
  resendMobileOtp,
  resendRegistrationOtp,
  startRegistration,
  suggestAbhaAddresses,
  verifyAadhaarOtp,
  verifyMobileOtp,
} from '../../../main/api/registration-api';
import { suggestionNames } from '../../../main/registration/abha-profile';
import { ServiceError } from '../../../main/api/service-error';
import { uploadVoice } from '../../../main/api/voice-api';
import { abhaStepBody, addressBody, documentBody, grantBody, labResultLike, messageBody, registrationBody, wire, junk } from '../../support/arbitraries';
import { answers, audio, caller, encrypted, pdf, property } from '../../support/client-harness';
import { ScriptedTransport, expectReadableAbhaStep, expectReadableLabAnswer, expectTyped, settle } from '../../support/outcome';

// Thousands of generated cases, all CPU: the limit guards against a hang, not against a busy machine (several times slower).
vi.setConfig({ testTimeout: 120_000 });

describe('every generated answer ends typed and readable', () => {
  it('voice upload', async () => {
    await property(answers(messageBody, [200, 401]), async (responses) => {
      expectTyped(await settle(uploadVoice(caller(responses, false), { mode: 'dictation', txnId: 'txn-1', file: audio })), (value) => {
        assert.equal(typeof value.message, 'string');
        assert.equal(typeof value.filename, 'string');
      });
    });
  });

  it('lab report upload, in the clear and encrypted', async () => {
    await property(fc.tuple(answers(documentBody, [200, 201, 400, 403]), encrypted), async ([responses, encrypt]) => {
      const outcome = await settle(uploadLabReport(caller(responses, encrypt), { file: pdf, documentType: 'lr', tasks: ['smart'], batch: false }));
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

  it('lab report result lookup, in the clear and encrypted', async () => {
    const body = fc.oneof({ arbitrary: labResultLike, weight: 8 }, { arbitrary: junk, weight: 1 });
    await property(fc.tuple(answers(body, [200, 200, 400, 404, 500]), encrypted), async ([responses, encrypt]) => {
      expectTyped(await settle(getLabReportResult(caller(responses, encrypt), 'document-1')), expectReadableLabAnswer);
    });
  });

  it('registration after the OTP: verify, mobile OTP, create address', async () => {
    const step = fc.constantFrom('verify', 'mobile-verify', 'mobile-resend', 'create');
    await property(fc.tuple(answers(abhaStepBody, [200, 400, 429, 500]), encrypted, step), async ([responses, encrypt, which]) => {
      const call = caller(responses, encrypt);
      if (which === 'mobile-resend') {
        expectTyped(await settle(resendMobileOtp(call, { txnId: 'txn-1' })), (value) => assert.equal(typeof value.txnId, 'string'));
        return;
      }
      const outcome = await settle(
        which === 'verify'
          ? verifyAadhaarOtp(call, { txnId: 'txn-1', otp: '123456', mobile: '9876543210' })
          : which === 'mobile-verify'
            ? verifyMobileOtp(call, { txnId: 'txn-1', otp: '123456' })
            : createAbhaAddress(call, { txnId: 'txn-1', abhaAddress: 'front.desk_2024@abdm' }),
      );
      expectTyped(outcome, expectReadableAbhaStep);
    });
  });

  it('ABHA address suggestions, availability and the card', async () => {
    const which = fc.constantFrom('suggest', 'check', 'card');
    const card = fc.oneof(
      wire(addressBody),
      fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), bytes]).toString('latin1')),
    );
    await property(fc.tuple(answers(addressBody, [200, 400, 500]), which, card), async ([responses, operation, cardText]) => {
      // The card is an image: its last answer's body is now and then PNG bytes.
      const last = responses[responses.length - 1]!;
      const withCard = operation === 'card' && !(last instanceof ServiceError) ? [...responses.slice(0, -1), { ...last, text: cardText, bytes: Buffer.from(cardText, 'latin1') }] : responses;
      const call = caller(withCard, false);
      if (operation === 'suggest') {
        const outcome = await settle(suggestAbhaAddresses(call, { txnId: 'txn-1', firstName: 'Asha', middleName: null, lastName: 'Rao', dateOfBirth: '1990-01-01' }));
        expectTyped(outcome, (suggestions) => {
          for (const name of suggestionNames(suggestions)) assert.ok(name.length <= 18);
        });
      } else if (operation === 'check') {
        expectTyped(await settle(abhaAddressExists(call, { abhaAddress: 'front.desk_2024@abdm' })), (exists) => assert.equal(typeof exists, 'boolean'));
      } else {
        expectTyped(await settle(abhaCard(call, { oid: 'oid-1' })), (png) => assert.ok(png.length <= 8 * 1024 * 1024));
      }
    });
  });

  it('sign-in and token renewal (connect-auth)', async () => {
    await property(fc.tuple(answers(grantBody, [200, 401, 403]), fc.boolean()), async ([responses, refresh]) => {
      const api = new ConnectAuthApi(new ScriptedTransport(responses), () => 'https://service.test', { now: () => Date.parse('2026-03-01T10:00:00Z') });
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
