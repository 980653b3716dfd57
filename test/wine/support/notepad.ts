/**
 * Wine's Notepad as the program a note goes into: opened by the test (optionally as a
 * process the app may not open, as Windows makes a program run as administrator to one that
 * is not), brought to the front, its title set, its text read back with WM_GETTEXT.
 */
import * as koffi from 'koffi';
import { after, before, beforeEach } from 'node:test';
import { descriptorFromSddl, startProcess, win32, EM_SETSEL, WM_COPY, WM_GETTEXT, WM_GETTEXTLENGTH, WM_SETTEXT, type StartedProcess } from './win32';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for `found` to give something, up to `timeoutMs`. */
export async function waitFor<T>(found: () => T | null | undefined | false, timeoutMs: number, what: string): Promise<T> {
  for (const started = Date.now(); ; await sleep(20)) {
    const value = found();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`Waited ${timeoutMs} ms for ${what}.`);
  }
}

/** Two window handles (koffi's pointers) for one window. */
export const sameWindow = (a: unknown, b: unknown): boolean => a !== null && b !== null && koffi.address(a) === koffi.address(b);

/** A protected DACL with no entry: no one may open the process (its creator keeps the handle CreateProcess gave). */
const NO_ONE_MAY_OPEN = 'D:P';

export class Notepad {
  private constructor(
    private readonly started: StartedProcess,
    readonly window: unknown,
    private readonly edit: unknown,
  ) {}

  /** `protectedProcess`: a Notepad this app cannot open, as an elevated program is to an app that is not. */
  static async open(options: { protectedProcess?: boolean } = {}): Promise<Notepad> {
    const descriptor = options.protectedProcess ? descriptorFromSddl(NO_ONE_MAY_OPEN) : null;
    const started = startProcess('notepad.exe', descriptor);
    if (descriptor) win32.localFree(descriptor);
    // Its window is found by its process; its field comes a moment after the window.
    const [window, edit] = await waitFor(() => {
      for (let window = win32.findWindowEx(null, null, 'Notepad', null); window; window = win32.findWindowEx(null, window, 'Notepad', null)) {
        const pid = [0];
        win32.windowProcess(window, pid);
        const edit = pid[0] === started.pid ? win32.findWindowEx(window, null, 'Edit', null) : null;
        if (edit) return [window, edit] as const;
      }
      return null;
    }, 10_000, "Notepad's window and its field");
    // A new window comes to the front by itself a moment after it shows: waited for, so that it cannot undo a later toFront of another.
    await waitFor(() => sameWindow(win32.foregroundWindow(), window), 3_000, 'the new Notepad in front').catch(() => undefined);
    return new Notepad(started, window, edit);
  }

  get pid(): number {
    return this.started.pid;
  }

  async toFront(): Promise<void> {
    win32.setForegroundWindow(this.window);
    await waitFor(() => sameWindow(win32.foregroundWindow(), this.window), 5_000, 'Notepad in front');
  }

  setTitle(title: string): void {
    win32.setWindowText(this.window, title);
  }

  text(): string {
    const length = Number(win32.sendMessage(this.edit, WM_GETTEXTLENGTH, 0, 0));
    const text = new Uint16Array(length + 1);
    const copied = Number(win32.sendTextMessage(this.edit, WM_GETTEXT, length + 1, text));
    return Buffer.from(text.buffer).toString('utf16le', 0, copied * 2);
  }

  /** Waits until the field holds `expected` (typed keys are taken by Notepad's own thread, a moment later). */
  async textBecomes(expected: string, timeoutMs = 10_000): Promise<string> {
    await waitFor(() => this.text() === expected, timeoutMs, `Notepad to hold ${JSON.stringify(expected)} (it holds ${JSON.stringify(this.text())})`).catch(() => undefined);
    return this.text();
  }

  setText(text: string): void {
    win32.setTextMessage(this.edit, WM_SETTEXT, 0, text);
  }

  /** Notepad copies its whole text, as a person's Ctrl+A, Ctrl+C would: the clipboard is then another program's. */
  copyAll(): void {
    win32.sendMessage(this.edit, EM_SETSEL, 0, -1);
    win32.sendMessage(this.edit, WM_COPY, 0, 0);
  }

  close(): void {
    win32.terminateProcess(this.started.process, 0);
    win32.waitForSingleObject(this.started.process, 5_000);
    win32.closeHandle(this.started.process);
  }
}

/** A Notepad for the tests of the suite this is called in: opened before them, emptied and brought to the front before each, closed after them. */
export function emptyNotepadInFront(): () => Notepad {
  let notepad: Notepad | null = null;
  before(async () => {
    notepad = await Notepad.open();
  });
  beforeEach(async () => {
    notepad!.setText('');
    await notepad!.toFront();
  });
  after(() => notepad?.close());
  return () => notepad!;
}
