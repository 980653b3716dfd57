/**
 * Drives the real client code (ServiceCaller and the operation modules) with generated
 * answers over a transport that answers without a network.
 */
import { Readable } from 'node:stream';
import fc from 'fast-check';
import type { TransportResponse } from '../../main/api/http-transport';
import { ServiceCaller, type ServiceConfig } from '../../main/api/service-call';
import { MESSAGES, ServiceError } from '../../main/api/service-error';
import type { TokenSource } from '../../main/api/token-source';
import { response } from './arbitraries';
import { ScriptedTransport } from './outcome';
import { systemClock } from '../../main/core/clock';

export const RUNS = 10_000;
export const SEED = Number(process.env.PROPERTY_SEED ?? 20_260_301);

/** Tokens that renew once after a 401, as a signed-in session does. */
export const renewingToken: TokenSource = { token: () => Promise.resolve('token-1'), renewAfterRejection: () => Promise.resolve('token-2') };
const JWE = { clientKey: 'k3y-for-t3sts-16', kid: 'test-kid-1' };

const networkError = new ServiceError('network', MESSAGES.network);

/** One answer, now and then a dropped connection, or a 401 and the answer to the replayed request. */
export function answers(body: fc.Arbitrary<unknown>, documented: readonly number[]): fc.Arbitrary<Array<TransportResponse | ServiceError>> {
  const one = response(body, documented);
  return fc.oneof(
    { arbitrary: one.map((answer): Array<TransportResponse | ServiceError> => [answer]), weight: 20 },
    { arbitrary: fc.constant<Array<TransportResponse | ServiceError>>([networkError]), weight: 1 },
    { arbitrary: fc.tuple(response(body, [401]), one).map((pair) => [...pair]), weight: 2 },
  );
}

export function caller(responses: Array<TransportResponse | ServiceError>, encrypted: boolean): ServiceCaller {
  const config = (): ServiceConfig => ({ baseUrl: 'https://service.test', auth: renewingToken, jwe: encrypted ? JWE : null });
  return new ServiceCaller(config, systemClock, {}, new ScriptedTransport(responses));
}

export const audio = { fileName: 'audio.wav', contentType: 'audio/wav', size: 4, open: () => Readable.from([Buffer.from('RIFF')]) };
export const pdf = { fileName: 'report.pdf', contentType: 'application/pdf', size: 8, open: () => Readable.from([Buffer.from('%PDF-1.4')]) };

/** Encrypted now and then (one case in eight): a request sent encrypted is answered, and checked, differently. */
export const encrypted = fc.nat(7).map((n) => n === 0);

export const property = <T>(arbitrary: fc.Arbitrary<T>, check: (value: T) => Promise<void>) =>
  fc.assert(fc.asyncProperty(arbitrary, check), { numRuns: RUNS, seed: SEED, endOnFailure: true });

