/**
 * The service's operations and the caller they share, loaded by the client at its first call
 * (service-client.ts): their schemas and the HTTP and JWE code are not built before the window's
 * first answer, which needs none of them.
 */
import type { Clock } from '../core/clock';
import type { TransportOptions } from './http-transport';
import { ServiceCaller, type ServiceConfig } from './service-call';
import { SessionDiscovery } from './session-discovery';

export * as careContexts from './care-contexts-api';
export * as labReports from './lab-reports-api';
export * as partWords from './part-words-api';
export * as directory from './patient-directory-api';
export * as registration from './registration-api';
export * as sessions from './sessions-api';
export * as visitDocuments from './visit-documents-api';
export * as voice from './voice-api';

/** The caller every operation sends with, and the discovery document read through it. */
export function openCaller(config: () => ServiceConfig | Promise<ServiceConfig>, clock: Pick<Clock, 'now'>, transportOptions: TransportOptions) {
  const caller = new ServiceCaller(config, clock, transportOptions);
  return { caller, discovery: new SessionDiscovery(caller, clock) };
}
