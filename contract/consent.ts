/**
 * The patient's consent to a recorded consultation: the notice read to them (what is recorded,
 * what for, who receives it, how long it is kept, that they may refuse or stop), in English and
 * Hindi built in and in the languages a clinic's policy adds or replaces; the answer kept sealed
 * with the consultation; and how the screen says it. Pure.
 */

/** The sections every notice must have, in the order they are read out. */
export const NOTICE_SECTIONS = ['what', 'why', 'who', 'howLong', 'rightToStop'] as const;
export type NoticeSection = (typeof NOTICE_SECTIONS)[number];

export const NOTICE_SECTION_NAMES: Record<NoticeSection, string> = {
  what: 'what is recorded',
  why: 'what for',
  who: 'who receives it',
  howLong: 'how long it is kept',
  rightToStop: 'the right to say no or stop',
};

/** A notice's text in one language; `{days}` in `howLong` is replaced by the days recordings are kept. */
export type NoticeText = Record<NoticeSection, string>;

export interface ConsentNotice {
  /** ISO 639-1. */
  language: string;
  /** The language's name in itself and in English: "हिन्दी (Hindi)". */
  languageName: string;
  /** Which text was read: "built-in-1", or the policy's own version. */
  version: string;
  /** Built into the app, or the clinic's by policy. */
  source: 'built-in' | 'policy';
  text: NoticeText;
  /** Read after `what` when the consultation records the call's sound too: that everyone on the call is recorded. */
  onCall: string;
}

/** How consent to a consultation is had: asked of the patient at Record, or kept by the clinic in its own register (policy). */
export const CONSENT_MODES = ['ask', 'clinicRecordsIt'] as const;
export type ConsentMode = (typeof CONSENT_MODES)[number];

/** What the page needs to ask: the notices, and how consent is had on this computer. */
export interface ConsentNotices {
  mode: ConsentMode;
  /** The doctor's language (the app's), first; then every other language a notice exists in. */
  notices: ConsentNotice[];
  /** The policy's notices that cannot be used (the built-in text, where there is one, is used for their language). */
  refused: RefusedNotice[];
}

/** A notice of the policy that cannot be used: its language for the doctor, and why, by the policy's key, for the administrator. */
export interface RefusedNotice {
  language: string;
  languageName: string;
  why: string;
}

/** The answer, as the page gives it when the patient has answered. */
export interface ConsentAnswer {
  /** The patient's language: the notice read to them (the doctor's is read beside it). */
  noticeLanguage: string;
  noticeVersion: string;
  /** The notice read said the call's sound is recorded too (absent: it did not). */
  callSound?: boolean;
}

/** What a consultation keeps of its consent (sealed with it) and the page shows. */
export interface ConsentRecord {
  /** `given`: the patient agreed at Record; `clinic`: the clinic keeps consent in its own register (policy). */
  kind: 'given' | 'clinic';
  /** ISO 8601. */
  at: string;
  noticeLanguage: string | null;
  noticeVersion: string | null;
  /** Who confirmed it: the account signed in to the service (none: the sandbox, or not signed in) and the computer's user. */
  account: string | null;
  osUser: string;
  /** The recording took the call's sound too (everyone on the call), and the notice read said so. */
  callSound: boolean;
}

export const BUILT_IN_NOTICE_VERSION = 'built-in-1';

/** The doctor's language: the app speaks English. */
export const DOCTOR_LANGUAGE = 'en';

const BUILT_IN: Record<string, { languageName: string; text: NoticeText; onCall: string }> = {
  en: {
    languageName: 'English',
    text: {
      what: 'With your permission, this consultation is recorded: what you and the doctor say, including what you tell about your health.',
      why: 'The recording is used only to write your prescription and clinical notes.',
      who: "It is sent to the clinic's transcription service, which writes the notes, and the notes are kept in the clinic's records.",
      howLong: 'The recording is kept on this computer for at most {days} days and then deleted; the notes stay in your records.',
      rightToStop: 'You may say no, and you may ask at any time to stop the recording or to delete it. Your care does not depend on your answer.',
    },
    onCall: 'On this call, the call’s sound is recorded too: everyone on the call, and what each of them says.',
  },
  hi: {
    languageName: 'हिन्दी (Hindi)',
    text: {
      what: 'आपकी अनुमति से इस परामर्श की रिकॉर्डिंग की जाती है: आप और डॉक्टर जो कहते हैं, आपके स्वास्थ्य के बारे में बताई गई बातों सहित।',
      why: 'रिकॉर्डिंग का उपयोग केवल आपका पर्चा (प्रिस्क्रिप्शन) और चिकित्सा नोट्स लिखने के लिए किया जाता है।',
      who: 'इसे क्लिनिक की ट्रांसक्रिप्शन सेवा को भेजा जाता है, जो नोट्स लिखती है, और नोट्स क्लिनिक के रिकॉर्ड में रखे जाते हैं।',
      howLong: 'रिकॉर्डिंग इस कंप्यूटर पर अधिकतम {days} दिन रखी जाती है और फिर हटा दी जाती है; नोट्स आपके रिकॉर्ड में रहते हैं।',
      rightToStop: 'आप मना कर सकते हैं, और किसी भी समय रिकॉर्डिंग रोकने या हटाने के लिए कह सकते हैं। आपका इलाज आपके उत्तर पर निर्भर नहीं करता।',
    },
    onCall: 'इस कॉल पर कॉल की आवाज़ भी रिकॉर्ड की जाती है: कॉल पर मौजूद हर व्यक्ति, और उनमें से हर कोई जो कहता है।',
  },
};

/** The built-in notices, English first. */
export function builtInNotices(): ConsentNotice[] {
  return Object.entries(BUILT_IN).map(([language, { languageName, text, onCall }]) => ({ language, languageName, version: BUILT_IN_NOTICE_VERSION, source: 'built-in', text, onCall }));
}

/** The built-in sentence about the call's sound in `language`, else in the doctor's. */
export function builtInOnCall(language: string): string {
  return (BUILT_IN[language] ?? BUILT_IN[DOCTOR_LANGUAGE]!).onCall;
}

/** A language's name for the notice's list: the built-in name, else the name the runtime knows, else its code. */
export function noticeLanguageName(language: string): string {
  const known = BUILT_IN[language]?.languageName;
  if (known) return known;
  try {
    const english = new Intl.DisplayNames(['en'], { type: 'language' }).of(language);
    const own = new Intl.DisplayNames([language], { type: 'language' }).of(language);
    if (english && own && own !== english) return `${own} (${english})`;
    return english ?? language;
  } catch {
    return language;
  }
}

/** The notice's parts in reading order, `{days}` filled in (0 days: kept until deleted by hand); `onCall` after what is recorded, when the call's sound is. */
export function noticeLines(text: NoticeText, retentionDays: number, onCall: string | null = null): string[] {
  const days = retentionDays > 0 ? String(retentionDays) : '∞';
  return NOTICE_SECTIONS.flatMap((section) => [text[section].replaceAll('{days}', days), ...(section === 'what' && onCall ? [onCall] : [])]);
}

/** "Patient consented at 10:42, Hindi notice" / "Consent kept by the clinic (10:42)". `time`: a clock time as the app writes it. */
export function consentLine(record: ConsentRecord, time: (iso: string) => string): string {
  if (record.kind === 'clinic') return `Consent kept by the clinic in its own register (recorded ${time(record.at)}${record.callSound ? ', the call’s sound included' : ''})`;
  const language = record.noticeLanguage ? noticeLanguageName(record.noticeLanguage).replace(/^.*\((.*)\)$/, '$1') : 'the';
  return `Patient consented at ${time(record.at)}, ${language} notice${record.callSound ? ', the call’s sound included' : ''}`;
}
