/** The service's address, checked before anything is sent to it. Pure. */
import { isLoopbackHost, transportProblem } from '../../contract/url-rules';
import { ServiceError } from './service-error';

/** Throws a configuration error for an address the app must not send credentials or patient data to. */
export function assertTransportAllowed(baseUrl: string): void {
  const problem = transportProblem(baseUrl);
  if (problem) throw new ServiceError('configuration', `The service address cannot be used: ${problem}`);
}

/** `path` (and query) below the service's base address. */
export function serviceUrl(baseUrl: string, path: string, query: ReadonlyArray<[string, string]> = []): URL {
  assertTransportAllowed(baseUrl);
  const url = new URL(path.replace(/^\//, ''), `${baseUrl.replace(/\/+$/, '')}/`);
  for (const [name, value] of query) url.searchParams.append(name, value);
  return url;
}

/** The code of the error that refuses an address the service handed out (presignedAddressProblem). */
export const REFUSED_ADDRESS_CODE = 'address_refused';

/**
 * Why an address the service handed out (a presigned upload, a document's address) may not be
 * used, or null when it may: https; plain http only to the exact origin of the service itself
 * when that is on this computer (the built-in sandbox: its own loopback address and port),
 * never another port or host here, and never for a service reached over https.
 */
export function presignedAddressProblem(address: string, serviceBaseUrl: string): string | null {
  const problem = transportProblem(address);
  if (problem) return `The service gave an address to send to that cannot be used: ${problem}`;
  const url = new URL(address);
  if (url.protocol === 'https:') return null;
  const service = new URL(serviceBaseUrl);
  if (service.protocol === 'http:' && isLoopbackHost(service.hostname) && url.origin === service.origin) return null;
  return 'The service gave an address to send to that is not secure (http:// instead of https://), so nothing was sent there.';
}

/** Throws the refusal of an address the service handed out (presignedAddressProblem), for its item. */
export function assertPresignedAllowed(address: string, serviceBaseUrl: string): void {
  const problem = presignedAddressProblem(address, serviceBaseUrl);
  if (problem) throw new ServiceError('invalid_request', problem, { code: REFUSED_ADDRESS_CODE });
}

/** True for the refusal of an address the service handed out. */
export function isRefusedAddress(error: unknown): boolean {
  return error instanceof ServiceError && error.code === REFUSED_ADDRESS_CODE;
}
