/**
 * What the trail says of the administrator's policy at each start: applied (from where), or
 * refused (why: it cannot be used, or a `--policy` file set aside for the machine's own), and
 * a retention the policy asked for that could not be honoured. Never a policy's values: a
 * policy may hold credentials. Pure.
 */
import type { AuditEvent } from './audit-event';

/** The policy as loaded (settings/policy.ts `LoadedPolicy`). */
export interface PolicyLoaded {
  path: string | null;
  error: string | null;
  ignored?: string;
}

/** A problem text is cut to this, so that a policy's own words never fill an entry. */
const MOST_CHARS = 400;

export function policyEvents(policy: PolicyLoaded, retentionProblem: string | null): AuditEvent[] {
  const events: AuditEvent[] = [];
  if (policy.error !== null) {
    events.push({ action: 'policy-refused', outcome: { done: false, reason: 'the policy cannot be used' }, detail: { source: policy.path ?? '', found: policy.error.slice(0, MOST_CHARS) } });
  } else if (policy.path !== null) {
    events.push({ action: 'policy-applied', detail: { source: policy.path, ...(retentionProblem ? { found: retentionProblem } : {}) } });
  }
  if (policy.ignored) events.push({ action: 'policy-refused', outcome: { done: false, reason: "the machine's own policy applies" }, detail: { found: policy.ignored.slice(0, MOST_CHARS) } });
  return events;
}

/** The service entries are sent to, in a word: sandbox, production, development, or a custom service's host. */
export function serviceWord(service: string, customServiceUrl: string): string {
  if (service !== 'custom') return service;
  try {
    return new URL(customServiceUrl).host;
  } catch {
    return 'custom';
  }
}
