/**
 * What may leave the app of a dictation's note, and how a dictation is named when it is
 * spoken of (a notification, a refusal): its label, mode and time. Builds the copy requests
 * for the note, a part of it and the transcript (main/clipboard/copy-path.ts applies the rules
 * every copy shares), and the copy shortcut's choice: the dictation in view, else the newest;
 * never an older one.
 */
import { clinicalNote, noteBody, notePartBody, noteTime, type ClinicalNote } from '../../contract/clinical-note';
import type { CopyHeading } from '../../contract/copy-heading';
import { FINISHED_STATES, MODE_NAMES, PENDING_STATES, UNTITLED, type CopiedNoteVersion } from '../../contract/dictation';
import { NOT_REVIEWED, type CopyOptions, type CopyOutcome, type CopyPath, type CopyRequest } from '../clipboard/copy-path';
import type { DictationManifest } from './dictation-manifest';
import type { DictationStore } from './dictation-store';

export { NOT_REVIEWED };

/** Said under the note's first line when the service's original is copied while the doctor has corrected it. */
export const ORIGINAL_NOTE = "The service's original note, without the doctor's corrections.";

/** A dictation as a notification or a refusal names it. */
export function nameOf(manifest: DictationManifest): string {
  return `"${manifest.label || UNTITLED}" (${MODE_NAMES[manifest.mode]}, recorded ${noteTime(manifest.createdAt)})`;
}

function correctionOf(store: DictationStore, id: string) {
  const correction = store.readCorrection(id);
  return correction && 'parts' in correction ? correction : null;
}

/** The dictation's note, with the doctor's corrections, headed by whose it is; null when it has none (yet: output shown while processing is no note). */
export function noteOf(store: DictationStore, id: string): ClinicalNote | null {
  const manifest = store.get(id);
  if (!manifest || !FINISHED_STATES.has(manifest.state)) return null;
  return clinicalNote(store.readResult(id), manifest, correctionOf(store, id));
}

/** Why there is no note to take from this dictation. */
function noNote(manifest: DictationManifest): string {
  return FINISHED_STATES.has(manifest.state) || manifest.state === 'failed'
    ? `The dictation ${nameOf(manifest)} has no note to copy.`
    : `The note of the dictation ${nameOf(manifest)} is not ready yet.`;
}

/** Why this dictation's note may not leave the app now, or null. */
export function noteRefusal(store: DictationStore, manifest: DictationManifest, requireReview: boolean): string | null {
  if (!noteOf(store, manifest.id)) return noNote(manifest);
  if (requireReview && manifest.reviewedAt === null) return `The note of the dictation ${nameOf(manifest)} is not marked reviewed. ${NOT_REVIEWED}`;
  return null;
}

function heading(manifest: DictationManifest, what: string | null, notA: string): CopyHeading {
  return { whose: manifest, what, testData: manifest.testData ? notA : null };
}

const shared = (manifest: DictationManifest) => ({ review: { reviewedAt: manifest.reviewedAt, name: nameOf(manifest) }, owner: manifest.label.trim() });

/**
 * The copy of a dictation's note: as the doctor left it, or, with `original`, the service's
 * (said so under its first line when the doctor had corrected it). `version` says which it is.
 */
export function noteCopy(store: DictationStore, manifest: DictationManifest, original: boolean): { request: CopyRequest; version: CopiedNoteVersion } {
  const correction = correctionOf(store, manifest.id);
  const version: CopiedNoteVersion = correction === null ? 'service' : original ? 'original' : 'corrected';
  const body = FINISHED_STATES.has(manifest.state) ? noteBody(store.readResult(manifest.id), version === 'corrected' ? correction : null, manifest.testData) : null;
  if (!body) return { request: { refused: noNote(manifest) }, version };
  return {
    request: { heading: heading(manifest, version === 'original' ? ORIGINAL_NOTE : null, 'prescription'), body, ...shared(manifest), what: 'note' },
    version,
  };
}

/**
 * The copy of one part of the result: its text as the doctor left it (or the service's with
 * `original`), or the service's JSON of it (`json`), headed like the note.
 */
export function partCopy(store: DictationStore, manifest: DictationManifest, templateId: string, form: 'text' | 'json', original: boolean): CopyRequest {
  const result = FINISHED_STATES.has(manifest.state) ? store.readResult(manifest.id) : null;
  const output = result && 'outputs' in result ? result.outputs.find((item) => item.templateId === templateId) : undefined;
  if (!output) return { refused: noNote(manifest) };
  if (form === 'json') {
    const { content } = output;
    if (content.kind !== 'fhir' && content.kind !== 'json' && content.kind !== 'prescription') return { refused: 'This part of the result has no JSON to copy.' };
    const what = `${output.name || templateId}: the service's JSON, as it sent it (without the doctor's corrections).`;
    return { heading: heading(manifest, what, 'result'), body: { text: content.json }, ...shared(manifest), what: 'note part (JSON)' };
  }
  const correction = correctionOf(store, manifest.id);
  const asOriginal = original && correction !== null;
  const body = notePartBody(result, templateId, asOriginal ? null : correction, manifest.testData);
  if (!body) return { refused: 'This part of the result has no text to copy.' };
  const notA = output.content.kind === 'prescription' ? 'prescription' : 'clinical note';
  return { heading: heading(manifest, asOriginal ? ORIGINAL_NOTE : null, notA), body, ...shared(manifest), what: 'note part' };
}

/** The copy of what the service heard (a session's transcript), headed like the note. */
export function transcriptCopy(store: DictationStore, manifest: DictationManifest): CopyRequest {
  const result = store.readResult(manifest.id);
  const transcript = result && 'transcript' in result ? (result.transcript ?? '').trim() : '';
  if (!FINISHED_STATES.has(manifest.state) || transcript === '') return { refused: `The dictation ${nameOf(manifest)} has no transcript to copy yet.` };
  return { heading: heading(manifest, 'Transcript', 'transcript'), body: { text: `${transcript}\n` }, ...shared(manifest), what: 'transcript' };
}

/** The copy shortcut's dictation: the one in view (`viewedId`), else the newest of all; null when there is none. */
export function shortcutTarget(store: DictationStore, viewedId: string | null): DictationManifest | null {
  return (viewedId !== null ? store.get(viewedId) : undefined) ?? store.list()[0] ?? null;
}

/** Whether the dictation's note can leave now, is still on its way (recorded, sending, processing), or will not come by waiting. */
export function readinessOf(store: DictationStore, id: string): 'ready' | 'processing' | 'none' {
  const manifest = store.get(id);
  if (!manifest) return 'none';
  if (noteOf(store, id)) return 'ready';
  return PENDING_STATES.has(manifest.state) || manifest.state === 'recording' ? 'processing' : 'none';
}

/** The copy shortcut's copy of dictation `id` (fixed at the press); always as the doctor left it. */
export async function copyShortcutNote(
  store: DictationStore,
  copies: Pick<CopyPath, 'copy'>,
  id: string | null,
  options: CopyOptions,
  log: (event: string) => void,
): Promise<({ which: string; version: CopiedNoteVersion } & CopyOutcome & { copied: true }) | { copied: false; reason: string }> {
  const target = id !== null ? store.get(id) : undefined;
  if (!target) return { copied: false, reason: 'There is no dictation to copy yet.' };
  const { request, version } = noteCopy(store, target, false);
  const outcome: CopyOutcome = await copies.copy(request, options);
  if (!outcome.copied) {
    log(`copy: the shortcut copied nothing (${'refused' in request ? `no note, ${target.state}` : 'not reviewed'})`);
    return { copied: false, reason: outcome.reason };
  }
  log('copy: a note was copied by the shortcut');
  return { ...outcome, which: nameOf(target), version };
}
