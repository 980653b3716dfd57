/**
 * What is kept of the doctor's edit of a note: each chapter checked against the result it was
 * made on, cleaned (cells trimmed, blank rows dropped), and only the chapters that now differ
 * from the service's. Chapters the edit did not send keep their earlier correction. Pure.
 */
import { chapterText } from '../../contract/clinical-note';
import { cleanRows, correctionOf, editableAs, serviceRows, type CorrectedChapter, type NoteCorrection } from '../../contract/note-correction';
import type { DecodedOutput } from '../../contract/transcription';

export type CorrectionOutcome = { ok: true; correction: NoteCorrection | null } | { ok: false; problem: string };

const CHANGED_SINCE = 'The result of this dictation changed while it was being edited. Open it again and make the correction once more.';

function sameRows(a: CorrectedChapter & { kind: 'medications' }, b: ReturnType<typeof serviceRows>): boolean {
  return JSON.stringify(a.rows) === JSON.stringify(cleanRows(b));
}

/** The chapter as it is kept, or null when it says what the service said. */
function kept(chapter: CorrectedChapter, output: DecodedOutput, outputs: DecodedOutput[]): CorrectedChapter | null {
  if (chapter.kind === 'medications') {
    const cleaned = { ...chapter, rows: cleanRows(chapter.rows) };
    return sameRows(cleaned, serviceRows(output)) ? null : cleaned;
  }
  const text = chapter.text.trim();
  return text === chapterText(output, outputs).trim() ? null : { ...chapter, text };
}

export function correctionToKeep(outputs: DecodedOutput[], earlier: NoteCorrection | null, edited: CorrectedChapter[], now: Date): CorrectionOutcome {
  const seen = new Set<string>();
  const chapters: CorrectedChapter[] = [];
  for (const chapter of edited) {
    const output = outputs.find((item) => item.templateId === chapter.templateId);
    if (!output || editableAs(output) !== chapter.kind || seen.has(chapter.templateId)) return { ok: false, problem: CHANGED_SINCE };
    seen.add(chapter.templateId);
    const keep = kept(chapter, output, outputs);
    if (keep) chapters.push(keep);
  }
  for (const output of outputs) {
    const before = seen.has(output.templateId) ? null : correctionOf(earlier, output);
    if (before) chapters.push(before);
  }
  if (chapters.length === 0) return { ok: true, correction: null };
  // Saved without a change: the correction and its time stay as they were.
  const unchanged = earlier !== null && earlier.parts.length === chapters.length && chapters.every((chapter) => JSON.stringify(chapter) === JSON.stringify(correctionOf(earlier, outputs.find((item) => item.templateId === chapter.templateId)!)));
  return { ok: true, correction: unchanged ? earlier : { correctedAt: now.toISOString(), parts: chapters } };
}
