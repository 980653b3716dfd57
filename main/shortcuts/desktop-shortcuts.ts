/**
 * The app's global shortcuts, assembled: record (toggle or hold) and copy the note in view
 * (and paste it), the keyboard hook they share (running only while a press is followed), and
 * what this desktop lets them do, as the Settings screen shows it.
 */
import type { ShortcutAccess } from '../../contract/ipc';
import type { Settings } from '../../contract/settings';
import { log } from '../log';
import { CopyNoteShortcut, type CopyNoteActions } from './copy-note-shortcut';
import { electronKeyboardDesktop, onAppFocus } from './electron-desktop';
import { KeyboardHook } from './keyboard-hook';
import { RecordShortcut } from './record-shortcut';
import type { ShortcutRecorder } from './shortcut-recording';

export type ShortcutSettings = Pick<Settings, 'recordShortcut' | 'recordShortcutMode' | 'copyNoteShortcut' | 'insertCopiedNote'>;

export interface DesktopShortcutsDeps {
  recorder: ShortcutRecorder;
  copy: CopyNoteActions;
  settings(): ShortcutSettings;
  /** Told after every apply; the settings view shows it. */
  onAccess(access: ShortcutAccess): void;
}

export class DesktopShortcuts {
  private readonly hook = new KeyboardHook(electronKeyboardDesktop);
  private readonly record: RecordShortcut;
  private readonly copyNote: CopyNoteShortcut;
  private logged = '';
  private readonly offAppFocus: (() => void) | null;

  constructor(private readonly deps: DesktopShortcutsDeps) {
    this.record = new RecordShortcut(deps.recorder, this.hook);
    this.copyNote = new CopyNoteShortcut(deps.copy, this.hook);
    // On macOS the permission is given in System Settings: look again when the user comes back to the app.
    this.offAppFocus = process.platform === 'darwin' ? onAppFocus(() => this.apply()) : null;
  }

  /** Registers the shortcuts as the settings say; the keyboard hook is started only by a press that needs it. */
  apply(): void {
    const settings = this.deps.settings();
    const hold = settings.recordShortcutMode === 'hold' && settings.recordShortcut !== '';
    const insert = settings.insertCopiedNote && settings.copyNoteShortcut !== '';
    const keyboard = hold || insert ? this.hook.problem() : null;
    const access: ShortcutAccess = {
      recordShortcut: this.record.apply(settings.recordShortcut, hold),
      holdToRecord: keyboard ? `Hold to record does not work here. ${keyboard} The shortcut starts recording with a press and stops it with the next.` : null,
      copyNoteShortcut: this.copyNote.apply(settings.copyNoteShortcut, insert && !keyboard),
      insertNote: keyboard ? `The note cannot be pasted into other programs here. ${keyboard} The shortcut only copies it.` : null,
    };
    this.log(settings, access);
    this.deps.onAccess(access);
  }

  /** The record shortcut, if registered. */
  recordShortcut(): string | null {
    return this.record.current();
  }

  dispose(): void {
    this.offAppFocus?.();
    this.record.dispose();
    this.copyNote.dispose();
    this.hook.dispose();
  }

  /** One line when what the shortcuts do changes. */
  private log(settings: ShortcutSettings, access: ShortcutAccess): void {
    const parts = [
      this.record.current() ? `${this.record.current()} records (${this.record.holds() ? 'hold' : 'toggle'})` : null,
      this.copyNote.current() ? `${this.copyNote.current()} copies the note${settings.insertCopiedNote && !access.insertNote ? ' and pastes it' : ''}` : null,
    ].filter((part) => part !== null);
    const line = parts.length > 0 ? `shortcut: ${parts.join('; ')}` : '';
    if (line !== this.logged && line !== '') log.info(line);
    this.logged = line;
    for (const problem of [access.recordShortcut, access.copyNoteShortcut]) if (problem) log.warn(`shortcut: ${problem}`);
    if (access.holdToRecord && settings.recordShortcutMode === 'hold') log.warn('shortcut: hold to record is not available; the shortcut toggles');
  }
}
