/**
 * The app's global shortcuts, assembled: record (toggle or hold) and copy the note in view
 * (and paste it), the keyboard hook they share (running only while a press is followed), and
 * what this desktop lets them do, as the Settings screen shows it.
 */
import { programName, type ProgramIdentity } from '../../contract/insert-profiles';
import type { ShortcutAccess } from '../../contract/ipc';
import type { Settings } from '../../contract/settings';
import type { Clock } from '../core/clock';
import type { EventLog } from '../core/event-log';
import { atspiFieldText } from '../shortcuts/atspi-field';
import { CopyNoteShortcut, type CopyNoteActions } from '../note-leaving/copy-note-shortcut';
import type { TargetWindow } from '../shortcuts/insertion-decision';
import { KeyboardHook } from '../shortcuts/keyboard-hook';
import type { ShortcutsDesktop } from '../shortcuts/shortcuts-desktop';
import { RecordShortcut } from '../shortcuts/record-shortcut';
import type { RecordingSwitch } from '../shortcuts/record-toggle-or-hold';

export type ShortcutSettings = Pick<Settings, 'recordShortcut' | 'recordShortcutMode' | 'copyNoteShortcut' | 'insertCopiedNote'>;

export interface DesktopShortcutsDeps {
  desktop: ShortcutsDesktop;
  log: EventLog;
  /** Hold-to-record's timers, the keys' release and the pauses between typed keys run on it. */
  clock: Clock;
  recording: RecordingSwitch;
  copy: Omit<CopyNoteActions, 'pressedIn' | 'fieldText'>;
  settings(): ShortcutSettings;
  /** Told after every apply; the settings view shows it. */
  onAccess(access: ShortcutAccess): void;
}

/** The focused field's text in another program: Linux through AT-SPI; Windows' UI Automation is not written yet (docs/emr-insertion.md). */
const fieldTextOn =
  (clock: Clock, log: EventLog) =>
  (target: TargetWindow): Promise<string | null> =>
    process.platform === 'linux' ? atspiFieldText(target, clock, { unread: (why) => log.info(`copy: the field was not read (${why})`) }) : Promise.resolve(null);

export class DesktopShortcuts {
  private readonly hook: KeyboardHook;
  private readonly record: RecordShortcut;
  private readonly copyNote: CopyNoteShortcut;
  private logged = '';
  /** The program the copy shortcut was last pressed in, for Settings' "remember for this program". */
  private lastProgram: ProgramIdentity | null = null;
  private access: ShortcutAccess | null = null;
  private readonly offAppFocus: (() => void) | null;

  constructor(private readonly deps: DesktopShortcutsDeps) {
    const { desktop, log, clock } = deps;
    this.hook = new KeyboardHook(desktop.keyboard, log, clock);
    this.record = new RecordShortcut(deps.recording, this.hook, desktop.accelerators, clock);
    this.copyNote = new CopyNoteShortcut({ ...deps.copy, pressedIn: (program) => this.pressedIn(program), fieldText: fieldTextOn(clock, log) }, this.hook, { accelerators: desktop.accelerators, log, clock });
    // On macOS the permission is given in System Settings: look again when the user comes back to the app.
    this.offAppFocus = process.platform === 'darwin' ? desktop.onAppFocus(() => this.apply()) : null;
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
      // Inserting stays asked for where the keyboard cannot be followed: each press says why the note only went on the clipboard.
      copyNoteShortcut: this.copyNote.apply(settings.copyNoteShortcut, insert),
      insertNote: keyboard ? `The note cannot be pasted into other programs here. ${keyboard} The shortcut only copies it.` : null,
      lastProgram: this.lastProgram ? programName(this.lastProgram) : null,
      lastProgramMatch: this.lastProgram?.match ?? null,
    };
    this.log(settings, access);
    this.access = access;
    this.deps.onAccess(access);
  }

  private pressedIn(program: ProgramIdentity | null): void {
    if (!program) return;
    this.lastProgram = program;
    if (this.access) {
      this.access = { ...this.access, lastProgram: programName(program), lastProgramMatch: program.match };
      this.deps.onAccess(this.access);
    }
  }

  /** Whether the record shortcut records while held (where the desktop lets it); false: it toggles, or there is none. */
  recordShortcutHolds(): boolean {
    return this.record.current() !== null && this.record.holds();
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
    if (line !== this.logged && line !== '') this.deps.log.info(line);
    this.logged = line;
    for (const problem of [access.recordShortcut, access.copyNoteShortcut]) if (problem) this.deps.log.warn(`shortcut: ${problem}`);
    if (access.holdToRecord && settings.recordShortcutMode === 'hold') this.deps.log.warn('shortcut: hold to record is not available; the shortcut toggles');
  }
}
