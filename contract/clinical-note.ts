/**
 * The note a doctor copies into the EMR, built from a result's typed chapters (never from the
 * service's JSON) with the doctor's corrections in place of the chapters they changed: plain
 * text for any field, and HTML (headings, paragraphs, the medications as a table) for
 * editors that keep formatting. Every note begins with the line that says whose it is
 * (label, mode, time) and, for the sandbox's results, that it is test data; each chapter keeps
 * the service's errors and warnings. Complete and partial results share this one format.
 * Pure.
 */
import { escapeHtml, headed, headerLine, noteTime, type CopiedText, type HeadingPatient } from './copy-heading';
import type { DictationMode } from './dictation';
import { MEDICATION_COLUMNS, NONE, medicationRow, type MedicationRow } from './medication-row';
import { EMR_TEMPLATE_ID, correctionOf, shownCell, type NoteCorrection } from './note-correction';
import { noteTextBlocks } from './note-text';
import { testDataCaption, testDataNotice } from './test-data';
import type { DecodedOutput, StoredResult } from './transcription';

export interface ClinicalNote {
  text: string;
  html: string;
}

export { headerLine, noteTime };

/** Whose note it is: what its first line says. */
export interface NoteHeader {
  label: string;
  mode: DictationMode;
  /** When the dictation was recorded (ISO 8601). */
  createdAt: string;
  /** The result came from the built-in sandbox. */
  testData: boolean;
  /** The patient it is for, when one was chosen. */
  patient?: HeadingPatient | null;
}

/** What a note of the sandbox's results says, at its top and in its medications table. */
export const TEST_DATA_NOTICE = testDataNotice('prescription');
export const TEST_DATA_CAPTION = testDataCaption('prescription');

type Block =
  | { kind: 'heading'; level: 1 | 2; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'strong'; text: string }
  | { kind: 'list'; items: string[] }
  | { kind: 'messages'; label: 'Error' | 'Warning'; items: string[] }
  | { kind: 'medications'; rows: MedicationRow[]; caption: string | null };

/** FHIR lines that repeat what the medications table already says. */
const MEDICATION_RESOURCES = new Set(['MedicationRequest', 'MedicationStatement', 'MedicationDispense', 'Medication']);

function isPrescriptionChapter(output: DecodedOutput): boolean {
  return output.content.kind === 'prescription' || output.templateId === EMR_TEMPLATE_ID || output.type === 'eka_emr';
}

/** The FHIR chapter's readable text, without its heading: what the note holds of it and what an edit starts from. */
function fhirBlocks(output: DecodedOutput, hasPrescription: boolean): Block[] {
  if (output.content.kind !== 'fhir') return [];
  const { summary } = output.content;
  const blocks: Block[] = [];
  for (const section of summary.sections) {
    if (section.title) blocks.push({ kind: 'heading', level: 2, text: section.title });
    if (section.text) blocks.push({ kind: 'paragraph', text: section.text });
  }
  const items = summary.lines.filter((line) => !(hasPrescription && MEDICATION_RESOURCES.has(line.resourceType))).map((line) => line.text);
  if (items.length > 0) blocks.push({ kind: 'list', items });
  return blocks;
}

function chapterHeading(output: DecodedOutput): string {
  if (isPrescriptionChapter(output)) return 'Medications';
  if (output.content.kind === 'fhir') return output.content.summary.title || output.name || 'Clinical note';
  return output.name || 'Text';
}

/** The content of one chapter, as the doctor left it or as the service sent it; [] when it holds nothing for a note. */
function contentBlocks(output: DecodedOutput, correction: NoteCorrection | null, hasPrescription: boolean, caption: string | null): Block[] {
  const corrected = correctionOf(correction, output);
  if (corrected?.kind === 'medications') {
    return corrected.rows.length > 0 ? [{ kind: 'medications', rows: corrected.rows, caption }] : [{ kind: 'paragraph', text: 'No medication was prescribed.' }];
  }
  if (corrected?.kind === 'text') return textBlocks(corrected.text);
  const { content } = output;
  switch (content.kind) {
    case 'prescription': {
      const rows = content.prescription.medications.map(medicationRow);
      return rows.length > 0 ? [{ kind: 'medications', rows, caption }] : [{ kind: 'paragraph', text: 'No medication was prescribed.' }];
    }
    case 'fhir':
      return fhirBlocks(output, hasPrescription);
    case 'text':
      return textBlocks(content.text);
    // An unknown template's JSON, an empty or unreadable chapter: nothing a note should hold.
    default:
      return [];
  }
}

/** A text chapter as the note holds it: the service's Markdown headings and lists as such, the rest as paragraphs. */
function textBlocks(text: string): Block[] {
  return noteTextBlocks(text.trim()).map((block): Block => (block.kind === 'heading' ? { kind: 'heading', level: 2, text: block.text } : block));
}

function messageBlocks(output: DecodedOutput): Block[] {
  return [
    ...(output.errors.length > 0 ? [{ kind: 'messages' as const, label: 'Error' as const, items: output.errors }] : []),
    ...(output.warnings.length > 0 ? [{ kind: 'messages' as const, label: 'Warning' as const, items: output.warnings }] : []),
  ];
}

/** One chapter of the note: its heading, the service's errors and warnings for it, and its content; null when it has none of them. */
function chapterBlocks(output: DecodedOutput, correction: NoteCorrection | null, hasPrescription: boolean, caption: string | null): { blocks: Block[]; content: boolean } | null {
  const content = contentBlocks(output, correction, hasPrescription, caption);
  const messages = messageBlocks(output);
  if (content.length === 0 && messages.length === 0) return null;
  // A prescription the service could not give still says so, where the medicines would be.
  const placeholder: Block[] = content.length === 0 && isPrescriptionChapter(output) ? [{ kind: 'paragraph', text: 'No medication could be read from this result.' }] : [];
  return { blocks: [{ kind: 'heading', level: 1, text: chapterHeading(output) }, ...messages, ...content, ...placeholder], content: content.length > 0 };
}

/** The text of a text or FHIR chapter as the note holds it (no heading): what an edit of that chapter starts from. */
export function chapterText(output: DecodedOutput, outputs: DecodedOutput[]): string {
  const hasPrescription = outputs.some((item) => item.content.kind === 'prescription');
  if (output.content.kind === 'text') return output.content.text.trim();
  return fhirBlocks(output, hasPrescription).map(blockText).join('\n');
}

/** Paragraphs stay paragraphs; single line breaks stay line breaks. */
function paragraphHtml(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((part) => `<p>${escapeHtml(part).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/** "Cetirizine — Dose: 0-0-1 (night) — Duration: 5 days": each part after the name says which column it is. */
function medicationLine(row: MedicationRow): string {
  return MEDICATION_COLUMNS.map(({ key, label }) => ({ key, label, value: shownCell(row[key]) }))
    .filter(({ value }) => value !== NONE)
    .map(({ key, label, value }) => (key === 'name' ? value : `${label}: ${value}`))
    .join(' — ');
}

function blockText(block: Block): string {
  switch (block.kind) {
    case 'heading':
    case 'paragraph':
    case 'strong':
      return block.text;
    case 'list':
      return block.items.map((item) => `- ${item}`).join('\n');
    case 'messages':
      return block.items.map((item) => `${block.label}: ${item}`).join('\n');
    case 'medications':
      return block.rows.map((row, index) => `${index + 1}. ${medicationLine(row)}`).join('\n');
  }
}

/** Markdown's own characters in a text are shown as written, not read as markup. */
function markdownText(text: string): string {
  return text.replace(/([\\`*_[\]#|<>])/g, '\\$1');
}

function blockMarkdown(block: Block): string {
  switch (block.kind) {
    case 'heading':
      return `${block.level === 1 ? '##' : '###'} ${markdownText(block.text)}`;
    case 'paragraph':
      return markdownText(block.text).replace(/\n/g, '  \n');
    case 'strong':
      return `**${markdownText(block.text)}**`;
    case 'list':
      return block.items.map((item) => `- ${markdownText(item)}`).join('\n');
    case 'messages':
      return block.items.map((item) => `- **${block.label}:** ${markdownText(item)}`).join('\n');
    case 'medications': {
      const cell = (text: string) => markdownText(text).replace(/\s*\n\s*/g, ' ');
      const head = `| ${MEDICATION_COLUMNS.map(({ label }) => label).join(' | ')} |`;
      const rule = `| ${MEDICATION_COLUMNS.map(() => '---').join(' | ')} |`;
      const rows = block.rows.map((row) => `| ${MEDICATION_COLUMNS.map(({ key }) => cell(shownCell(row[key]))).join(' | ')} |`);
      return [...(block.caption ? [`*${markdownText(block.caption)}*`, ''] : []), head, rule, ...rows].join('\n');
    }
  }
}

const CELL = 'style="border:1px solid #999;padding:4px 8px;text-align:left;vertical-align:top"';

function blockHtml(block: Block): string {
  switch (block.kind) {
    case 'heading':
      return block.level === 1 ? `<h3>${escapeHtml(block.text)}</h3>` : `<h4>${escapeHtml(block.text)}</h4>`;
    case 'paragraph':
      return paragraphHtml(block.text);
    case 'strong':
      return `<p><strong>${escapeHtml(block.text)}</strong></p>`;
    case 'list':
      return `<ul>${block.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`;
    case 'messages':
      return `<ul>${block.items.map((item) => `<li><strong>${block.label}:</strong> ${escapeHtml(item)}</li>`).join('')}</ul>`;
    case 'medications': {
      const caption = block.caption ? `<caption><strong>${escapeHtml(block.caption)}</strong></caption>` : '';
      const head = MEDICATION_COLUMNS.map(({ label }) => `<th ${CELL}>${label}</th>`).join('');
      const body = block.rows.map((row) => `<tr>${MEDICATION_COLUMNS.map(({ key }) => `<td ${CELL}>${escapeHtml(shownCell(row[key]))}</td>`).join('')}</tr>`).join('');
      return `<table border="1" cellspacing="0" style="border-collapse:collapse">${caption}<thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
    }
  }
}

/** The chapters of a note, as the doctor left them; null when none holds anything a note could. */
function noteChapters(result: StoredResult | null, correction: NoteCorrection | null, caption: string | null) {
  if (!result || !('outputs' in result)) return null;
  const hasPrescription = result.outputs.some((output) => output.content.kind === 'prescription' || correctionOf(correction, output)?.kind === 'medications');
  const chapters = result.outputs.map((output) => chapterBlocks(output, correction, hasPrescription, caption)).filter((chapter) => chapter !== null);
  return chapters.some((chapter) => chapter.content) ? chapters : null;
}

/**
 * The note as Markdown, for the service to keep beside its own (a session's document): its
 * chapters only, without the line that says whose it is (the session is the service's own
 * record of that; the label the doctor typed stays on this computer). Null when there is no note.
 */
export function noteMarkdown(result: StoredResult | null, correction: NoteCorrection | null, testData: boolean): string | null {
  const chapters = noteChapters(result, correction, testData ? TEST_DATA_CAPTION : null);
  if (!chapters) return null;
  const top: Block[] = testData ? [{ kind: 'strong', text: TEST_DATA_NOTICE }] : [];
  return `${[...top, ...chapters.flatMap((chapter) => chapter.blocks)].map(blockMarkdown).join('\n\n')}\n`;
}

/** Blocks as text: each part (a top heading and what follows it), and each paragraph after another, apart from what comes before by a blank line. */
function blocksText(blocks: Block[]): string {
  const apart = (block: Block, before: Block | undefined) => before !== undefined && ((block.kind === 'heading' && block.level === 1) || (block.kind === 'paragraph' && before.kind === 'paragraph'));
  const text = blocks
    .map((block, index) => (apart(block, blocks[index - 1]) ? `\n${blockText(block)}` : blockText(block)))
    .join('\n')
    .trim();
  return `${text}\n`;
}

/** The note's chapters as the doctor left them, without any heading; null when there is no note. */
export function noteBody(result: StoredResult | null, correction: NoteCorrection | null, testData: boolean): CopiedText | null {
  const chapters = noteChapters(result, correction, testData ? TEST_DATA_CAPTION : null);
  if (!chapters) return null;
  const blocks = chapters.flatMap((chapter) => chapter.blocks);
  return { text: blocksText(blocks), html: blocks.map(blockHtml).join('') };
}

/**
 * One chapter of the result, as the doctor left it (or as the service sent it, `correction` null),
 * with its heading and the service's errors and warnings; null when it holds nothing a note could.
 */
export function noteChapterBody(result: StoredResult | null, templateId: string, correction: NoteCorrection | null, testData: boolean): CopiedText | null {
  if (!result || !('outputs' in result)) return null;
  const output = result.outputs.find((item) => item.templateId === templateId);
  if (!output) return null;
  const hasPrescription = result.outputs.some((item) => item.content.kind === 'prescription' || correctionOf(correction, item)?.kind === 'medications');
  const chapter = chapterBlocks(output, correction, hasPrescription, testData ? TEST_DATA_CAPTION : null);
  if (!chapter?.content) return null;
  return { text: blocksText(chapter.blocks), html: chapter.blocks.map(blockHtml).join('') };
}

/**
 * The note for a result, headed by whose it is; null when it has nothing a note could hold
 * (no result yet, failed, only unreadable chapters).
 */
export function clinicalNote(result: StoredResult | null, header: NoteHeader, correction: NoteCorrection | null = null): ClinicalNote | null {
  const body = noteBody(result, correction, header.testData);
  if (!body) return null;
  const note = headed({ whose: header, what: null, testData: header.testData ? 'prescription' : null }, body);
  return { text: note.text, html: note.html ?? '' };
}
