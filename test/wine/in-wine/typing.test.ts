/**
 * The note typed into the window in front with SendInput (windows-typist.ts), read back from
 * that window with WM_GETTEXT: accented letters, CJK, emoji, Hindi, right-to-left text and
 * line breaks. Then the copy shortcut as a whole (copy-note-shortcut.ts) with Windows' parts
 * real: the window in front, the keyboard hook (libuiohook's low-level hook), SendInput; the
 * clipboard in memory (Electron's is not here). It types into Notepad, stops at a real Esc, and
 * only copies for a program with higher rights, saying why.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { systemClock } from '../../../main/core/clock';
import { SILENT_LOG } from '../../../main/core/event-log';
import { targetChange, type TargetWindow } from '../../../main/shortcuts/insertion-decision';
import { KeyboardHook } from '../../../main/shortcuts/keyboard-hook';
import { typeNote } from '../../../main/shortcuts/note-typing';
import { typistHere } from '../../../main/shortcuts/typist';
import { focusNow } from '../../../main/shortcuts/window-focus';
import { copyNoteDesk } from '../../support/copy-note-desk';
import { emptyNotepadInFront, Notepad, waitFor } from '../support/notepad';
import { holdKeys, keyDown, pressKey, putOnClipboard, VK_C, VK_ESCAPE, VK_LCONTROL, VK_LMENU, VK_V } from '../support/win32';

const NOTE = 'Zoë, 42 ans — naïve café\nआहार: दाल 漢字 处方 😀👩‍⚕️\nالضغط 120/80 · תרופה\n';
/** Notepad's field keeps a line break as CR LF. */
const asNotepadHolds = (text: string) => text.replace(/\n/g, '\r\n');
const sleep = (ms: number) => systemClock.sleep(ms);

// The app's clock never keeps a process alive (Electron does that for the app): this keeps the tests' one alive while they wait on it.
let alive: NodeJS.Timeout;
before(() => void (alive = setInterval(() => {}, 1_000)));
after(() => clearInterval(alive));

describe('typing the note with SendInput', () => {
  const notepad = emptyNotepadInFront();

  it('puts every character in the window in front, as it is in the note', async () => {
    const typist = typistHere();
    assert.ok(typist, 'Windows has a typist');
    assert.deepEqual(await typeNote(NOTE, typist, { lineBreak: 'enter', stopped: () => false, sleep }), { typed: 'all' });
    assert.equal(await notepad().textBecomes(asNotepadHolds(NOTE)), asNotepadHolds(NOTE));
  });

  it('bad input: the title changes mid-note (the next patient’s chart): typing stops there', async () => {
    notepad().setTitle('Chart — Ravi Kumar');
    const pressed = focusNow();
    if (pressed.kind !== 'window') assert.fail(`the focus is ${pressed.kind}, not a window`);
    const target: TargetWindow = pressed.window;
    let typed = 0;
    const outcome = await typeNote(NOTE, typistHere()!, {
      lineBreak: 'enter',
      stopped: () => {
        if (typed++ === 10) notepad().setTitle('Chart — Meena Iyer');
        return targetChange(target, focusNow()) !== null;
      },
      sleep,
    });
    assert.deepEqual(outcome, { typed: 'stopped', characters: 10 });
    const first10 = Array.from(NOTE).slice(0, 10).join('');
    assert.equal(await notepad().textBecomes(first10), first10);
  });
});

/** The copy shortcut with Windows' own focus, keyboard hook and SendInput, Notepad's profile set to "type it" (or `format`); `told`: what the doctor was told. */
async function withCopyShortcut(run: (press: () => void, told: string[]) => Promise<void>, format: 'type' | 'plain' = 'type'): Promise<void> {
  const told: string[] = [];
  const hook = new KeyboardHook({ isTrusted: () => true, beforeQuit: () => {} }, SILENT_LOG, systemClock, 'win32', {});
  const desk = copyNoteDesk({
    note: NOTE,
    earlier: 'what the doctor had copied',
    platform: 'win32',
    hook,
    clock: systemClock,
    focusedWindow: focusNow,
    profiles: () => [{ program: 'notepad.exe', match: 'process', format }],
    typist: typistHere,
    tell: (title, body) => void told.push(`${title}: ${body}`),
  });
  try {
    await run(desk.press, told);
  } finally {
    desk.dispose();
    hook.dispose();
  }
}

describe('the copy shortcut, with Windows’ focus, keyboard hook and SendInput', () => {
  const notepad = emptyNotepadInFront();

  it('types the note into the program in front and says nothing more', () =>
    withCopyShortcut(async (press, told) => {
      press();
      assert.equal(await notepad().textBecomes(asNotepadHolds(NOTE), 15_000), asNotepadHolds(NOTE));
      await sleep(200);
      assert.deepEqual(told, []);
    }));

  it('bad input: Esc pressed mid-note stops the typing, says how far it went, and the note stays copied', () =>
    withCopyShortcut(async (press, told) => {
      press();
      await waitFor(() => notepad().text().length >= 5, 15_000, 'the first characters');
      pressKey(VK_ESCAPE);
      const said = await waitFor(() => told.find((line) => line.startsWith('Typing stopped')), 5_000, 'the doctor to be told');
      assert.match(said, /^Typing stopped: You pressed Esc: typing stopped after \d+ of \d+ characters\. The note of Test Patient Ravi is on the clipboard\.$/);
      assert.ok(notepad().text().length < asNotepadHolds(NOTE).length, 'the note was not typed whole');
    }));

  it('bad input: a program with higher rights in front gets nothing; the note is copied and the doctor told why', async () => {
    const elevated = await Notepad.open({ protectedProcess: true });
    try {
      await elevated.toFront();
      await withCopyShortcut(async (press, told) => {
        press();
        const said = await waitFor(() => told[0], 5_000, 'the doctor to be told');
        assert.match(said, /^Note copied, not inserted: The note of Test Patient Ravi is on the clipboard\. the program in front runs with higher rights than Scribe Desk/);
        await sleep(300);
        assert.equal(elevated.text(), '');
      });
    } finally {
      elevated.close();
    }
  });
});

describe('the copy shortcut held down, pasting', () => {
  const notepad = emptyNotepadInFront();

  it('pastes the note into the program in front at the press, letting go of the held keys once and never pressing them again', async () => {
    // The app's copy path writes a clipboard in memory here (Electron's is not in this process): Windows' holds the same note.
    putOnClipboard({ text: asNotepadHolds(NOTE) });
    holdKeys([VK_LCONTROL, VK_LMENU, VK_C]);
    try {
      await withCopyShortcut(async (press, told) => {
        press();
        assert.equal(await notepad().textBecomes(asNotepadHolds(NOTE), 5_000), asNotepadHolds(NOTE));
        // Alt was let go for the paste (else Notepad would have had Ctrl+Alt+V), and is not pressed again after.
        assert.equal(keyDown(VK_LMENU), false);
        assert.equal(keyDown(VK_C), false);
        await sleep(600);
        assert.equal(keyDown(VK_LMENU), false);
        assert.deepEqual(told, []);
      }, 'plain');
    } finally {
      holdKeys([VK_C, VK_LMENU, VK_LCONTROL], true);
    }
  });

  it('lands about as fast as a plain Ctrl+V of the same text (the medians are in the lane’s report)', async (t) => {
    const note = asNotepadHolds(NOTE);
    putOnClipboard({ text: note });
    const until = async (pressed: number) => {
      await notepad().textBecomes(note, 5_000);
      return performance.now() - pressed;
    };
    const plain: number[] = [];
    const shortcut: number[] = [];
    for (let round = 0; round < 5; round += 1) {
      notepad().setText('');
      let pressed = performance.now();
      holdKeys([VK_LCONTROL, VK_V]);
      holdKeys([VK_V, VK_LCONTROL], true);
      plain.push(await until(pressed));
      notepad().setText('');
      holdKeys([VK_LCONTROL, VK_LMENU, VK_C]);
      try {
        await withCopyShortcut(async (press) => {
          pressed = performance.now();
          press();
          shortcut.push(await until(pressed));
        }, 'plain');
      } finally {
        holdKeys([VK_C, VK_LMENU, VK_LCONTROL], true);
      }
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[2]!;
    t.diagnostic(`press → the note in Notepad: copy shortcut held, median ${median(shortcut).toFixed(0)} ms; a plain Ctrl+V, ${median(plain).toFixed(0)} ms (${(median(shortcut) / median(plain)).toFixed(2)}×)`);
    assert.ok(median(shortcut) < 1_000, `the shortcut's note landed in ${median(shortcut).toFixed(0)} ms`);
  });
});

