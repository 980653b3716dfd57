/**
 * The administrator's managed policy: a JSON file that fixes settings for everyone on the
 * machine (the registry and managed preferences are read beside it: policy-sources.ts), and
 * the one schema every source is checked against. What it sets is applied and shown locked;
 * a malformed source is reported and ignored as a whole. Pure apart from reading the file.
 */
import { readFileSync } from 'node:fs';
import { win32 } from 'node:path';
import { z } from 'zod';
import { jsonProblem } from './json-problem';
import { CONSENT_MODES, type ConsentMode } from '../../contract/consent';
import { SECRET_NAMES, secretProblem, settingsSchema, type SecretName, type Settings } from '../../contract/settings';
import { AUDIT_MIN_RETENTION_DAYS } from '../../contract/audit';
import { HEALTH_RECORD_LINKING, type HealthRecordLinking } from '../../contract/health-record';

/** Policy keys that are credentials: they fix the service too. */
const CREDENTIAL_KEYS = ['clientId', 'clientSecret', 'accessToken'] as const;

export const policySchema = settingsSchema
  .partial()
  .extend({
    clientSecret: z.string().min(1).optional(),
    accessToken: z.string().min(1).optional(),
    jweClientKey: z.string().min(1).optional(),
    /** Refuse to record until the OS keyring can protect the recordings' key (Linux without a keyring). */
    requireProtectedStorage: z.boolean().optional(),
    /** Consent to a consultation: asked of the patient at Record, or kept by the clinic in its own register (consent-policy.ts). */
    consultationConsent: z.enum(CONSENT_MODES).optional(),
    /** The clinic's consent notices, one per language; each is checked on its own and refused by key (consent-policy.ts). */
    consentNotices: z.array(z.looseObject({ language: z.string().max(8) })).max(50).optional(),
    /** Days the audit trail is kept: at least a year; a smaller or broken value is not refused with the policy, it means a year (audit/trail-retention.ts). */
    auditRetentionDays: z
      .number()
      .int()
      .min(AUDIT_MIN_RETENTION_DAYS)
      .optional()
      .catch((ctx) => (typeof ctx.value === 'number' ? ctx.value : Number.NaN)),
    /** `--audit-export` names the patients who still exist (the machine's own policy only; never a `--policy` file in a release build). */
    auditExportNames: z.boolean().optional(),
    /** A visit's reviewed note linked to the patient's health record (ABDM) when it ends: after asking the patient (default), always, or never (health-record-policy.ts). */
    healthRecordLinking: z.enum(HEALTH_RECORD_LINKING).optional(),
    /** The clinic's id as a health information provider (its HFR facility id); without it nothing is linked. */
    hipId: z.string().trim().min(1).max(64).regex(/^[\x21-\x7E]+$/, 'a HIP id has letters, digits and signs, without spaces').optional(),
    /** The clinic's name as the patient's health record shows it. */
    facilityName: z.string().trim().min(1).max(200).optional(),
    /** What heads a printed handout: the clinic's name, then its address and telephone, a line each. */
    clinicHeader: z.array(z.string().trim().min(1).max(200)).max(6).optional(),
  })
  .strict()
  .superRefine((policy, ctx) => {
    for (const name of SECRET_NAMES) {
      const value = policy[name];
      const problem = value === undefined ? null : secretProblem(name, value);
      if (problem) ctx.addIssue({ code: 'custom', path: [name], message: problem });
    }
    // Credentials an administrator hands out may only ever reach the service the administrator names.
    const credentials = CREDENTIAL_KEYS.filter((key) => policy[key] !== undefined);
    if (credentials.length === 0) return;
    const names = credentials.map((key) => `"${key}"`).join(', ');
    if (policy.service === undefined) {
      ctx.addIssue({ code: 'custom', path: ['service'], message: `it sets ${names} but not "service"; a policy that sets credentials must also fix the service they are for` });
    } else if (policy.service === 'custom' && policy.customServiceUrl === undefined) {
      ctx.addIssue({ code: 'custom', path: ['customServiceUrl'], message: `it sets ${names} for a custom service but not "customServiceUrl"` });
    }
  });

export type Policy = Partial<Settings> &
  Partial<Record<SecretName, string>> & {
    requireProtectedStorage?: boolean;
    consultationConsent?: ConsentMode;
    consentNotices?: Array<{ language: string } & Record<string, unknown>>;
    auditRetentionDays?: number;
    auditExportNames?: boolean;
    healthRecordLinking?: HealthRecordLinking;
    hipId?: string;
    facilityName?: string;
    clinicHeader?: string[];
  };

export interface LoadedPolicy {
  path: string | null;
  values: Policy;
  error: string | null;
  /** Said in the log when a `--policy` file was not applied (the machine policy alone applies). */
  ignored?: string;
}

/** No policy from this source: the machine is not managed through it. */
export const NO_POLICY: LoadedPolicy = { path: null, values: {}, error: null };

/** Why a policy file could not be read, from its error code. */
export function fileReadProblem(code: string | undefined): string {
  if (code === 'ENOENT') return 'the file does not exist';
  if (code === 'EACCES') return 'the file cannot be read (permission denied)';
  return `it cannot be read (${code ?? 'unknown error'})`;
}

/**
 * Where an administrator puts the policy file on each operating system. On Windows the
 * ProgramData folder comes from the OS (`programData`), never from the environment.
 */
export function machinePolicyPath(platform: NodeJS.Platform, programData: () => string): string {
  switch (platform) {
    case 'win32':
      return win32.join(programData(), 'ScribeDesk', 'policy.json');
    case 'darwin':
      return '/Library/Application Support/ScribeDesk/policy.json';
    default:
      return '/etc/scribe-desk/policy.json';
  }
}

/** Where a policy came from, for the settings screen and for messages. */
export interface PolicyOrigin {
  /** The file, registry key or managed preferences file. */
  path: string;
  /** The start of a message about it: "The policy file /etc/scribe-desk/policy.json". */
  label: string;
}

export function policyFileOrigin(path: string): PolicyOrigin {
  return { path, label: `The policy file ${path}` };
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const key = issue.path.join('.');
      if (issue.code === 'unrecognized_keys') return `unknown setting ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
      return key ? `"${key}": ${issue.message}` : issue.message;
    })
    .join('; ');
}

/**
 * Reads the policy. `explicit` is true for a file named with `--policy`: then a missing file
 * is an error; a missing machine-wide file just means the machine is not managed.
 */
export function loadPolicy(path: string, explicit: boolean): LoadedPolicy {
  const origin = policyFileOrigin(path);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' && !explicit) return NO_POLICY;
    return ignoredPolicy(origin, fileReadProblem(code));
  }
  let json: unknown;
  const content = text.replace(/^\uFEFF/, '');
  try {
    json = JSON.parse(content);
  } catch {
    // The parser's message quotes the text around the error, which may be a secret: its position only.
    return ignoredPolicy(origin, `it is not valid JSON (${jsonProblem(content)})`);
  }
  return validatedPolicy(origin, json);
}

/** A source that cannot be used: nothing of it applies, and `reason` says why. */
export function ignoredPolicy(origin: PolicyOrigin, reason: string): LoadedPolicy {
  return { path: origin.path, values: {}, error: `${origin.label} was ignored: ${reason}.` };
}

/**
 * A policy's values checked against the schema, with the problems a reader found before
 * (a registry value of the wrong type, named by key, its value never quoted).
 */
export function validatedPolicy(origin: PolicyOrigin, values: unknown, typeProblems: readonly string[] = []): LoadedPolicy {
  const parsed = policySchema.safeParse(values);
  const problems = [...typeProblems, ...(parsed.success ? [] : [describeIssues(parsed.error)])];
  if (problems.length > 0 || !parsed.success) return ignoredPolicy(origin, problems.join('; '));
  return { path: origin.path, values: parsed.data, error: null };
}

/**
 * The policy in effect. In a release build the machine-wide policy, where there is one, is
 * the only one: a file given with `--policy` is ignored (also while the machine policy is
 * broken: it must not fill the gap). Without a machine policy the `--policy` file applies. In
 * a development build a `--policy` file replaces the machine policy, so tests start from a
 * known state.
 */
export function effectivePolicy(machine: LoadedPolicy, user: LoadedPolicy | null, release: boolean): LoadedPolicy {
  if (!user) return machine;
  if (!release || machine.path === null) return user;
  const ignored = `The --policy file ${user.path ?? ''} was not applied: this computer has a machine-wide policy, which alone applies.`;
  return machine.error !== null ? { ...machine, error: `${machine.error} ${ignored}` } : { ...machine, ignored };
}
