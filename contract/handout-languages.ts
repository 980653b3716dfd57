/**
 * The languages a document for the patient (a handout) can be made in, as the service names
 * them (`target_language`: `eng`, `hi`, `ta`, `te`, `bn`, `mr`, `gu`, `kn`, `ml`, `pa`, `as`),
 * the script each is written in, and how a text is read for its script and its digits: every
 * Indic script has digits of its own (१२३, ১২৩, ੧੨੩ …), which count as the same numbers as 1 2 3.
 * A patient's language is kept as its ISO 639-1 code (as the consent notices name languages).
 * Pure.
 */

export const SCRIPTS = ['Latin', 'Devanagari', 'Bengali', 'Gurmukhi', 'Gujarati', 'Tamil', 'Telugu', 'Kannada', 'Malayalam'] as const;
export type Script = (typeof SCRIPTS)[number];

export interface HandoutLanguage {
  /** ISO 639-1, as the patient keeps it. */
  code: string;
  /** What the service calls it (`target_language`). */
  service: string;
  /** In English. */
  name: string;
  /** In itself. */
  own: string;
  script: Script;
}

export const HANDOUT_LANGUAGES: readonly HandoutLanguage[] = [
  { code: 'hi', service: 'hi', name: 'Hindi', own: 'हिन्दी', script: 'Devanagari' },
  { code: 'mr', service: 'mr', name: 'Marathi', own: 'मराठी', script: 'Devanagari' },
  { code: 'bn', service: 'bn', name: 'Bengali', own: 'বাংলা', script: 'Bengali' },
  { code: 'as', service: 'as', name: 'Assamese', own: 'অসমীয়া', script: 'Bengali' },
  { code: 'pa', service: 'pa', name: 'Punjabi', own: 'ਪੰਜਾਬੀ', script: 'Gurmukhi' },
  { code: 'gu', service: 'gu', name: 'Gujarati', own: 'ગુજરાતી', script: 'Gujarati' },
  { code: 'ta', service: 'ta', name: 'Tamil', own: 'தமிழ்', script: 'Tamil' },
  { code: 'te', service: 'te', name: 'Telugu', own: 'తెలుగు', script: 'Telugu' },
  { code: 'kn', service: 'kn', name: 'Kannada', own: 'ಕನ್ನಡ', script: 'Kannada' },
  { code: 'ml', service: 'ml', name: 'Malayalam', own: 'മലയാളം', script: 'Malayalam' },
  { code: 'en', service: 'eng', name: 'English', own: 'English', script: 'Latin' },
];

/** The codes the service takes as `target_language`, as published. */
export const SERVICE_LANGUAGES = HANDOUT_LANGUAGES.map((language) => language.service);

/** The language of an ISO 639-1 code; null for one no handout is made in. */
export function handoutLanguage(code: string | null | undefined): HandoutLanguage | null {
  return HANDOUT_LANGUAGES.find((language) => language.code === code) ?? null;
}

/** "Hindi (हिन्दी)"; English as itself; an unknown code as it is. */
export function languageLine(code: string): string {
  const language = handoutLanguage(code);
  if (!language) return code;
  return language.own === language.name ? language.name : `${language.name} (${language.own})`;
}

/** The Unicode block of each Indic script: its letters, signs and digits. */
const BLOCKS: Array<[Script, number, number]> = [
  ['Devanagari', 0x0900, 0x097f],
  ['Bengali', 0x0980, 0x09ff],
  ['Gurmukhi', 0x0a00, 0x0a7f],
  ['Gujarati', 0x0a80, 0x0aff],
  ['Tamil', 0x0b80, 0x0bff],
  ['Telugu', 0x0c00, 0x0c7f],
  ['Kannada', 0x0c80, 0x0cff],
  ['Malayalam', 0x0d00, 0x0d7f],
];

/** Where each script's zero is (its digits follow it); Oriya's too, so that its digits read as numbers. */
const ZEROS = [0x0966, 0x09e6, 0x0a66, 0x0ae6, 0x0b66, 0x0be6, 0x0c66, 0x0ce6, 0x0d66];

/** The script of a letter, or null (a digit, a sign, punctuation, another script). */
export function scriptOf(char: string): Script | null {
  const code = char.codePointAt(0) ?? 0;
  if (/\p{Script=Latin}/u.test(char)) return 'Latin';
  if (!/[\p{L}\p{M}]/u.test(char)) return null;
  return BLOCKS.find(([, from, to]) => code >= from && code <= to)?.[0] ?? null;
}

/** The text with every Indic digit as its ASCII digit (৫ → 5), so that numbers in any script compare. */
export function asciiDigits(text: string): string {
  return text.replace(/[\u0966-\u096f\u09e6-\u09ef\u0a66-\u0a6f\u0ae6-\u0aef\u0b66-\u0b6f\u0be6-\u0bef\u0c66-\u0c6f\u0ce6-\u0cef\u0d66-\u0d6f]/g, (digit) => {
    const code = digit.codePointAt(0)!;
    const zero = ZEROS.find((start) => code >= start && code <= start + 9)!;
    return String(code - zero);
  });
}

/** Letters of the text by script (letters of other scripts counted as `other`). */
export function lettersByScript(text: string): { total: number; other: number; by: Partial<Record<Script, number>> } {
  const by: Partial<Record<Script, number>> = {};
  let total = 0;
  let other = 0;
  for (const char of text) {
    if (!/[\p{L}\p{M}]/u.test(char)) continue;
    total += 1;
    const script = scriptOf(char);
    if (script) by[script] = (by[script] ?? 0) + 1;
    else other += 1;
  }
  return { total, other, by };
}

/** The script most of the text's letters are in, leaving Latin aside when any other is there (medicine names stay in Latin). */
export function mainScript(text: string): Script | null {
  const { by } = lettersByScript(text);
  const ranked = (Object.entries(by) as Array<[Script, number]>).sort((a, b) => b[1] - a[1]);
  return ranked.find(([script]) => script !== 'Latin')?.[0] ?? ranked[0]?.[0] ?? null;
}

/** A script's name as the doctor reads it: "Devanagari script", "Latin letters (English)". */
const scriptName = (script: Script) => (script === 'Latin' ? 'Latin letters' : `${script} script`);

/**
 * Why `text` is not written in `language`'s script, or null when it is. A handout keeps medicine
 * names in Latin letters, so Latin beside its own script is fine; but a fifth of its letters at
 * least are in its script, and nearly none in a third one. An English document has nearly no letters of another script.
 */
export function scriptProblem(text: string, language: HandoutLanguage): string | null {
  const { total, by } = lettersByScript(text);
  if (total === 0) return null;
  const own = by[language.script] ?? 0;
  const wanted = `${language.name} (${scriptName(language.script)})`;
  const found = mainScript(text);
  const foundName = found === null ? 'no script the app knows' : found === 'Latin' ? 'Latin letters' : `${found} script`;
  if (language.script === 'Latin') {
    return total - own > total * 0.1 ? `It came back mostly in ${foundName}, not in ${wanted}.` : null;
  }
  // Letters neither in its script nor Latin: another Indic script, or one the app does not know.
  const foreign = total - own - (by.Latin ?? 0);
  if (own < total * 0.2 || foreign > (own + foreign) * 0.1) return `It came back mostly in ${foundName}, not in ${wanted}.`;
  return null;
}
