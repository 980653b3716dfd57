import { describe, expect, it } from 'vitest';
import { CONSENT_TEXT, MAX_OTP_RESENDS, type RegistrationView } from '../../../contract/registration';
import type { AppError } from '../../../contract/result';
import { ServiceClient } from '../../../main/api/service-client';
import { toAppError } from '../../../main/ipc/app-failure';
import { RegistrationFlow } from '../../../main/registration/registration-flow';
import { staticToken } from '../../../main/service/token-source';
import { useSandbox } from '../api/sandbox-fixture';

const env = useSandbox();
const NUMBER = '234123412346';

function flow(clock = { now: 0 }) {
  const client = new ServiceClient(() => ({ baseUrl: env.sandbox.url, auth: staticToken(env.sandbox.token) }));
  const audit: string[] = [];
  return { clock, audit, client, flow: new RegistrationFlow({ client, resendSeconds: () => 60, now: () => clock.now, audit: (line) => audit.push(line) }) };
}

/** A step as the page receives it: the flow's view, or the error it failed with. */
async function attempt(step: Promise<RegistrationView>): Promise<{ ok: true; view: RegistrationView } | { ok: false; error: AppError }> {
  try {
    return { ok: true, view: await step };
  } catch (error) {
    return { ok: false, error: toAppError(error) };
  }
}

describe('RegistrationFlow against the sandbox', () => {
  it('sends the OTP, allows a resend after the cool-down, keeps the newest txn id, and stops at the limit', async () => {
    const { flow: registration, clock, audit, client } = flow();
    const started = await registration.start(NUMBER, CONSENT_TEXT);
    expect(started).toMatchObject({ state: 'otp-sent', hint: expect.stringMatching(/\*{6}\d{5}$/), resendsLeft: MAX_OTP_RESENDS });
    expect(started.resendAvailableAt).toBe(new Date(60_000).toISOString());

    expect(await attempt(registration.resend())).toMatchObject({ ok: false, error: { kind: 'busy', message: 'The OTP can be sent again in 60 seconds.' } });
    clock.now = 60_000;
    for (let i = 1; i <= MAX_OTP_RESENDS; i += 1) {
      expect(await registration.resend()).toMatchObject({ resendsLeft: MAX_OTP_RESENDS - i });
      clock.now += 60_000;
    }
    expect(await attempt(registration.resend())).toMatchObject({ ok: false, error: { message: expect.stringMatching(/already sent again 3 times/) } });
    const resends = env.sandbox.received.filter((request) => request.operation === 'registrationResend');
    expect(resends).toHaveLength(3);
    // Each resend used the txn id the previous answer returned.
    const txnIds = resends.map((request) => (request.json as { txn_id: string }).txn_id);
    expect(new Set(txnIds).size).toBe(3);
    expect(audit.join('\n')).not.toContain(NUMBER);
    await client.close();
  });

  it('refuses a wrong number or missing consent without a request, and explains upstream errors', async () => {
    const { flow: registration, client } = flow();
    expect(await attempt(registration.start('234123412345', CONSENT_TEXT))).toMatchObject({
      ok: false,
      error: { kind: 'invalid-input', message: expect.stringMatching(/check digit/) },
    });
    expect(await attempt(registration.start(NUMBER, 'ok'))).toMatchObject({ ok: false, error: { message: expect.stringMatching(/consent/) } });
    expect(env.sandbox.received).toEqual([]);
    expect(await attempt(registration.start('999941057058', CONSENT_TEXT))).toMatchObject({
      ok: false,
      error: { kind: 'service', detail: expect.stringMatching(/multiple OTPs.*\(ABDM-1100\)$/), retryable: true },
    });
    expect(registration.reset()).toMatchObject({ state: 'idle', hint: null });
    await client.close();
  });

  it('marks a network failure as retryable', async () => {
    const client = new ServiceClient(() => ({ baseUrl: 'http://127.0.0.1:9', auth: staticToken('t') }));
    const registration = new RegistrationFlow({ client, resendSeconds: () => 60 });
    expect(await attempt(registration.start(NUMBER, CONSENT_TEXT))).toMatchObject({
      ok: false,
      error: { kind: 'offline', retryable: true, message: expect.stringMatching(/cannot be reached/) },
    });
    await client.close();
  });
});
