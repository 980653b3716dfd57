/** The service's address, checked before anything is sent to it. Pure. */
import { transportProblem } from '../../contract/url-rules';
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
