/**
 * Whether a medicine's dose pattern, frequency and period say the same thing: a dose of 1-0-0
 * beside "morning, noon and night", OD beside 1-0-1, HS beside 1-0-0, SOS beside a fixed daily
 * pattern, "once a week" for 3 days. Reads the patterns (1-0-0, 1-0-1, 0-0-1, 1-1-1, ½-0-½,
 * 1-1-1-1), the Latin and plain frequencies Indian prescriptions use (OD, BD, TDS, QID, HS,
 * SOS, once/twice/thrice daily, morning/noon/night, at bedtime) and periods in days, weeks and
 * months. What it cannot read is never called a contradiction. Pure.
 */
import type { MedicationRow } from './medication-row';

type Time = 'morning' | 'noon' | 'evening' | 'night';

/** What a medicine's words say about when it is taken. */
interface Schedule {
  /** Doses a day. */
  perDay: number | null;
  /** The times of day named. */
  times: Time[] | null;
  /** Taken when needed, not on a schedule. */
  asNeeded: boolean;
  /** Once only (stat). */
  once: boolean;
  /** Days between doses, when more than one (weekly: 7). */
  everyDays: number | null;
  /** How the words were written, for the message. */
  said: string;
}

const SLOT_TIMES: Record<number, Time[]> = { 3: ['morning', 'noon', 'night'], 4: ['morning', 'noon', 'evening', 'night'] };

/** A dose amount in a pattern: 1, 0, ½, 1/2, 0.5, 1½ (½ and the dash written as escapes: the bundles stay ASCII, electron.vite.config.ts). */
const AMOUNT = String.raw`(?:\d+(?:\.\d+)?|\d*\u00BD|\d+\/\d+)`;
const PATTERN = new RegExp(String.raw`(?:^|[^\d./\u00BD])(${AMOUNT}(?:\s*[-\u2013+]\s*${AMOUNT}){2,3})(?![\d./\u00BD])`);

function amount(part: string): number {
  const text = part.trim();
  if (text.endsWith('½')) return (text.length > 1 ? Number(text.slice(0, -1)) : 0) + 0.5;
  const [top, bottom] = text.split('/');
  return bottom === undefined ? Number(top) : Number(top) / Number(bottom);
}

/** The dose pattern in `text` (1-0-1): doses a day and their times; null when there is none. */
function patternOf(text: string): Schedule | null {
  const match = PATTERN.exec(text);
  if (!match) return null;
  const amounts = match[1]!.split(/[-–+]/).map(amount);
  if (amounts.some((value) => !Number.isFinite(value))) return null;
  const slots = SLOT_TIMES[amounts.length]!;
  const times = slots.filter((_, index) => amounts[index]! > 0);
  if (times.length === 0) return null;
  return { perDay: times.length, times, asNeeded: false, once: false, everyDays: null, said: match[1]!.replace(/\s+/g, '') };
}

const COUNT_WORDS: Array<[RegExp, number]> = [
  [/\b(?:od|q\.?d|once (?:a |per )?day|once daily|1 ?(?:time|x) (?:a|per) day)\b/, 1],
  [/\b(?:bd|b\.?i\.?d|twice (?:a |per )?day|twice daily|2 ?(?:times|x) (?:a|per) day)\b/, 2],
  [/\b(?:tds|t\.?i\.?d|thrice (?:a |per )?day|thrice daily|three times (?:a|per) day|3 ?(?:times|x) (?:a|per) day)\b/, 3],
  [/\b(?:qid|qds|q\.?i\.?d|four times (?:a|per) day|4 ?(?:times|x) (?:a|per) day)\b/, 4],
];

const TIME_WORDS: Array<[RegExp, Time]> = [
  [/\bmorning\b|\bbefore breakfast\b/, 'morning'],
  [/\bnoon\b|\bafternoon\b|\blunch\b/, 'noon'],
  [/\bevening\b/, 'evening'],
  [/\bnight\b|\bbed ?time\b|\bhs\b|\bh\.s\.?(?!\w)/, 'night'],
];

/** The frequency said in words (OD, twice daily, at bedtime, SOS, once a week); null when there is none. */
function wordsOf(text: string): Schedule | null {
  const lower = ` ${text.toLowerCase()} `;
  const asNeeded = /\b(?:sos|s\.o\.s|prn|as needed|as required|when needed|when required|if needed)\b/.test(lower);
  const once = /\b(?:stat|once only|single dose|immediately)\b/.test(lower);
  const weekly = /\b(?:once (?:a|per) week|weekly|every week)\b/.test(lower);
  const alternate = /\b(?:alternate days?|every other day|on alternate days)\b/.test(lower);
  const counted = COUNT_WORDS.find(([words]) => words.test(lower))?.[1] ?? null;
  const times = TIME_WORDS.filter(([words]) => words.test(lower)).map(([, time]) => time);
  if (!asNeeded && !once && !weekly && !alternate && counted === null && times.length === 0) return null;
  return {
    perDay: counted,
    times: times.length > 0 ? times : null,
    asNeeded,
    once,
    everyDays: weekly ? 7 : alternate ? 2 : null,
    said: text.trim(),
  };
}

const DAYS_PER_UNIT: Record<string, number> = { day: 1, days: 1, d: 1, week: 7, weeks: 7, wk: 7, wks: 7, w: 7, month: 30, months: 30, mo: 30 };

/** The period in days ("5 days", "x 2 weeks", "1 month"); null when none can be read. */
function periodDays(text: string): number | null {
  const match = /(\d+(?:\.\d+)?)\s*(days?|d|weeks?|wks?|w|months?|mo)\b/i.exec(text);
  if (!match) return null;
  return Number(match[1]) * DAYS_PER_UNIT[match[2]!.toLowerCase()]!;
}

/** Night and evening are one time when a pattern has three slots (1-0-1: morning and night or evening). */
function sameTimes(pattern: Time[], words: Time[]): boolean {
  const folded = (times: Time[]) => [...new Set(times.map((time) => (time === 'evening' ? 'night' : time)))].sort().join(',');
  return folded(pattern) === folded(words);
}

const ONE_TIME: Record<Time, string> = { morning: 'in the morning', noon: 'at noon', evening: 'in the evening', night: 'at night' };

function listed(times: Time[]): string {
  return times.length <= 1 ? (times[0] ?? '') : `${times.slice(0, -1).join(', ')} and ${times.at(-1)}`;
}

/** When doses are taken, in words: "at night", "morning and night". */
const when = (times: Time[]) => (times.length === 1 ? ONE_TIME[times[0]!] : listed(times));
const doses = (count: number) => `${count} dose${count === 1 ? '' : 's'} a day`;

/** Why the pattern and the words disagree, or null. */
function patternAgainstWords(pattern: Schedule, words: Schedule): string | null {
  const said = `“${words.said}”`;
  if (words.asNeeded) return `the dose ${pattern.said} is a fixed daily pattern, but the frequency ${said} means as needed`;
  if (words.once && pattern.perDay! > 1) return `the dose ${pattern.said} is ${doses(pattern.perDay!)}, but the frequency ${said} means once only`;
  if (words.everyDays === null && words.perDay !== null && words.perDay !== pattern.perDay) {
    return `the dose ${pattern.said} is ${doses(pattern.perDay!)}, but the frequency ${said} is ${doses(words.perDay)}`;
  }
  if (words.times !== null && !sameTimes(pattern.times!, words.times)) return `the dose ${pattern.said} is taken ${when(pattern.times!)}, but the frequency says ${said}`;
  return null;
}

/** Why the frequency contradicts itself (TDS, morning and night), or null. */
function wordsAgainstThemselves(words: Schedule): string | null {
  if (words.perDay === null || words.times === null || words.perDay === words.times.length) return null;
  return `the frequency “${words.said}” says ${doses(words.perDay)} and ${when(words.times)} at once`;
}

/** Why the frequency and the period disagree, or null. */
function wordsAgainstPeriod(words: Schedule, days: number, period: string): string | null {
  if (words.everyDays !== null && days < words.everyDays) return `the frequency “${words.said}” is one dose every ${words.everyDays} days, but the period is only ${period.trim()}`;
  if (words.once && days > 1) return `the frequency “${words.said}” means once only, but the period is ${period.trim()}`;
  return null;
}

/** Why this medicine's dose, frequency and period contradict each other; null when they agree or cannot be compared. */
export function medicineContradiction(row: MedicationRow): string | null {
  const pattern = patternOf(row.dose) ?? patternOf(row.frequency);
  const words = wordsOf(row.frequency) ?? wordsOf(row.dose.replace(PATTERN, ' '));
  if (!words) return null;
  const days = periodDays(row.duration);
  return (pattern ? patternAgainstWords(pattern, words) : null) ?? wordsAgainstThemselves(words) ?? (days !== null ? wordsAgainstPeriod(words, days, row.duration) : null);
}

export interface Contradiction {
  /** The row's place in the table, from 0. */
  row: number;
  medicine: string;
  problem: string;
}

/** Every medicine whose dose, frequency and period contradict each other. */
export function prescriptionContradictions(rows: readonly MedicationRow[]): Contradiction[] {
  return rows.flatMap((row, index) => {
    const problem = medicineContradiction(row);
    return problem ? [{ row: index, medicine: row.name.trim() || `Medicine ${index + 1}`, problem }] : [];
  });
}

/** The contradictions in one sentence, as a refusal or the editor says it. */
export function contradictionsLine(found: readonly Contradiction[]): string {
  const each = found.map((item) => `${item.medicine}: ${item.problem}`).join('; ');
  return found.length === 1 ? `The prescription contradicts itself. ${each}.` : `The prescription contradicts itself in ${found.length} medicines. ${each}.`;
}

/** Said wherever such a prescription is shown: what it takes to let it go on. */
export const CONTRADICTIONS_ASKED = 'Copy note and Mark reviewed ask before it leaves or is marked reviewed.';

/** The label of the deliberate second click that marks reviewed a prescription that contradicts itself. */
export const REVIEW_ANYWAY = 'Mark reviewed anyway';

/** What "Mark reviewed" asks first of such a prescription. */
export function reviewQuestion(found: readonly Contradiction[]): string {
  return `${contradictionsLine(found)} Nothing was marked reviewed. Correct the note, or press “${REVIEW_ANYWAY}” if you have checked it.`;
}
