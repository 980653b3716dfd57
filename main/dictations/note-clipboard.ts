/**
 * A dictation's note on the clipboard, as plain text and as HTML (contract/clinical-note.ts
 * builds both from the stored result), for "Copy note" and the copy shortcut.
 */
import * as electron from 'electron';
import { clinicalNote, type ClinicalNote } from '../../contract/clinical-note';
import { FINISHED_STATES } from '../../contract/dictation';
import type { DictationStore } from './dictation-store';

export function noteOf(store: DictationStore, id: string): ClinicalNote | null {
  return clinicalNote(store.readResult(id));
}

/** The synchronous clipboard of Electron before its W3C-like one (the tests' runtime, Electron 33). */
interface FormatsClipboard {
  write(data: { text: string; html: string }): void;
}

/** Both formats in one write, so that a program reading either gets the same note. */
export async function writeNote(note: ClinicalNote): Promise<void> {
  const { ClipboardItem, clipboard } = electron as Partial<Pick<typeof electron, 'ClipboardItem'>> & Pick<typeof electron, 'clipboard'>;
  if (ClipboardItem) await clipboard.write([new ClipboardItem({ 'text/plain': note.text, 'text/html': note.html })]);
  else (clipboard as unknown as FormatsClipboard).write({ text: note.text, html: note.html });
}

/** The newest finished dictation that has a note, with the note; null when there is none. */
export function latestNote(store: DictationStore): { createdAt: string; note: ClinicalNote } | null {
  const finished = store
    .list()
    .filter((manifest) => FINISHED_STATES.has(manifest.state))
    .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
  for (const manifest of finished) {
    const note = noteOf(store, manifest.id);
    if (note) return { createdAt: manifest.createdAt, note };
  }
  return null;
}
