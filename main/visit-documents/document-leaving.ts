/**
 * How a document made from a recording leaves the app: as the note does. Copied through the one
 * copy path (the review rule, headed by whose it is and what it is, the test-data line, the
 * clipboard's rules), by the page or the copy shortcut; a handout printed or saved as PDF, headed
 * by the clinic (policy) and by its own patient, only while that patient is the visit's. Before
 * anything leaves, what it says of the prescription is compared with the note as the note is now
 * (contract/handout-check.ts): a difference stops it, with no way round; the note's own dose
 * check applies too, as to the note. Pure apart from the stores it reads.
 */
import { escapeHtml, type CopiedText, type CopyHeading } from '../../contract/copy-heading';
import { dateTimeText } from '../../contract/dates';
import { MODE_NAMES } from '../../contract/dictation';
import { handoutProblems, handoutProblemsLine, type HandoutProblem } from '../../contract/handout-check';
import { handoutLanguage } from '../../contract/handout-languages';
import { noteTextBlocks } from '../../contract/note-text';
import { patientHeading, patientLine } from '../../contract/patients';
import { contradictionsLine, prescriptionContradictions } from '../../contract/prescription-check';
import { testDataNotice } from '../../contract/test-data';
import { LEAVE_ANYWAY, otherPatientRefusal } from '../../contract/visit-rules';
import { documentName } from '../../contract/visit-documents';
import { ownerOf, type CopyRequest } from '../clipboard/copy-path';
import type { DictationManifest } from '../dictations/dictation-manifest';
import type { DictationStore } from '../dictations/dictation-store';
import { leavingMedicines, nameOf, type PatientOf } from '../note-leaving/dictation-notes';
import type { VisitDocument } from './document-store';

/** What the test-data line says a sandbox's document is not. */
const NOT_A = 'document';

export const DOCUMENT_NOT_REVIEWED =
  'Your administrator requires each note and document to be marked reviewed before it leaves Scribe Desk. Open the document, check it and press “Mark reviewed”.';

export type HeadingPatient = NonNullable<ReturnType<PatientOf>>;

/** Where the document says the prescription otherwise than the note as it leaves now (a handout must name every medicine). */
export function documentMismatch(dictations: DictationStore, manifest: DictationManifest, document: VisitDocument): HandoutProblem[] {
  if (document.text === null) return [];
  return handoutProblems(document.text, leavingMedicines(dictations, manifest, false), { everyMedicine: document.language !== null });
}

/** "Referral letter of the dictation “Sunita Devi, 54 F” (Consultation, recorded …)", as a refusal names it. */
export function documentNameOf(document: VisitDocument, manifest: DictationManifest, patientOf: PatientOf): string {
  return `“${documentName(document)}” of the dictation ${nameOf(manifest, patientOf)}`;
}

/** Why a document may not leave, as a closed word (the copy shortcut's trail names it). */
export type LeavingReason = 'not-ready' | 'not-reviewed' | 'differs' | 'no-patient' | 'other-patient' | 'contradicts';

export type LeavingProblem = { kind: 'refused' | 'needs-confirmation'; message: string; why: LeavingReason } | null;

export interface LeavingRules {
  requireReview: boolean;
  /** The visit's patient. */
  chosen: (HeadingPatient & { id: string }) | null;
  /** Copied (another patient's and a contradicting prescription may leave by a deliberate "anyway"), or printed (never another patient's, never a contradicting prescription). */
  done: 'copied' | 'printed';
  anyway: boolean;
}

/** Why the document may not leave now (and whether a deliberate click may let it), or null. */
export function leavingProblem(dictations: DictationStore, manifest: DictationManifest, document: VisitDocument, patientOf: PatientOf, rules: LeavingRules): LeavingProblem {
  const name = documentNameOf(document, manifest, patientOf);
  const nothing = rules.done === 'copied' ? 'Nothing was copied.' : 'Nothing was printed.';
  if (document.state !== 'ready' || document.text === null) return { kind: 'refused', message: `The document ${name} is not ready. ${nothing}`, why: 'not-ready' };
  if (rules.requireReview && document.reviewedAt === null) return { kind: 'refused', message: `The document ${name} is not marked reviewed. ${DOCUMENT_NOT_REVIEWED}`, why: 'not-reviewed' };
  const mismatch = documentMismatch(dictations, manifest, document);
  if (mismatch.length > 0) return { kind: 'refused', message: `${handoutProblemsLine(mismatch)} ${nothing} Correct the note, or ask for the document again.`, why: 'differs' };
  if (rules.done === 'printed') {
    if (manifest.patientId === null) return { kind: 'refused', message: `This document has no patient, so it is not printed: a page for a patient names them. Choose the dictation’s patient first. ${nothing}`, why: 'no-patient' };
    if (rules.chosen?.id !== manifest.patientId) {
      const owner = patientOf(manifest.patientId);
      const visit = rules.chosen ? `the patient of this visit is ${patientLine(rules.chosen)}` : 'no patient is chosen for this visit';
      return { kind: 'refused', message: `This is the document of ${owner ? patientLine(owner) : 'a patient no longer on this computer'}, but ${visit}. ${nothing} A page for a patient is printed only during their visit: choose them first.`, why: 'other-patient' };
    }
  }
  const contradictions = prescriptionContradictions(leavingMedicines(dictations, manifest, false));
  if (rules.done === 'printed' && contradictions.length > 0) return { kind: 'refused', message: `${contradictionsLine(contradictions)} ${nothing} Correct the note first.`, why: 'contradicts' };
  if (rules.anyway) return null;
  const whose = otherPatientRefusal({ patientId: manifest.patientId, patient: patientOf(manifest.patientId) }, rules.chosen, 'document', 'copied');
  if (whose) return { kind: 'needs-confirmation', message: whose, why: 'other-patient' };
  if (contradictions.length > 0) return { kind: 'needs-confirmation', message: `${contradictionsLine(contradictions)} ${nothing} Correct the note, or press “${LEAVE_ANYWAY.copied}” if you mean it.`, why: 'contradicts' };
  return null;
}

function heading(manifest: DictationManifest, document: VisitDocument, patientOf: PatientOf): CopyHeading {
  const what = `${documentName(document)}: made by the transcription service from this ${MODE_NAMES[manifest.mode].toLowerCase()}’s recording.`;
  return { whose: { ...manifest, patient: patientOf(manifest.patientId) }, what, testData: document.testData ? NOT_A : null };
}

/** The document's Markdown as text, and as HTML (its headings and lists) in its language. */
export function documentBody(text: string, language: string | null): CopiedText {
  const blocks = noteTextBlocks(text)
    .map((block) => {
      if (block.kind === 'heading') return `<h${Math.min(block.level + 1, 6)}>${escapeHtml(block.text)}</h${Math.min(block.level + 1, 6)}>`;
      if (block.kind === 'list') return `<${block.ordered ? 'ol' : 'ul'}>${block.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</${block.ordered ? 'ol' : 'ul'}>`;
      return `<p>${escapeHtml(block.text).replace(/\n/g, '<br>')}</p>`;
    })
    .join('');
  return { text: text.endsWith('\n') ? text : `${text}\n`, html: `<div${language ? ` lang="${escapeHtml(language)}"` : ''}>${blocks}</div>` };
}

/** The copy of a ready document, headed as a note is, under the same review rule. */
export function documentCopy(manifest: DictationManifest, document: VisitDocument, patientOf: PatientOf): CopyRequest {
  if (document.state !== 'ready' || document.text === null) return { refused: `The document ${documentNameOf(document, manifest, patientOf)} is not ready.` };
  return {
    heading: heading(manifest, document, patientOf),
    body: documentBody(document.text, document.language),
    review: { reviewedAt: document.reviewedAt, name: documentNameOf(document, manifest, patientOf) },
    owner: ownerOf(manifest),
    what: 'document',
  };
}

/** Families that carry each script, for the printed page; the computer's fonts fill in where one is missing. */
const PRINT_FONTS = "'Noto Sans', 'DejaVu Sans', 'Lohit Devanagari', 'Lohit Bengali', 'Lohit Gurmukhi', 'Lohit Gujarati', 'Lohit Tamil', 'Lohit Telugu', 'Lohit Kannada', 'Lohit Malayalam', 'Nirmala UI', 'Kohinoor Devanagari', sans-serif";

const PRINT_STYLE = [
  `@page { size: A4; margin: 16mm; }`,
  `body { margin: 0; font-family: ${PRINT_FONTS}; font-size: 12pt; line-height: 1.5; color: #000; }`,
  '.clinic { border-bottom: 0.6mm solid #000; padding-bottom: 3mm; margin-bottom: 5mm; }',
  '.clinic p { margin: 0; } .clinic .name { font-size: 16pt; font-weight: 700; }',
  '.test-data { border: 1mm solid #000; padding: 2mm; font-weight: 700; text-align: center; }',
  '.patient p { margin: 0 0 1mm; } h1 { font-size: 15pt; margin: 5mm 0 1mm; } .language { margin: 0 0 4mm; font-style: italic; }',
  'footer { margin-top: 8mm; border-top: 0.3mm solid #000; padding-top: 2mm; font-size: 9pt; }',
].join(' ');

export interface PrintedPage {
  clinic: string[];
  patient: HeadingPatient;
  manifest: DictationManifest;
  document: VisitDocument;
  /** When it is printed (ISO 8601). */
  at: string;
}

/** The handout as one self-contained page: the clinic, the test-data line, the patient, what it is and in which language, its text, who made it. */
export function printedPageHtml({ clinic, patient, manifest, document, at }: PrintedPage): string {
  const [name, ...lines] = clinic;
  const language = handoutLanguage(document.language);
  const body = documentBody(document.text ?? '', document.language).html!;
  const parts = [
    name ? `<header class="clinic"><p class="name">${escapeHtml(name)}</p>${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}</header>` : '',
    document.testData ? `<p class="test-data">${escapeHtml(testDataNotice(NOT_A))}</p>` : '',
    `<section class="patient"><p><strong>Patient:</strong> ${escapeHtml(patientHeading(patient))}</p>`,
    `<p>${escapeHtml(MODE_NAMES[manifest.mode])} of ${escapeHtml(dateTimeText(manifest.createdAt))} · printed ${escapeHtml(dateTimeText(at))}</p></section>`,
    `<h1>${escapeHtml(document.title)}</h1>`,
    language ? `<p class="language">In ${escapeHtml(language.own === language.name ? language.name : `${language.own} (${language.name})`)}</p>` : '',
    `<main>${body}</main>`,
    `<footer>Made by the transcription service from the recording of this ${escapeHtml(MODE_NAMES[manifest.mode].toLowerCase())}${document.reviewedAt ? `; reviewed by the doctor ${escapeHtml(dateTimeText(document.reviewedAt))}` : ''}.</footer>`,
  ];
  return `<!doctype html><html lang="${escapeHtml(document.language ?? 'en')}"><head><meta charset="utf-8"><title>${escapeHtml(document.title)}</title><style>${PRINT_STYLE}</style></head><body>${parts.join('')}</body></html>`;
}
