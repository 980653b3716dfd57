/**
 * Whether a document made from the recording says the note's prescription as the note does:
 * each medicine named as the note names it (the name kept, in Latin letters, whatever the
 * language around it), and beside it the same numbers: its strength, its dose and its period,
 * in any script's digits (५ दिन is 5 days), and nothing the note does not say (6 दिन beside a
 * note's 5 days). A dose pattern written in both (1-0-1) must be the same pattern. The
 * numbers of a medicine are read from the line that names it and the lines that go on from it
 * (its list item, its table row); a number written as a word (पाँच) is not read, so it counts
 * as missing: the handout stops rather than leaves unchecked. Pure.
 */
import { asciiDigits } from './handout-languages';
import type { MedicationRow } from './medication-row';

export interface HandoutProblem {
  /** The medicine as the note names it. */
  medicine: string;
  problem: string;
}

/** Words for the form, which a translation may say in its own words (गोली for tablet). */
const FORM_WORDS = /\b(?:tab(?:let)?s?|cap(?:sule)?s?|syr(?:up)?|sachets?|inj(?:ection)?|drops?|cream|ointment|gel|inhaler|susp(?:ension)?|sol(?:ution)?|lotion|spray)\b\.?/gi;

const folded = (text: string) => text.toLowerCase().replace(/\s+/g, ' ');

/** The words that name a medicine: its name before its strength, without its form ("Paracetamol 500 mg tablet": "paracetamol"); null when too short to find. */
export function medicineKey(name: string): string | null {
  const before = name.split(/\d/)[0] ?? '';
  const key = folded(before.replace(FORM_WORDS, ' ').replace(/[^\p{L}\s-]/gu, ' ')).trim();
  return key.length >= 3 ? key : null;
}

const NUMBER = /(\d+(?:\.\d+)?)?\s*([½¼¾])|(\d+)\s*\/\s*(\d+)|\d+(?:\.\d+)?/g;
const FRACTIONS: Record<string, number> = { '½': 0.5, '¼': 0.25, '¾': 0.75 };

/** The numbers in a text, in any script's digits, as numbers (½ and 1/2 alike); zeros left out (the 0 of 1-0-1 says "none"). */
export function numbersIn(text: string): number[] {
  const found: number[] = [];
  for (const match of asciiDigits(text).matchAll(NUMBER)) {
    let value: number;
    if (match[2]) value = Number(match[1] ?? 0) + FRACTIONS[match[2]]!;
    else if (match[3] !== undefined) value = Number(match[3]) / Number(match[4]);
    else value = Number(match[0]);
    if (Number.isFinite(value) && value !== 0) found.push(value);
  }
  return found;
}

const PATTERN = /(?:^|[^\d./½])((?:\d+(?:\.\d+)?|\d*½|\d+\/\d+)(?:\s*[-–]\s*(?:\d+(?:\.\d+)?|\d*½|\d+\/\d+)){2,3})(?![\d./½])/;

/** The dose pattern in a text (1-0-1, १-०-१), as written in ASCII digits without spaces; null when none. */
export function dosePattern(text: string): string | null {
  const match = PATTERN.exec(asciiDigits(text));
  return match ? match[1]!.replace(/\s+/g, '').replace(/–/g, '-') : null;
}

const shown = (value: number) => String(value);

/** What the note says of a medicine: the numbers a document must keep, those it may add, its pattern. */
function numbersOf(row: MedicationRow) {
  const required = new Set([...numbersIn(row.name), ...numbersIn(row.dose), ...numbersIn(row.duration)]);
  const allowed = new Set([...required, ...numbersIn(row.frequency), ...numbersIn(row.instruction)]);
  return { required, allowed, pattern: dosePattern(row.dose) ?? dosePattern(row.frequency) };
}

/** Where a number of the note comes from, for the message: "5 (5 days)". */
function said(value: number, row: MedicationRow): string {
  const where = [row.duration, row.dose, row.name].find((part) => numbersIn(part).includes(value));
  return where ? `${shown(value)} (${where.trim()})` : shown(value);
}

const STARTS_ITEM = /^\s*(?:#|[-*•|]|\d{1,3}[.)]\s)/;

interface Segment {
  text: string;
  /** The note's medicines (their places in the list) it names. */
  names: number[];
}

/** Each line that names a medicine, with the lines that go on from it (its item or row): no blank line, no new item, heading or row, no other medicine. */
function segmentsOf(text: string, keys: Array<string | null>): Segment[] {
  const lines = text.split(/\r?\n/);
  const named = (line: string) => keys.flatMap((key, index) => (key !== null && folded(line).includes(key) ? [index] : []));
  const segments: Segment[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const names = named(lines[index]!);
    if (names.length === 0) continue;
    const parts = [lines[index]!];
    for (let next = index + 1; next < lines.length; next += 1) {
      const line = lines[next]!;
      if (line.trim() === '' || STARTS_ITEM.test(line) || named(line).length > 0) break;
      parts.push(line);
    }
    segments.push({ text: parts.join('\n'), names });
  }
  return segments;
}

/**
 * Every way the document differs from the note's medicines. `everyMedicine`: a handout for the
 * patient, which must name every medicine of the note; another document (a referral letter)
 * may leave one out, but what it says of one must agree.
 */
export function handoutProblems(text: string, medicines: readonly MedicationRow[], options: { everyMedicine: boolean }): HandoutProblem[] {
  const keys = medicines.map((row) => medicineKey(row.name));
  const rows = medicines.map(numbersOf);
  const segments = segmentsOf(text, keys);
  const problems: HandoutProblem[] = [];
  const name = (index: number) => medicines[index]!.name.trim() || `Medicine ${index + 1}`;
  /** Numbers beside a medicine that the note does not say of it (or of another medicine the same line names). */
  const extras = new Map(segments.map((segment) => [segment, [...new Set(numbersIn(segment.text).filter((value) => !segment.names.some((index) => rows[index]!.allowed.has(value))))]]));
  medicines.forEach((row, index) => {
    const own = segments.filter((segment) => segment.names.includes(index));
    if (own.length === 0) {
      if (options.everyMedicine) problems.push({ medicine: name(index), problem: 'it is not named in the document (a medicine keeps the name the note gives it)' });
      return;
    }
    const { required, pattern } = rows[index]!;
    const best = own
      .map((segment) => ({ segment, missing: [...required].filter((value) => !numbersIn(segment.text).includes(value)) }))
      .sort((a, b) => a.missing.length - b.missing.length)[0]!;
    if (best.missing.length > 0) {
      const instead = extras.get(best.segment)!;
      const says = instead.length > 0 ? `: the document says ${instead.map(shown).join(', ')} instead` : ' beside it in the document';
      // Said once: the number the document gives instead is not said again as a number of its own.
      if (instead.length > 0) extras.set(best.segment, []);
      problems.push({ medicine: name(index), problem: `the note's ${best.missing.map((value) => said(value, row)).join(', ')} ${best.missing.length === 1 ? 'is' : 'are'} not${says}` });
    }
    for (const segment of own) {
      const written = dosePattern(segment.text);
      if (pattern !== null && written !== null && segment.names.length === 1 && written !== pattern) {
        problems.push({ medicine: name(index), problem: `the note's dose is ${pattern}, the document's ${written}` });
      }
    }
  });
  for (const [segment, extra] of extras) {
    if (extra.length > 0) problems.push({ medicine: name(segment.names[0]!), problem: `the document says ${extra.map(shown).join(', ')} beside it, which the note does not` });
  }
  return problems;
}

/** The differences in one sentence, as the screen and a refusal say them. */
export function handoutProblemsLine(found: readonly HandoutProblem[]): string {
  const each = found.map((item) => `${item.medicine}: ${item.problem}`).join('; ');
  return `This document does not say the prescription as the note does, so it cannot leave the app. ${each}.`;
}
