/**
 * What may leave the app of a dictation's note, and how a dictation is named when it is
 * spoken of (a notification, a refusal): its label, mode and time. Also the note actions
 * the copy shortcut uses: the dictation in view, else the newest; never an older one.
 */
import { noteTime } from '../../contract/clinical-note';
import { FINISHED_STATES, MODE_NAMES, UNTITLED } from '../../contract/dictation';
import { log } from '../log';
import type { DictationManifest } from './dictation-manifest';
import type { DictationStore } from './dictation-store';
import { noteOf, type PatientClipboard } from './note-clipboard';

export const NOT_REVIEWED =
  'Your administrator requires each note to be marked reviewed before it leaves Scribe Desk. Open the dictation, check its note and press "Mark reviewed".';

/** A dictation as a notification or a refusal names it. */
export function nameOf(manifest: DictationManifest): string {
  return `"${manifest.label || UNTITLED}" (${MODE_NAMES[manifest.mode]}, recorded ${noteTime(manifest.createdAt)})`;
}

/** Why this dictation's note may not leave the app now, or null. */
export function noteRefusal(store: DictationStore, manifest: DictationManifest, requireReview: boolean): string | null {
  if (!noteOf(store, manifest.id)) {
    return FINISHED_STATES.has(manifest.state) || manifest.state === 'failed'
      ? `The dictation ${nameOf(manifest)} has no note to copy.`
      : `The note of the dictation ${nameOf(manifest)} is not ready yet.`;
  }
  if (requireReview && manifest.reviewedAt === null) return `The note of the dictation ${nameOf(manifest)} is not marked reviewed. ${NOT_REVIEWED}`;
  return null;
}

/** The copy shortcut's note: the dictation in view (`viewedId`), else the newest of all. */
export async function copyNoteInView(
  store: DictationStore,
  clipboard: PatientClipboard,
  viewedId: string | null,
  requireReview: boolean,
): Promise<{ copied: true; which: string } | { copied: false; reason: string }> {
  const target = (viewedId !== null ? store.get(viewedId) : undefined) ?? store.list()[0];
  if (!target) return { copied: false, reason: 'There is no dictation to copy yet.' };
  const refusal = noteRefusal(store, target, requireReview);
  if (refusal) {
    log.info(`copy: the shortcut copied nothing (${noteOf(store, target.id) ? 'not reviewed' : `no note, ${target.state}`})`);
    return { copied: false, reason: `${refusal} Nothing was copied or pasted.` };
  }
  await clipboard.write(noteOf(store, target.id)!);
  log.info('copy: a note was copied by the shortcut');
  return { copied: true, which: nameOf(target) };
}
