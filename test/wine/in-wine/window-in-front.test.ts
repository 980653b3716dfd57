/**
 * The window in front, as the copy shortcut asks Windows at the press and again right before
 * the note goes in (window-focus.ts, windows-focus.ts): Notepad windows opened by the test,
 * titles in right-to-left scripts, a title that changes (the next patient's chart), another
 * window brought to the front, and a program this app may not open (as Windows treats a
 * program run as administrator), whose note is only copied, with the reason.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { decideInsertion, targetChange, type Focus, type TargetWindow } from '../../../main/shortcuts/insertion-decision';
import { focusNow } from '../../../main/shortcuts/window-focus';
import { Notepad } from '../support/notepad';

const RIGHT_TO_LEFT = 'ملف المريض: أحمد — תיק מטופל 2024';

function windowOf(focus: Focus): TargetWindow {
  if (focus.kind !== 'window') assert.fail(`the focus is ${focus.kind}, not a window`);
  return focus.window;
}

describe('the window in front', () => {
  let chart: Notepad;
  let other: Notepad;
  before(async () => {
    chart = await Notepad.open();
    other = await Notepad.open();
  });
  after(() => {
    chart.close();
    other.close();
  });

  it('is named by its program and its title, a right-to-left title exactly as it is', async () => {
    chart.setTitle(RIGHT_TO_LEFT);
    await chart.toFront();
    const window = windowOf(focusNow());
    assert.deepEqual(window.program, { match: 'process', names: ['notepad.exe'] });
    assert.equal(window.title, RIGHT_TO_LEFT);
    assert.equal(window.higherRights, false);
    assert.equal(window.pid, chart.pid);
    assert.match(window.id, /^win32:\d+$/);
  });

  it('bad input: the same window with another title, or another window in front, is not the window of the press', async () => {
    chart.setTitle('Chart — Ravi Kumar');
    await chart.toFront();
    const pressed = windowOf(focusNow());
    assert.equal(targetChange(pressed, focusNow()), null);
    chart.setTitle('Chart — Meena Iyer');
    assert.match(targetChange(pressed, focusNow()) ?? '', /its title is not the one it had when you pressed the shortcut/);
    await other.toFront();
    const moved = focusNow();
    assert.notEqual(windowOf(moved).id, pressed.id);
    assert.match(targetChange(pressed, moved) ?? '', /The focus moved from notepad\.exe to another window/);
  });
});

describe('a program in front that this app may not open (as one run as administrator)', () => {
  let elevated: Notepad;
  before(async () => {
    elevated = await Notepad.open({ protectedProcess: true });
  });
  after(() => elevated.close());

  it('bad input: has higher rights, so the note is only copied and the doctor told why', async () => {
    await elevated.toFront();
    const focus = focusNow();
    const window = windowOf(focus);
    assert.equal(window.higherRights, true);
    assert.equal(window.pid, elevated.pid);
    const decision = decideInsertion({ keyboardProblem: null, focus, note: 'ready', profiles: [{ program: 'notepad.exe', match: 'process', format: 'type' }] });
    assert.equal(decision.kind, 'copy');
    assert.match(decision.kind === 'copy' ? (decision.why ?? '') : '', /runs with higher rights than Scribe Desk \(as administrator\), and Windows does not let Scribe Desk press keys in it\. The note is on the clipboard/);
  });
});
