/**
 * Linking visits to the patient's health record as the administrator's policy has it: asked of
 * the patient at the end of each visit (the default), always (the clinic's own consent covers
 * it), or never; and the clinic as the health record names it (its HIP id and facility name).
 * Without a HIP id nothing can be linked, and a policy that cannot be used links nothing: the
 * screen says which. Pure.
 */
import type { LinkingView } from '../../contract/health-record';
import type { LoadedPolicy } from './policy';

export interface Linking extends LinkingView {
  /** The clinic's id as a health information provider; null when linking is off. */
  hipId: string | null;
}

export const LINKING_WHY = {
  brokenPolicy: 'Visits are not linked to health records: the clinic’s policy cannot be used. Ask your administrator to mend it.',
  off: 'Visits are not linked to health records: the clinic’s policy turns it off.',
  noHipId: 'Visits are not linked to health records: the clinic’s policy names no HIP id (hipId), the clinic’s id in the national health exchange. Ask your administrator to set it.',
} as const;

export function linkingOf(policy: LoadedPolicy): Linking {
  const facilityName = policy.error === null ? (policy.values.facilityName ?? null) : null;
  const off = (why: string): Linking => ({ mode: 'off', why, facilityName, hipId: null });
  if (policy.error !== null) return off(LINKING_WHY.brokenPolicy);
  const mode = policy.values.healthRecordLinking ?? 'ask';
  if (mode === 'off') return off(LINKING_WHY.off);
  const hipId = policy.values.hipId ?? null;
  if (hipId === null) return off(LINKING_WHY.noHipId);
  return { mode, why: null, facilityName, hipId };
}
