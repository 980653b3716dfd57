/** Policies the tests start the app with. */
import type { SandboxServer } from '../../../main/sandbox/sandbox-server';

/** The app pointed at a sandbox of the test's own as a custom service, with its long-lived token; `extra`, further policy settings. */
export function customService(sandbox: SandboxServer, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { service: 'custom', customServiceUrl: sandbox.url, accessToken: sandbox.token, ...extra };
}
