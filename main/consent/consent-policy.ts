/**
 * Consent to a consultation as the administrator's policy has it: asked of the patient at
 * Record (the default, and what a broken policy means), or kept by the clinic in its own
 * register (`consultationConsent: "clinicRecordsIt"`); and the notices read to the patient,
 * built in (English, Hindi) or the clinic's (`consentNotices`, per language, each with every
 * required section, else refused by key and the built-in text kept). Pure.
 */
import { z } from 'zod';
import {
  DOCTOR_LANGUAGE,
  NOTICE_SECTIONS,
  NOTICE_SECTION_NAMES,
  builtInNotices,
  builtInOnCall,
  noticeLanguageName,
  type ConsentMode,
  type ConsentNotice,
  type ConsentNotices,
  type NoticeText,
  type RefusedNotice,
} from '../../contract/consent';

/** What of the administrator's policy consent reads (the settings' loaded policy, main/settings/policy.ts). */
export interface ConsentPolicy {
  /** Why the policy cannot be used; null when it can. */
  error: string | null;
  values: { consultationConsent?: ConsentMode; consentNotices?: Array<{ language: string } & Record<string, unknown>> };
}

const LANGUAGE = /^[a-z]{2,3}$/;
const SECTION_MAX_CHARS = 1_000;

const noticeSchema = z
  .object({
    ...Object.fromEntries(NOTICE_SECTIONS.map((section) => [section, z.string().trim().min(1).max(SECTION_MAX_CHARS)])),
    /** The clinic's own version of its text, kept with each answer. */
    version: z.string().trim().min(1).max(60).optional(),
    /** What a recording that takes the call's sound adds (everyone on the call is recorded); the built-in sentence when absent. */
    onCall: z.string().trim().min(1).max(SECTION_MAX_CHARS).optional(),
  })
  .strict();

/** Why one language's notice cannot be used, by key; null when it can. */
function noticeProblem(language: string, value: unknown): string | null {
  const key = `consentNotices[${language}]`;
  if (!LANGUAGE.test(language)) return `"${key}": a language is its two-letter code, for example hi or ta`;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return `"${key}": give the notice's parts (${NOTICE_SECTIONS.join(', ')})`;
  const missing = NOTICE_SECTIONS.filter((section) => typeof (value as Record<string, unknown>)[section] !== 'string' || ((value as Record<string, string>)[section] ?? '').trim() === '');
  if (missing.length > 0) return `"${key}": missing ${missing.map((section) => `"${section}" (${NOTICE_SECTION_NAMES[section]})`).join(', ')}`;
  const parsed = noticeSchema.safeParse(value);
  return parsed.success ? null : `"${key}": ${parsed.error.issues.map((issue) => `${issue.path.join('.') || 'notice'} ${issue.message}`).join('; ')}`;
}

/** A version that names the clinic's text: its own, else its first characters' fingerprint. */
function policyVersion(text: NoticeText, version: string | undefined): string {
  if (version) return `policy-${version}`;
  let hash = 0;
  for (const char of NOTICE_SECTIONS.map((section) => text[section]).join('\n')) hash = (Math.imul(hash, 31) + char.codePointAt(0)!) >>> 0;
  return `policy-${hash.toString(16).padStart(8, '0')}`;
}

/** How consent is had on this computer: a broken policy means it is asked. */
export function consentModeOf(policy: ConsentPolicy): ConsentMode {
  if (policy.error !== null) return 'ask';
  return policy.values.consultationConsent ?? 'ask';
}

/** The notices: the clinic's replace the built-in ones of their language; refused ones are named by key. */
export function consentNoticesOf(policy: ConsentPolicy): ConsentNotices {
  const byLanguage = new Map<string, ConsentNotice>(builtInNotices().map((notice) => [notice.language, notice]));
  const refused: RefusedNotice[] = [];
  const given = policy.error === null ? (policy.values.consentNotices ?? []) : [];
  for (const { language, ...value } of given) {
    const problem = noticeProblem(language, value);
    if (problem) {
      refused.push({ language, languageName: noticeLanguageName(language), why: problem });
      continue;
    }
    const parsed = noticeSchema.parse(value) as NoticeText & { version?: string; onCall?: string };
    const text = Object.fromEntries(NOTICE_SECTIONS.map((section) => [section, parsed[section]])) as NoticeText;
    const onCall = parsed.onCall ?? builtInOnCall(language);
    byLanguage.set(language, { language, languageName: noticeLanguageName(language), version: policyVersion(text, parsed.version), source: 'policy', text, onCall });
  }
  const notices = [...byLanguage.values()].sort((a, b) => (a.language === DOCTOR_LANGUAGE ? -1 : b.language === DOCTOR_LANGUAGE ? 1 : a.language.localeCompare(b.language)));
  return { mode: consentModeOf(policy), notices, refused };
}
