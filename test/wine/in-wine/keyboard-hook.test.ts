/**
 * The keyboard hook (keyboard-hook.ts over uiohook-napi's Windows binary: libuiohook's
 * low-level keyboard hook and SendInput) against Windows' input as Wine implements it: the
 * paste keys put what the clipboard holds into the window in front, and the hook follows keys
 * pressed and let go.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { systemClock } from '../../../main/core/clock';
import { SILENT_LOG } from '../../../main/core/event-log';
import { KeyboardHook } from '../../../main/shortcuts/keyboard-hook';
import { Notepad, waitFor } from '../support/notepad';
import { pressKey, putOnClipboard, VK_ESCAPE } from '../support/win32';

/** libuiohook's code for Esc, as the copy shortcut listens for it. */
const ESCAPE = 0x0001;
const PASTED = 'Rx: Amoxicillin 500 mg — 3× täglich — 漢字 😀';

describe('the keyboard hook', () => {
  let notepad: Notepad;
  let hook: KeyboardHook;
  before(async () => {
    notepad = await Notepad.open();
    hook = new KeyboardHook({ isTrusted: () => true, beforeQuit: () => {} }, SILENT_LOG, systemClock, 'win32', {});
  });
  after(() => {
    hook.dispose();
    notepad.close();
  });

  it('presses the paste keys in the window in front, which pastes what the clipboard holds', async () => {
    putOnClipboard({ text: PASTED });
    notepad.setText('');
    await notepad.toFront();
    const session = hook.begin();
    assert.ok(session, 'the hook can run here');
    try {
      await waitFor(() => hook.isRunning(), 5_000, 'the hook to start');
      hook.paste();
      assert.equal(await notepad.textBecomes(PASTED), PASTED);
    } finally {
      session.end();
    }
  });

  it('follows a key pressed and let go anywhere on the desktop', async () => {
    const seen: string[] = [];
    const session = hook.begin();
    const unlisten = hook.onKey({ keyDown: (code) => void seen.push(`down ${code}`), keyUp: (code) => void seen.push(`up ${code}`) });
    try {
      await waitFor(() => hook.isRunning(), 5_000, 'the hook to start');
      pressKey(VK_ESCAPE);
      await waitFor(() => seen.includes(`up ${ESCAPE}`), 5_000, 'Esc to be seen let go');
      assert.deepEqual(seen.slice(-2), [`down ${ESCAPE}`, `up ${ESCAPE}`]);
    } finally {
      unlisten();
      session?.end();
    }
  });
});
