/**
 * Whether the patient a document names is plainly someone other than the patient it was filed
 * for: the label typed with it ("Ramesh Kumar, 54M", "Mrs. S. Sharma F/32", "Bed 4 - Rao") or a
 * patient's structured details, against the name, age and sex read from the document. Only an
 * obvious disagreement counts: initials, honorifics, the order of the names, common spellings
 * of one name (Sunita, Sunitha), a name given in part and an older report are not; what one side
 * does not say is not compared. Pure.
 */

export type PatientSex = 'F' | 'M';

/** A patient as far as they are known; every part may be missing. */
export interface PatientDetails {
  name?: string | null;
  /** Years (a fraction for months), or as written: "54 years", "8 months", "32". */
  age?: number | string | null;
  /** "F", "Female", "male"…; anything else is not compared. */
  sex?: string | null;
}

/** A patient as this module compares them. */
export interface KnownPatient {
  /** The words of the name, without honorifics or what a label says about the visit; null when none. */
  name: string | null;
  /** In years; null when not given. */
  age: number | null;
  sex: PatientSex | null;
}

export type PatientField = 'name' | 'age' | 'sex';

/**
 * Ages further apart than this are a disagreement: two years (an age may be rounded, or a
 * birthday passed since), one year when the younger of the two is under five, half a year
 * under two. Checked from the youngest.
 */
export const AGE_TOLERANCES: ReadonlyArray<{ under: number; years: number }> = [
  { under: 2, years: 0.5 },
  { under: 5, years: 1 },
  { under: Number.POSITIVE_INFINITY, years: 2 },
];

const MAX_LABEL_CHARS = 500;
const DAYS_A_YEAR = 365.25;

/** Titles before a name, and the sex some of them tell. */
const HONORIFICS: Record<string, PatientSex | null> = {
  mr: 'M',
  shri: 'M',
  sri: 'M',
  shree: 'M',
  master: 'M',
  mast: 'M',
  mrs: 'F',
  ms: 'F',
  miss: 'F',
  smt: 'F',
  shrimati: 'F',
  srimati: 'F',
  kumari: 'F',
  kum: 'F',
  km: 'F',
  dr: null,
  prof: null,
  baby: null,
};

/** Words a name does not have and labels do: the visit, the report, the ward. */
const NOT_NAME_WORDS = new Set(
  (
    'opd ipd bed ward room rm no num number id uhid mrn reg regn token case file review follow up followup fu visit new old after before ' +
    'discharge admission admitted report reports lab test tests patient pt sample cbc lft kft rft tft hba1c lipid profile sugar thyroid urine ' +
    'blood scan xray ultrasound usg ecg echo mri ct pre post op surgery icu nicu er emergency casualty cabin dept clinic morning evening today ' +
    'and of the for with at in on to from by age aged sex gender name yrs yr years year months month days day male female mob mobile ph'
  ).split(' '),
);

/** Endings that Indian names carry or leave out (Sunita Devi, Sunita): they never tell two people apart. */
const NAME_SUFFIXES = new Set(['devi', 'kumari', 'bai', 'ben', 'begum', 'bibi']);

const SEX_WORDS: Record<string, PatientSex> = { male: 'M', boy: 'M', m: 'M', female: 'F', girl: 'F', f: 'F' };

const YEARS = String.raw`(?:y|yo|yr|yrs|years?)\.?`;
const MONTHS = String.raw`(?:mo|mos|mth|mths|months?)\.?`;
const DAYS = String.raw`(?:days?)`;
const NUMBER = String.raw`(\d{1,3}(?:\.\d)?)`;
const ALONE_AFTER = String.raw`(?![\p{L}\d])`;
const ALONE_BEFORE = String.raw`(?<![\p{L}\d])`;
/** "Bed 4", "OPD 7", "Token #12": numbers that are no age. */
const VISIT_NUMBER = new RegExp(String.raw`${ALONE_BEFORE}(?:bed|opd|ipd|ward|room|rm|token|no|reg|regn|id|case|cabin|uhid|mrn)\.?\s*#?\s*\d+`, 'giu');
/** "54M", "54 yrs/M", "32F" (a lower-case m after a number may be months: left alone). */
const AGE_THEN_SEX = new RegExp(String.raw`${ALONE_BEFORE}${NUMBER}\s*(?:${YEARS})?\s*[/\-]?\s*(M|F|f)${ALONE_AFTER}`, 'gu');
/** "F/32", "M 54", "F-32y". */
const SEX_THEN_AGE = new RegExp(String.raw`${ALONE_BEFORE}(M|F|f)\s*[/\-]?\s*${NUMBER}\s*(?:${YEARS})?${ALONE_AFTER}`, 'gu');
/** An age with its unit, or after "Age", and how many of that unit make a year. */
const AGES: Array<[RegExp, number]> = [
  [new RegExp(String.raw`${ALONE_BEFORE}${NUMBER}\s*${YEARS}${ALONE_AFTER}`, 'giu'), 1],
  [new RegExp(String.raw`${ALONE_BEFORE}${NUMBER}\s*${MONTHS}${ALONE_AFTER}`, 'giu'), 12],
  [new RegExp(String.raw`${ALONE_BEFORE}${NUMBER}\s*${DAYS}${ALONE_AFTER}`, 'giu'), DAYS_A_YEAR],
  [new RegExp(String.raw`${ALONE_BEFORE}(?:age|aged)\s*[:\-]?\s*${NUMBER}(?!\d)`, 'giu'), 1],
];
/** "male", "Sex: female" ("man" and "woman" are not read: "Man Singh"); a lone "F" is read as a segment. */
const SEX_WORD = new RegExp(String.raw`${ALONE_BEFORE}(?:(?:sex|gender)\s*[:\-]?\s*)?(male|female|boy|girl)${ALONE_AFTER}`, 'giu');
/** "B/O Sunita", "Baby of Sunita": the name is the mother's, not the patient's. */
const BABY_OF = /(?<![\p{L}\d])(?:b\s*\/\s*o|baby\s+of)(?![\p{L}\d])/iu;
const SEGMENT_BREAK = /[,;|()[\]\n\t:]|\s[-–—]\s/u;
const CUT = ' , ';

function sexOf(text: string): PatientSex | null {
  const word = text.trim().toLowerCase();
  return Object.hasOwn(SEX_WORDS, word) ? SEX_WORDS[word]! : null;
}

const plausibleAge = (years: number): number | null => (Number.isFinite(years) && years >= 0 && years < 150 ? years : null);

/** What a label says besides the name, as it is read: cut out of the text. */
interface Read {
  text: string;
  age: number | null;
  sex: PatientSex | null;
}

/** Takes out the ages and sexes a text gives (the first of each counts). */
function readAgeAndSex(read: Read): void {
  const cut = (age: string | null, sex: string | null, perYear = 1) => {
    if (age !== null) read.age ??= plausibleAge(Number(age) / perYear);
    if (sex !== null) read.sex ??= sexOf(sex);
    return CUT;
  };
  read.text = read.text
    .replace(VISIT_NUMBER, CUT)
    .replace(AGE_THEN_SEX, (_whole, age: string, sex: string) => cut(age, sex))
    .replace(SEX_THEN_AGE, (_whole, sex: string, age: string) => cut(age, sex));
  for (const [pattern, perYear] of AGES) read.text = read.text.replace(pattern, (_whole, age: string) => cut(age, null, perYear));
  read.text = read.text.replace(SEX_WORD, (_whole, sex: string) => cut(null, sex));
}

/** The first words of a segment that can be a name, without a title before them (and the sex the title tells). */
function nameOf(segment: string): { name: string; sex: PatientSex | null } | null {
  if (/^[MF]$/.test(segment)) return null;
  const words = segment.split(/[\s.\-–]+/u).filter(Boolean);
  let sex: PatientSex | null = null;
  while (words.length > 0 && Object.hasOwn(HONORIFICS, words[0]!.toLowerCase())) sex ??= HONORIFICS[words.shift()!.toLowerCase()]!;
  const kept = words.filter((word) => /^[\p{L}'’]+$/u.test(word) && !NOT_NAME_WORDS.has(word.toLowerCase()));
  return kept.length > 0 ? { name: kept.join(' '), sex } : null;
}

/** Reads a label's patient: the first words that can be a name, an age with its unit, the sex. */
export function patientFromLabel(label: string): KnownPatient {
  const read: Read = { text: label.normalize('NFKC').slice(0, MAX_LABEL_CHARS), age: null, sex: null };
  readAgeAndSex(read);
  const segments = read.text.split(SEGMENT_BREAK).map((segment) => segment.trim());
  // A segment that is only "M" or "F" is the sex ("Ramesh, M, 54"); within a name it is an initial.
  for (const segment of segments) if (/^[MF]$/.test(segment)) read.sex ??= sexOf(segment);
  const named = segments.map(nameOf).find((found) => found !== null) ?? null;
  return { name: named && !BABY_OF.test(label) ? named.name : null, age: read.age, sex: read.sex ?? named?.sex ?? null };
}

/** An age given as a number of years, or as written ("54 years", "8 months", "32"). */
function ageOf(value: number | string | null | undefined): number | null {
  if (typeof value === 'number') return plausibleAge(value);
  if (typeof value !== 'string') return null;
  if (/^\s*\d{1,3}\s*$/.test(value)) return plausibleAge(Number(value));
  const read: Read = { text: value.slice(0, MAX_LABEL_CHARS), age: null, sex: null };
  readAgeAndSex(read);
  return read.age;
}

/** A structured patient as this module compares them. */
export function knownPatient(details: PatientDetails): KnownPatient {
  const name = details.name?.normalize('NFKC').slice(0, MAX_LABEL_CHARS).trim() || null;
  return { name, age: ageOf(details.age), sex: details.sex ? sexOf(details.sex) : null };
}

interface SplitName {
  words: string[];
  initials: string[];
}

/** One spelling for the ways a name is written in Latin letters (Sunitha, Sunita; Vijay, Vijai). */
function spelling(word: string): string {
  return word
    .replace(/([bdgjkpt])h/g, '$1')
    .replace(/sh/g, 's')
    .replace(/ph/g, 'f')
    .replace(/w/g, 'v')
    .replace(/q/g, 'k')
    .replace(/ck/g, 'k')
    .replace(/ee/g, 'i')
    .replace(/oo/g, 'u')
    .replace(/y/g, 'i')
    .replace(/(.)\1+/g, '$1');
}

/** Whether two spellings are at most one letter apart (added, removed or changed). */
function withinOneLetter(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1);
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

function sameWord(a: string, b: string): boolean {
  const [x, y] = [spelling(a), spelling(b)];
  return x === y || (x.length >= 5 && y.length >= 5 && withinOneLetter(x, y));
}

/** A name's words and initials; null when it has none, or is not in Latin letters (another script is not compared). */
function splitName(name: string): SplitName | null {
  const raw = name.split(/[^\p{L}'’]+/u).filter(Boolean);
  if (raw.some((word) => /[^\p{Script=Latin}'’]/u.test(word))) return null;
  const allCapitals = raw.every((word) => word === word.toUpperCase());
  const split: SplitName = { words: [], initials: [] };
  for (const word of raw) {
    const plain = word.normalize('NFD').replace(/\p{M}/gu, '').replace(/['’]/g, '').toLowerCase();
    if (plain === '' || NOT_NAME_WORDS.has(plain) || NAME_SUFFIXES.has(plain) || Object.hasOwn(HONORIFICS, plain)) continue;
    // "RK Gupta": capitals with no vowel, or capitals in a name otherwise not in capitals, are initials.
    const initials = plain.length === 1 || (plain.length <= 3 && word === word.toUpperCase() && (!allCapitals || !/[aeiou]/.test(plain)));
    if (initials) split.initials.push(...plain);
    else split.words.push(plain);
  }
  return split.words.length + split.initials.length > 0 ? split : null;
}

/** Whether every word and initial of `a` stands for a different word or initial of `b`. */
function foundIn(a: SplitName, b: SplitName): boolean {
  const free = { words: [...b.words], initials: [...b.initials] };
  const takeWord = (test: (word: string) => boolean) => {
    const index = free.words.findIndex(test);
    if (index >= 0) free.words.splice(index, 1);
    return index >= 0;
  };
  const takeInitial = (letter: string) => {
    const index = free.initials.indexOf(letter);
    if (index >= 0) free.initials.splice(index, 1);
    return index >= 0;
  };
  // Whole words first, so that an initial cannot take a word another word needs.
  const unmatched = a.words.filter((word) => !takeWord((other) => sameWord(word, other)));
  if (!unmatched.every((word) => takeInitial(word[0]!))) return false;
  return a.initials.every((letter) => takeInitial(letter) || takeWord((other) => other[0] === letter));
}

function namesDiffer(a: string | null, b: string | null): boolean {
  const [x, y] = [a ? splitName(a) : null, b ? splitName(b) : null];
  if (!x || !y) return false;
  return !foundIn(x, y) && !foundIn(y, x);
}

function agesDiffer(expected: number | null, found: number | null, yearsSince: number): boolean {
  if (expected === null || found === null) return false;
  const then = found + yearsSince;
  const younger = Math.min(expected, then);
  return Math.abs(expected - then) > AGE_TOLERANCES.find((rule) => younger < rule.under)!.years;
}

/**
 * Whether two patients look like one person: both named, the names standing for each other,
 * and nothing else they both say differing (what one side does not say is not compared).
 */
export function looksTheSame(a: PatientDetails, b: PatientDetails): boolean {
  const [x, y] = [knownPatient(a), knownPatient(b)];
  if (!x.name || !y.name || !splitName(x.name) || !splitName(y.name)) return false;
  return patientDifferences(a, b).length === 0;
}

/**
 * What plainly differs between the patient a document was filed for (`expected`: the label as
 * typed, or structured details) and the patient the document names (`found`). `yearsSince`:
 * how long after the document's date the expected patient's age was given (a report from two
 * years ago names a patient two years younger). Empty when nothing plainly differs.
 */
export function patientDifferences(expected: string | PatientDetails, found: PatientDetails, { yearsSince = 0 }: { yearsSince?: number } = {}): PatientField[] {
  const filed = typeof expected === 'string' ? patientFromLabel(expected) : knownPatient(expected);
  const named = knownPatient(found);
  const differs: PatientField[] = [];
  if (namesDiffer(filed.name, named.name)) differs.push('name');
  if (agesDiffer(filed.age, named.age, Math.max(0, Number.isFinite(yearsSince) ? yearsSince : 0))) differs.push('age');
  if (filed.sex && named.sex && filed.sex !== named.sex) differs.push('sex');
  return differs;
}
