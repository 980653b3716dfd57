/**
 * The sandbox's health-account registration: the OTP sent and sent again, under the same
 * rules as the service. An Aadhaar number starting with 9999 gets an upstream (ABDM-1100)
 * error. It keeps no Aadhaar number: the last four digits at most.
 */
import { createHash, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { aadhaarProblem } from '../../contract/aadhaar';
import { jsonBadRequest, type Reply, type RouteContext, type SandboxArea, type SandboxRoute } from './sandbox-routes';

const MAX_RESENDS = 3;
const PREFIX = '/abdm/na/v1/registration/aadhaar';
const UNAUTHORIZED: Reply = { status: 401, json: { code: 401, error: 'Unauthorized', source_error: { code: '', message: '' } } };

function registrationError(status: number, error: string, sourceCode: string, sourceMessage: string): Reply {
  return { status, json: { code: status, error, source_error: { code: sourceCode, message: sourceMessage } } };
}

/** What the sandbox keeps of a received Aadhaar number: the last four digits. */
function maskAadhaarField(payload: unknown): unknown {
  if (typeof payload !== 'object' || payload === null || !('aadhaar_number' in payload)) return payload;
  const number = String(payload.aadhaar_number);
  return { ...payload, aadhaar_number: `XXXXXXXX${number.slice(-4)}` };
}

export class SandboxRegistration implements SandboxArea {
  private readonly registrations = new Map<string, { resends: number; mobileTail: string }>();

  readonly routes: SandboxRoute[] = [
    { operation: 'registrationInit', method: 'POST', path: `${PREFIX}/init`, unauthorized: UNAUTHORIZED, badRequest: jsonBadRequest, handle: (context) => this.init(context) },
    { operation: 'registrationResend', method: 'POST', path: `${PREFIX}/resend`, unauthorized: UNAUTHORIZED, badRequest: jsonBadRequest, handle: (context) => this.resend(context) },
  ];

  reset(): void {
    this.registrations.clear();
  }

  private async init({ record, readJson }: RouteContext): Promise<Reply> {
    const { payload, encryptWith } = await readJson();
    record.json = maskAadhaarField(payload);
    const body = z.object({ aadhaar_number: z.string() }).safeParse(payload);
    const number = body.success ? body.data.aadhaar_number : '';
    if (!body.success || aadhaarProblem(number)) {
      return { ...registrationError(400, 'Validation failed', 'ABDM-1010', 'Invalid Aadhaar number.'), encryptWith };
    }
    if (number.startsWith('9999')) {
      return {
        ...registrationError(
          500,
          'Something went wrong',
          'ABDM-1100',
          'You have requested multiple OTPs Or Exceeded maximum number of attempts for OTP match in this transaction. Please try again in 30 minutes.',
        ),
        encryptWith,
      };
    }
    const txnId = randomUUID();
    const mobileTail = String(parseInt(createHash('sha256').update(number).digest('hex').slice(0, 8), 16) % 100_000).padStart(5, '0');
    this.registrations.set(txnId, { resends: 0, mobileTail });
    return { status: 200, json: { hint: `OTP sent successfully to your mobile number ******${mobileTail}`, txn_id: txnId }, encryptWith };
  }

  private async resend({ record, readJson }: RouteContext): Promise<Reply> {
    const { payload, encryptWith } = await readJson();
    record.json = payload;
    const body = z.object({ txn_id: z.string() }).safeParse(payload);
    const registration = body.success ? this.registrations.get(body.data.txn_id) : undefined;
    if (!body.success || !registration) {
      return { ...registrationError(400, 'Invalid transaction', 'MIS-1026', 'Transaction is not found for UUID.'), encryptWith };
    }
    if (registration.resends >= MAX_RESENDS) {
      return {
        ...registrationError(
          429,
          'Too many requests',
          'ABDM-1100',
          'You have requested multiple OTPs Or Exceeded maximum number of attempts for OTP match in this transaction. Please try again in 30 minutes.',
        ),
        encryptWith,
      };
    }
    this.registrations.delete(body.data.txn_id);
    const txnId = randomUUID();
    this.registrations.set(txnId, { resends: registration.resends + 1, mobileTail: registration.mobileTail });
    return { status: 200, json: { hint: `OTP sent again to your mobile number ******${registration.mobileTail}`, txn_id: txnId }, encryptWith };
  }
}
