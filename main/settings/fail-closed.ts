/**
 * What every policy key becomes while the policy cannot be used (a broken file, a source that
 * cannot be read, a file a user could have written): what the administrator wanted is unknown,
 * so each key that guards patient data or the installation is held at its safest, and the rest
 * stay the user's. One rule per key of the policy schema, in one table: the type makes a new key
 * fail the type check until it has a rule here, and a test compares the table with the schema.
 * Pure.
 */
import { DEFAULT_SETTINGS, type SettingName, type Settings } from '../../contract/settings';
import type { Policy } from './policy';

type PolicyKey = keyof Policy;

export type FailClosedRule<V> =
  /** Held at `value` and locked; `says` is the line the screen lists (none where another line says it). */
  | { kind: 'force'; value: V; says?: string }
  /** The user's value, bounded by `to`, and locked. */
  | { kind: 'limit'; to(value: V): V; says: string }
  /** Left to the user: `why` it cannot harm while the policy is broken. */
  | { kind: 'user'; why: string }
  /** Set only by a policy (a secret, a requirement): what the broken policy said is not applied; `says` what holds instead, if anything. */
  | { kind: 'policy-only'; holds?: V; says?: string };

type Rules = { [K in PolicyKey]-?: FailClosedRule<NonNullable<Policy[K]>> };

const SANDBOX_ONLY = 'goes only to the service, which is the built-in sandbox meanwhile';

/** The table: every key of the policy schema (policy.ts), each with its rule. */
export const FAIL_CLOSED_RULES: Rules = {
  service: { kind: 'force', value: 'sandbox', says: 'only the built-in sandbox can be chosen' },
  customServiceUrl: { kind: 'force', value: '' },
  clientId: { kind: 'user', why: SANDBOX_ONLY },
  userOid: { kind: 'user', why: SANDBOX_ONLY },
  partnerUserId: { kind: 'user', why: SANDBOX_ONLY },
  partnerHipId: { kind: 'user', why: SANDBOX_ONLY },
  jweKid: { kind: 'user', why: SANDBOX_ONLY },
  microphone: { kind: 'user', why: 'which microphone records leaves nothing' },
  uploadAudioFormat: { kind: 'user', why: SANDBOX_ONLY },
  audioRetentionDays: {
    kind: 'limit',
    // 0 keeps recordings for ever: the default is the longest a recording is kept meanwhile.
    to: (days) => (days === 0 || days > DEFAULT_SETTINGS.audioRetentionDays ? DEFAULT_SETTINGS.audioRetentionDays : days),
    says: `sent recordings are deleted after ${DEFAULT_SETTINGS.audioRetentionDays} days at most`,
  },
  autoSync: { kind: 'user', why: 'nothing is sent while the policy cannot be used (the hold), whatever it says' },
  updatesEnabled: { kind: 'force', value: false, says: 'updates are off' },
  updateUrl: { kind: 'force', value: '' },
  updateChannel: { kind: 'force', value: DEFAULT_SETTINGS.updateChannel },
  updatePinnedVersion: { kind: 'force', value: '' },
  otpResendSeconds: { kind: 'user', why: 'the registration service limits OTPs itself' },
  recordShortcut: { kind: 'user', why: 'starting a recording leaves nothing' },
  recordShortcutMode: { kind: 'user', why: 'starting a recording leaves nothing' },
  recordCues: { kind: 'user', why: 'a sound on this computer leaves nothing' },
  copyNoteShortcut: { kind: 'user', why: 'the shortcut copies through the copy path, under the review rule below' },
  insertCopiedNote: { kind: 'force', value: false, says: 'the copy shortcut only copies: no note is put into another program' },
  insertProfiles: { kind: 'user', why: 'used only to put a note into another program, which is off' },
  requireReview: { kind: 'force', value: true, says: 'each note must be marked reviewed before it leaves Scribe Desk' },
  clearCopiedNote: { kind: 'force', value: true, says: 'copied notes are taken off the clipboard after two minutes' },
  transcriptionApi: { kind: 'user', why: SANDBOX_ONLY },
  languageHints: { kind: 'user', why: SANDBOX_ONLY },
  noteTemplates: { kind: 'user', why: SANDBOX_ONLY },
  transcriptionModel: { kind: 'user', why: SANDBOX_ONLY },
  sendPatientDetails: { kind: 'force', value: false, says: 'no patient details are sent with a dictation' },
  clientSecret: { kind: 'policy-only' },
  accessToken: { kind: 'policy-only' },
  jweClientKey: { kind: 'policy-only' },
  requireProtectedStorage: { kind: 'policy-only', holds: true, says: 'recording waits until a system keyring protects the recordings' },
  includeCallSound: { kind: 'force', value: false, says: 'a consultation records the microphone only, not the call’s sound' },
  consultationConsent: { kind: 'policy-only', holds: 'ask', says: 'each patient is asked for consent before a consultation is recorded' },
  consentNotices: { kind: 'policy-only', says: 'the built-in consent notices are read to the patient' },
  auditRetentionDays: { kind: 'policy-only', says: 'the audit trail is kept for 365 days at least, and nothing of it is removed earlier' },
  auditExportNames: { kind: 'policy-only', holds: false, says: 'audit exports name patients by pseudonym only' },
  healthRecordLinking: { kind: 'policy-only', holds: 'off', says: 'no visit is linked to a patient’s health record' },
  hipId: { kind: 'policy-only' },
  facilityName: { kind: 'policy-only' },
  clinicHeader: { kind: 'policy-only' },
};

const entries = Object.entries(FAIL_CLOSED_RULES) as Array<[PolicyKey, FailClosedRule<unknown>]>;
const isSetting = (key: PolicyKey): key is SettingName => key in DEFAULT_SETTINGS;

/** The settings held while the policy cannot be used, from what the user saved: forced values and bounded ones. */
export function failClosedSettings(saved: Settings): Partial<Settings> {
  const held: Record<string, unknown> = {};
  for (const [key, rule] of entries) {
    if (!isSetting(key)) continue;
    if (rule.kind === 'force') held[key] = rule.value;
    else if (rule.kind === 'limit') held[key] = rule.to(saved[key]);
  }
  return held;
}

/** What the screen lists as held at its safest, in the table's order. */
export function failClosedLines(): string[] {
  return entries.flatMap(([, rule]) => ('says' in rule && rule.says ? [rule.says] : []));
}
