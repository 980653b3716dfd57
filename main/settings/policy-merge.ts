/**
 * One policy from several sources (the registry or managed preferences, the policy file, the
 * per-user policy), given in precedence order: for each key the first source that sets it
 * wins, so machine-wide always wins over per-user. A broken source is reported and nothing
 * applies (as with one broken file). Credentials from one source never go to a service that
 * another, stronger source fixes. Pure.
 */
import type { LoadedPolicy } from './policy';
import { NO_POLICY } from './policy';

const CREDENTIAL_KEYS = ['clientId', 'clientSecret', 'accessToken'] as const;

/** A source whose credentials would reach another service than the one it names, and the source that fixes that service. */
function credentialConflict(sources: readonly LoadedPolicy[], merged: LoadedPolicy['values']): string | null {
  for (const source of sources) {
    const { values } = source;
    if (!CREDENTIAL_KEYS.some((key) => values[key] !== undefined)) continue;
    const sameService = values.service === merged.service && (values.service !== 'custom' || values.customServiceUrl === merged.customServiceUrl);
    if (sameService) continue;
    const winner = sources.find((other) => other.values.service !== undefined && (other.values.service !== values.service || other.values.customServiceUrl !== values.customServiceUrl));
    return `The policy was ignored: ${source.path ?? ''} sets credentials for one service, and ${winner?.path ?? 'a machine-wide policy'} fixes another; credentials go only to the service their own policy names.`;
  }
  return null;
}

export function mergedPolicy(sources: readonly LoadedPolicy[]): LoadedPolicy {
  const present = sources.filter((source) => source.path !== null);
  if (present.length === 0) return NO_POLICY;
  if (present.length === 1) return present[0]!;
  const path = present.map((source) => source.path).join(', ');
  const errors = present.flatMap((source) => (source.error === null ? [] : [source.error]));
  if (errors.length > 0) return { path, values: {}, error: errors.join(' ') };
  const values: LoadedPolicy['values'] = {};
  for (const source of [...present].reverse()) Object.assign(values, source.values);
  const conflict = credentialConflict(present, values);
  return conflict ? { path, values: {}, error: conflict } : { path, values, error: null };
}
