/**
 * The note a doctor copies into the EMR, built from a result's typed parts (never from the
 * service's JSON): plain text for any field, and HTML (headings, paragraphs, the medications
 * as a table) for editors that keep formatting. Pure; imports nothing.
 */
import { MEDICATION_COLUMNS, NONE, medicationRow, type MedicationRow } from './medication-row';
import type { DecodedOutput, StoredResult } from './transcription';

export interface ClinicalNote {
  text: string;
  html: string;
}

type Block =
  | { kind: 'heading'; level: 1 | 2; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; items: string[] }
  | { kind: 'medications'; rows: MedicationRow[] };

/** FHIR lines that repeat what the medications table already says. */
const MEDICATION_RESOURCES = new Set(['MedicationRequest', 'MedicationStatement', 'MedicationDispense', 'Medication']);

function outputBlocks(output: DecodedOutput, hasPrescription: boolean): Block[] {
  const { content } = output;
  switch (content.kind) {
    case 'prescription': {
      const rows = content.prescription.medications.map(medicationRow);
      return [
        { kind: 'heading', level: 1, text: 'Medications' },
        rows.length > 0 ? { kind: 'medications', rows } : { kind: 'paragraph', text: 'No medication was prescribed.' },
      ];
    }
    case 'fhir': {
      const { summary } = content;
      const blocks: Block[] = [{ kind: 'heading', level: 1, text: summary.title || output.name || 'Clinical note' }];
      for (const section of summary.sections) {
        if (section.title) blocks.push({ kind: 'heading', level: 2, text: section.title });
        if (section.text) blocks.push({ kind: 'paragraph', text: section.text });
      }
      const items = summary.lines.filter((line) => !(hasPrescription && MEDICATION_RESOURCES.has(line.resourceType))).map((line) => line.text);
      if (items.length > 0) blocks.push({ kind: 'list', items });
      // A title alone says nothing.
      return blocks.length > 1 ? blocks : [];
    }
    case 'text':
      return content.text.trim() === '' ? [] : [{ kind: 'heading', level: 1, text: output.name || 'Text' }, { kind: 'paragraph', text: content.text.trim() }];
    // An unknown template's JSON, an empty or unreadable part: nothing a note should hold.
    default:
      return [];
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Paragraphs stay paragraphs; single line breaks stay line breaks. */
function paragraphHtml(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((part) => `<p>${escapeHtml(part).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

function medicationLine(row: MedicationRow): string {
  return MEDICATION_COLUMNS.map(({ key }) => row[key])
    .filter((part) => part !== NONE)
    .join(' — ');
}

function blockText(block: Block): string {
  switch (block.kind) {
    case 'heading':
      return block.text;
    case 'paragraph':
      return block.text;
    case 'list':
      return block.items.map((item) => `- ${item}`).join('\n');
    case 'medications':
      return block.rows.map((row, index) => `${index + 1}. ${medicationLine(row)}`).join('\n');
  }
}

const CELL = 'style="border:1px solid #999;padding:4px 8px;text-align:left;vertical-align:top"';

function blockHtml(block: Block): string {
  switch (block.kind) {
    case 'heading':
      return block.level === 1 ? `<h3>${escapeHtml(block.text)}</h3>` : `<h4>${escapeHtml(block.text)}</h4>`;
    case 'paragraph':
      return paragraphHtml(block.text);
    case 'list':
      return `<ul>${block.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`;
    case 'medications': {
      const head = MEDICATION_COLUMNS.map(({ label }) => `<th ${CELL}>${label}</th>`).join('');
      const body = block.rows.map((row) => `<tr>${MEDICATION_COLUMNS.map(({ key }) => `<td ${CELL}>${escapeHtml(row[key])}</td>`).join('')}</tr>`).join('');
      return `<table border="1" cellspacing="0" style="border-collapse:collapse"><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
    }
  }
}

/** The note for a result, or null when it has nothing a note could hold (no result yet, failed, only unreadable parts). */
export function clinicalNote(result: StoredResult | null): ClinicalNote | null {
  if (!result || !('outputs' in result)) return null;
  const hasPrescription = result.outputs.some((output) => output.content.kind === 'prescription');
  const blocks = result.outputs.flatMap((output) => outputBlocks(output, hasPrescription));
  if (blocks.length === 0) return null;
  // Each part (a top heading and what follows it) is separated from the one before by a blank line.
  const text = blocks
    .map((block, index) => (index > 0 && block.kind === 'heading' && block.level === 1 ? `\n${blockText(block)}` : blockText(block)))
    .join('\n')
    .trim();
  return { text: `${text}\n`, html: blocks.map(blockHtml).join('') };
}
