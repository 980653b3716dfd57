/**
 * The trail's hooks that are not page operations (those are operation-audit.ts): the copy
 * shortcut's copies (to the clipboard, or to be pasted or typed into another program), a
 * recording made (by the button or the shortcut) and recordings deleted by retention (a patient's
 * consent answer is the consent room's: main/consent/consent-audit.ts). Each takes what the
 * feature has and says it as an entry. Pure.
 */
import type { AuditWriter } from './audit-event';

/** Why the copy shortcut copied nothing, as the trail says it: closed words, never the refusal's own (it names the patient). */
export const SHORTCUT_REFUSALS = {
  'no-note': 'not copied: no note or values to copy (yet)',
  'not-reviewed': 'not copied: not marked reviewed as the administrator requires',
  contradicts: 'not copied: the prescription contradicts itself (it leaves only from the window, by a deliberate click)',
  'other-patient-report': "not copied: the lab report may be another patient's (it leaves only from the window, by a deliberate click)",
  'other-patient': "not copied: another patient's, or no patient's (it leaves only from the window, by a deliberate click)",
  'differs-from-note': "not copied: the document's medicines or numbers differ from the note's",
} as const;
export type ShortcutRefusal = keyof typeof SHORTCUT_REFUSALS;

/**
 * A copy the shortcut made of a dictation's note, a lab report's results or a document, or why it made
 * none (`refused`: the reason that applied; null: copied): `inserted` where it is to go into
 * another program (it keeps the clipboard to put back).
 */
export function shortcutCopied(
  writer: AuditWriter,
  item: { id: string; patientId: string | null; kind?: 'dictation' | 'lab-report' | 'document' },
  options: { form?: string; keepEarlier?: boolean },
  refused: ShortcutRefusal | null,
): void {
  const kind = item.kind ?? 'dictation';
  writer.record({
    action: options.keepEarlier ? 'inserted' : 'copied',
    item: { kind, id: item.id },
    patientId: item.patientId,
    outcome: refused === null ? { done: true } : { done: false, reason: SHORTCUT_REFUSALS[refused] },
    detail: { what: kind === 'dictation' ? 'note' : kind === 'document' ? 'document' : 'lab results', how: options.keepEarlier ? 'by the copy shortcut, into the program in front' : 'by the copy shortcut', ...(options.form ? { form: options.form } : {}) },
  });
}

/** A dictation's recording began (its dictation exists now). */
export function recordingCreated(writer: AuditWriter, manifest: { id: string; patientId: string | null }): void {
  writer.record({ action: 'recording-created', item: { kind: 'dictation', id: manifest.id }, patientId: manifest.patientId });
}

/** Recordings deleted by the retention rule (their results stay). */
export function audioDeletedByRetention(writer: AuditWriter, ids: readonly string[], patientOf: (id: string) => string | null): void {
  for (const id of ids) writer.record({ action: 'deleted', item: { kind: 'dictation', id }, patientId: patientOf(id), detail: { what: "the recording's audio", how: 'by retention' } });
}
