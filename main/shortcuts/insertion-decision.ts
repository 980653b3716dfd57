/**
 * What the copy shortcut does at a press, for the window that has the focus then: paste the
 * note as rich or plain text, type it, wait until it is ready, or only copy it and say why it
 * cannot go in; and, right before inserting, whether the target is still the window of the
 * press. Pure: the OS's answers come in as values.
 */
import { profileFor, type InsertProfile, type LineBreak, type ProgramIdentity } from '../../contract/insert-profiles';

/** A top-level window as the OS names it. `title` is compared only, never shown or logged: it may name a patient. */
export interface TargetWindow {
  id: string;
  program: ProgramIdentity | null;
  title: string | null;
  /** Windows: the program runs with higher rights than the app (UIPI drops keys the app sends it). */
  higherRights: boolean;
  /** The process that owns the window, where the OS names it (X11 `_NET_WM_PID`): its field is read back through it. */
  pid?: number | null;
}

/** Where the focus is: a program's window, a window of this app, none, or unknown (the OS cannot be asked, or would not say: `why`). */
export type Focus = { kind: 'window'; window: TargetWindow } | { kind: 'app' } | { kind: 'none' } | { kind: 'unknown'; why?: string };

/** The note the shortcut takes: ready to leave the app, still being processed, or none (the copy says why). */
export type NoteReadiness = 'ready' | 'processing' | 'none';

export interface Press {
  /** Why no program may press keys in others on this desktop (Wayland, macOS permission), or null. */
  keyboardProblem: string | null;
  focus: Focus;
  note: NoteReadiness;
  /** The doctor's or clinic's profiles (the built-in ones apply after them). */
  profiles: readonly InsertProfile[];
}

export type Insertion =
  /** Paste (`rich`: text and HTML; `plain`: text only) or type the note into `target`, the window of the press. */
  | { kind: 'insert'; how: 'rich' | 'plain' | 'type'; lineBreak: LineBreak; target: TargetWindow }
  /** Processing: wait, then insert into `target` if it still has the focus unchanged. */
  | { kind: 'wait'; how: 'rich' | 'plain' | 'type'; lineBreak: LineBreak; target: TargetWindow }
  /** Only copy (in `form`), and say `why` nothing goes in; `why` null: there is nothing to say (no note: the copy says why). */
  | { kind: 'copy'; form: 'rich' | 'plain'; why: string | null };

/** How the program is named to the doctor: its class or process name, never its window's title. */
export function programLabel(window: TargetWindow | null): string {
  return window?.program?.names.at(-1) ?? 'the program in front';
}

const MANUAL_PASTE = 'The note is on the clipboard: paste it yourself (Ctrl+V).';

/** The form the note takes on the clipboard when it is only copied: plain where the program takes plain text, else rich. */
const copyForm = (profile: InsertProfile): 'rich' | 'plain' => (profile.format === 'plain' ? 'plain' : 'rich');

export function decideInsertion(press: Press): Insertion {
  const target = press.focus.kind === 'window' ? press.focus.window : null;
  const { profile } = profileFor(target?.program ?? null, press.profiles);
  const copy = (why: string | null): Insertion => ({ kind: 'copy', form: copyForm(profile), why });
  if (press.note === 'none') return copy(null);
  if (press.keyboardProblem !== null) return copy(`${press.keyboardProblem} ${MANUAL_PASTE}`);
  if (press.focus.kind === 'app' || press.focus.kind === 'none') {
    return copy(`No other program's field had the focus when you pressed the shortcut, so nothing was inserted. ${MANUAL_PASTE}`);
  }
  // Never into whatever is in front: without the window of the press, nothing tells the right chart from the next patient's.
  if (!target) {
    const why = press.focus.kind === 'unknown' && press.focus.why ? press.focus.why : 'This computer cannot say which window is in front.';
    return copy(`${why} So the note was not pasted into whatever is there. ${MANUAL_PASTE}`);
  }
  if (target.higherRights) {
    return copy(
      `${programLabel(target)} runs with higher rights than Scribe Desk (as administrator), and Windows does not let Scribe Desk press keys in it. ${MANUAL_PASTE}`,
    );
  }
  const how = profile.format;
  if (press.note === 'processing') {
    if (profile.insertWhenReady !== true) return copy('The note is not ready yet, so nothing was inserted. Press the shortcut again when it is ready.');
    return { kind: 'wait', how, lineBreak: profile.lineBreak ?? 'enter', target };
  }
  return { kind: 'insert', how, lineBreak: profile.lineBreak ?? 'enter', target };
}

/**
 * Why the note must not go in now, although it was meant for `target` (focus moved, or that
 * window's title changed: it may show the next patient's chart now), or null to go ahead.
 */
export function targetChange(target: TargetWindow, now: Focus): string | null {
  if (now.kind === 'app' || now.kind === 'none') return `The focus left ${programLabel(target)} before the note could be inserted, so nothing was inserted.`;
  if (now.kind === 'unknown') return `Which window is in front could not be read again right before the note went in, so nothing was inserted into ${programLabel(target)}.`;
  if (now.window.id !== target.id) return `The focus moved from ${programLabel(target)} to another window before the note could be inserted, so nothing was inserted.`;
  if (now.window.title !== target.title) {
    return `The window of ${programLabel(target)} changed (its title is not the one it had when you pressed the shortcut: it may show another patient now), so nothing was inserted.`;
  }
  return null;
}
