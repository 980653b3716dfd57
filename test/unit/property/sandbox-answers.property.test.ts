/**
 * The same answers over real HTTP: every hostile kind the sandbox can script (the
 * `hostileNext` fault), and a few hundred generated answers served as they are (`rawNext`),
 * through the real client. Each ends typed, bounded and readable.
 */
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { ConnectAuthApi } from '../../../main/api/connect-auth';
import { HttpTransport } from '../../../main/api/http-transport';
import { getLabReportResult, uploadLabReport } from '../../../main/api/lab-reports-api';
import { ServiceCaller } from '../../../main/api/service-call';
import { getTranscriptionResult, uploadVoice } from '../../../main/api/voice-api';
import { getPartWords, PART_WORDS_MAX_BYTES } from '../../../main/api/part-words-api';
import { LIVE_PART_TEXT_MAX_CHARS } from '../../../contract/live-words';
import { HOSTILE_ANSWERS, HOSTILE_OPERATIONS, type HostileOperation } from '../../../main/sandbox/sandbox-hostile';
import { resendRegistrationOtp, startRegistration, verifyAadhaarOtp } from '../../../main/api/registration-api';
import { staticToken } from '../../../main/api/token-source';
import { MINIMAL_PDF, useSandbox } from '../../support/sandbox-fixture';
import { documentBody, grantBody, headerSafeRetryAfter, messageBody, resultBody, status, wire } from '../../support/arbitraries';
import { expectReadableAbhaStep, expectReadableLabAnswer, expectReadableResult, expectTyped, expectTypedError, settle } from '../../support/outcome';
import { systemClock } from '../../../main/core/clock';

const env = useSandbox();
const SANDBOX_RUNS = 150;
const SEED = Number(process.env.PROPERTY_SEED ?? 20_260_301);

const audio = { fileName: 'audio.wav', contentType: 'audio/wav', size: 4, open: () => Readable.from([Buffer.from('RIFF')]) };
const pdf = { fileName: 'report.pdf', contentType: 'application/pdf', size: MINIMAL_PDF.length, open: () => Readable.from([MINIMAL_PDF]) };

let shared: ServiceCaller | null = null;
function caller(): ServiceCaller {
  shared ??= new ServiceCaller(() => ({ baseUrl: env.sandbox.url, auth: staticToken(env.sandbox.token) }), systemClock);
  return shared;
}
afterAll(async () => {
  await shared?.close();
});

/** Calls an operation once through the real client; a registration is started (or resent after one started). */
function call(operation: HostileOperation, client: ServiceCaller): Promise<unknown> {
  switch (operation) {
    case 'resultLookup':
      return getTranscriptionResult(client, 'txn-hostile').then((result) => {
        expectReadableResult(result);
        return result;
      });
    case 'voiceUpload':
      return uploadVoice(client, { mode: 'dictation', txnId: 'txn-hostile', file: audio });
    case 'recordUpload':
      return uploadLabReport(client, { file: pdf, documentType: 'lr', tasks: ['smart'], batch: false });
    case 'recordResult':
      return getLabReportResult(client, 'document-hostile').then((answer) => {
        expectReadableLabAnswer(answer);
        return answer;
      });
    case 'registrationInit':
      return startRegistration(client, { aadhaarNumber: '234123412346' });
    case 'registrationResend':
      return resendRegistrationOtp(client, { txnId: 'txn-hostile' });
    case 'registrationVerify':
      return verifyAadhaarOtp(client, { txnId: 'txn-hostile', otp: '123456', mobile: '9876543210' }).then((step) => {
        expectReadableAbhaStep(step);
        return step;
      });
    case 'partWords':
      // Words of a part are one line of bounded text with no markup, or a typed error.
      return getPartWords(client, 'ses_hostile_session_01', 0).then((words) => {
        if (words.state === 'heard') {
          expect(words.text.length).toBeLessThanOrEqual(LIVE_PART_TEXT_MAX_CHARS);
          // eslint-disable-next-line no-control-regex
          expect(words.text).not.toMatch(/[<>\u0000\u2028]/);
          expect(words.text.length).toBeLessThan(PART_WORDS_MAX_BYTES);
        }
        return words;
      });
  }
}

describe('every hostile answer the sandbox scripts ends typed and readable', () => {
  for (const operation of HOSTILE_OPERATIONS) {
    for (const { kind } of HOSTILE_ANSWERS[operation]) {
      it(`${operation}: ${kind}`, async () => {
        env.sandbox.setFaults({ hostileNext: { [operation]: 1 }, hostileKinds: [kind] });
        const outcome = await settle(call(operation, caller()));
        if (!outcome.ok) expectTypedError(outcome.error);
        expect(env.sandbox.hostileServed()).toEqual({ [`${operation}/${kind}`]: 1 });
      });
    }
  }
});

/** A generated answer the sandbox sends as it is. */
function raw(body: fc.Arbitrary<unknown>, documented: readonly number[]) {
  return fc.record({ status: status(documented).filter((code) => code >= 200), retryAfter: headerSafeRetryAfter, body: wire(body) }).map((answer) => ({
    status: answer.status,
    headers: Object.fromEntries(answer.retryAfter === undefined ? [] : [['retry-after', answer.retryAfter]]),
    body: answer.body,
    contentType: 'application/json',
  }));
}

const options = { numRuns: SANDBOX_RUNS, seed: SEED, endOnFailure: true };

describe('generated answers over real HTTP end typed and readable', () => {
  it('result lookup, voice and lab report upload', async () => {
    const operations = fc.oneof(
      fc.tuple(fc.constant('resultLookup' as const), raw(resultBody, [200, 202, 206, 400, 500])),
      fc.tuple(fc.constant('voiceUpload' as const), raw(messageBody, [200, 401])),
      fc.tuple(fc.constant('recordUpload' as const), raw(documentBody, [200, 400, 403])),
    );
    await fc.assert(
      fc.asyncProperty(operations, async ([operation, answer]) => {
        env.sandbox.setFaults({ rawNext: [answer] });
        const outcome = await settle(call(operation, caller()));
        if (!outcome.ok) expectTypedError(outcome.error);
      }),
      options,
    );
  });

  it('sign-in and renewal', async () => {
    const transport = new HttpTransport();
    const api = new ConnectAuthApi(transport, () => env.sandbox.url, systemClock);
    await fc.assert(
      fc.asyncProperty(raw(grantBody, [200, 401, 403]), fc.boolean(), async (answer, refresh) => {
        env.sandbox.setFaults({ rawNext: [answer] });
        const outcome = await settle(refresh ? api.refresh({ clientId: 'c', accessToken: 'a', refreshToken: 'r' }) : api.login({ clientId: 'c', clientSecret: 's' }));
        expectTyped(outcome, (grant) => expect(() => new Date(grant.expiresAt).toISOString()).not.toThrow());
      }),
      options,
    );
    await transport.close();
  });
});
