/**
 * What is kept of the doctor's edit of a note: each part checked against the result it was
 * made on, cleaned (cells trimmed, blank rows dropped), and only the parts that now differ
 * from the service's. Parts the edit did not send keep their earlier correction. Pure.
 */
import { partText } from '../../contract/clinical-note';
import { cleanRows, correctionOf, editableAs, serviceRows, type CorrectedPart, type NoteCorrection } from '../../contract/note-correction';
import type { DecodedOutput } from '../../contract/transcription';

export type CorrectionOutcome = { ok: true; correction: NoteCorrection | null } | { ok: false; problem: string };

const CHANGED_SINCE = 'The result of this dictation changed while it was being edited. Open it again and make the correction once more.';

function sameRows(a: CorrectedPart & { kind: 'medications' }, b: ReturnType<typeof serviceRows>): boolean {
  return JSON.stringify(a.rows) === JSON.stringify(cleanRows(b));
}

/** The part as it is kept, or null when it says what the service said. */
function kept(part: CorrectedPart, output: DecodedOutput, outputs: DecodedOutput[]): CorrectedPart | null {
  if (part.kind === 'medications') {
    const cleaned = { ...part, rows: cleanRows(part.rows) };
    return sameRows(cleaned, serviceRows(output)) ? null : cleaned;
  }
  const text = part.text.trim();
  return text === partText(output, outputs).trim() ? null : { ...part, text };
}

export function correctionToKeep(outputs: DecodedOutput[], earlier: NoteCorrection | null, edited: CorrectedPart[], now: Date): CorrectionOutcome {
  const seen = new Set<string>();
  const parts: CorrectedPart[] = [];
  for (const part of edited) {
    const output = outputs.find((item) => item.templateId === part.templateId);
    if (!output || editableAs(output) !== part.kind || seen.has(part.templateId)) return { ok: false, problem: CHANGED_SINCE };
    seen.add(part.templateId);
    const keep = kept(part, output, outputs);
    if (keep) parts.push(keep);
  }
  for (const output of outputs) {
    const before = seen.has(output.templateId) ? null : correctionOf(earlier, output);
    if (before) parts.push(before);
  }
  if (parts.length === 0) return { ok: true, correction: null };
  // Saved without a change: the correction and its time stay as they were.
  const unchanged = earlier !== null && earlier.parts.length === parts.length && parts.every((part) => JSON.stringify(part) === JSON.stringify(correctionOf(earlier, outputs.find((item) => item.templateId === part.templateId)!)));
  return { ok: true, correction: unchanged ? earlier : { correctedAt: now.toISOString(), parts } };
}
