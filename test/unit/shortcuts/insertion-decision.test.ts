/** What the copy shortcut does at a press, for each kind of desktop, window and note: one row per case. */
import { describe, expect, it } from 'vitest';
import type { InsertProfile } from '../../../contract/insert-profiles';
import { decideInsertion, targetChange, type Focus, type Press, type TargetWindow } from '../../../main/shortcuts/insertion-decision';
import { NO_ACCESSIBILITY } from '../../../main/shortcuts/macos-focus';

const chromium: TargetWindow = { id: 'x11:1', program: { match: 'wm-class', names: ['chromium', 'Chromium'] }, title: 'EMR — Visit', higherRights: false };
const emr: TargetWindow = { id: 'x11:2', program: { match: 'wm-class', names: ['clinic-emr', 'Clinic-emr'] }, title: 'Chart', higherRights: false };
const elevated: TargetWindow = { id: 'win32:3', program: { match: 'process', names: ['EMR.exe'] }, title: 'EMR', higherRights: true };
const rdp: TargetWindow = { id: 'win32:4', program: { match: 'process', names: ['mstsc.exe'] }, title: 'Remote', higherRights: false };
/** What macos-focus.ts makes of NSWorkspace's front application and its AXFocusedWindow (macOS cannot run here). */
const deskEmr: TargetWindow = { id: 'mac:512:88713', program: { match: 'bundle', names: ['in.clinic.DeskEMR'] }, title: 'Chart', higherRights: false, pid: 512 };
const at = (window: TargetWindow): Focus => ({ kind: 'window', window });
const profiles: InsertProfile[] = [{ program: 'CLINIC-EMR', match: 'wm-class', format: 'type', insertWhenReady: true, lineBreak: 'shift-enter' }];
const press = (over: Partial<Press>): Press => ({ keyboardProblem: null, focus: at(chromium), note: 'ready', profiles, ...over });
const WAYLAND = 'This is a Wayland session, where a program cannot watch or press keys in other programs.';

describe('decideInsertion', () => {
  const rows: Array<[string, Partial<Press>, object]> = [
    ['a browser: pasted with formatting (built-in)', {}, { kind: 'insert', how: 'rich', target: chromium }],
    ['the doctor’s profile: typed, with its line break', { focus: at(emr) }, { kind: 'insert', how: 'type', lineBreak: 'shift-enter', target: emr }],
    ['a remote desktop: typed (built-in)', { focus: at(rdp) }, { kind: 'insert', how: 'type', lineBreak: 'enter' }],
    ['a program nobody named: rich, as the note always was', { focus: at({ ...emr, program: { match: 'wm-class', names: ['other'] } }) }, { kind: 'insert', how: 'rich' }],
    // Issue 45.9: never into whatever is in front.
    ['focus cannot be asked: only copied, said why', { focus: { kind: 'unknown' } }, { kind: 'copy', why: expect.stringContaining('This computer cannot say which window is in front. So the note was not pasted into whatever is there.') }],
    [
      'macOS without the Accessibility permission: only copied, the permission explained',
      { focus: { kind: 'unknown', why: NO_ACCESSIBILITY } },
      { kind: 'copy', why: expect.stringMatching(/^macOS has not given Scribe Desk the Accessibility permission, .*System Settings → Privacy & Security → Accessibility\)\. So the note was not pasted/) },
    ],
    ['macOS, the front app and its window told: pasted into that window', { focus: at(deskEmr) }, { kind: 'insert', how: 'rich', target: deskEmr }],
    ['Wayland: only copied, said why', { keyboardProblem: WAYLAND }, { kind: 'copy', form: 'rich', why: expect.stringContaining('Wayland') }],
    ['no window focused', { focus: { kind: 'none' } }, { kind: 'copy', why: expect.stringContaining("No other program's field had the focus") }],
    ['Scribe Desk itself focused', { focus: { kind: 'app' } }, { kind: 'copy', why: expect.stringContaining("No other program's field") }],
    ['a program run as administrator', { focus: at(elevated) }, { kind: 'copy', why: expect.stringContaining('EMR.exe runs with higher rights than Scribe Desk') }],
    ['no note: the copy says why', { note: 'none' }, { kind: 'copy', why: null }],
    ['processing, no "insert when ready": nothing later', { note: 'processing' }, { kind: 'copy', why: expect.stringContaining('not ready yet') }],
    ['processing, "insert when ready": waits for that window', { note: 'processing', focus: at(emr) }, { kind: 'wait', how: 'type', target: emr }],
    ['processing, focus unknown: never later', { note: 'processing', focus: { kind: 'unknown' }, profiles: [] }, { kind: 'copy', why: expect.stringContaining('cannot say which window is in front') }],
    ['a plain-text program only copied: copied as plain text', { keyboardProblem: WAYLAND, focus: at({ ...emr, program: { match: 'wm-class', names: ['gedit'] } }) }, { kind: 'copy', form: 'plain' }],
  ];
  it.each(rows)('%s', (_name, over, expected) => {
    expect(decideInsertion(press(over))).toMatchObject(expected);
  });

  it('never names the window’s title (it may name a patient)', () => {
    for (const [, over] of rows) {
      const decision = decideInsertion(press({ ...over, focus: at({ ...elevated, title: 'Ramesh Kumar' }) }));
      expect(JSON.stringify(decision.kind === 'copy' ? decision.why : '')).not.toContain('Ramesh');
    }
  });
});

describe('targetChange', () => {
  it.each<[string, TargetWindow, Focus, RegExp | null]>([
    ['the same window, same title: go ahead', chromium, at(chromium), null],
    ['another window', chromium, at(emr), /moved from chromium to another window/i],
    ['the same window with another title (the next patient’s chart)', chromium, at({ ...chromium, title: 'EMR — Next visit' }), /its title is not the one it had/],
    ['Scribe Desk took the focus', chromium, { kind: 'app' }, /focus left Chromium/],
    ['no window any more', chromium, { kind: 'none' }, /focus left/],
    ['focus cannot be read again right before: nothing goes in', chromium, { kind: 'unknown' }, /could not be read again right before the note went in/],
    ['macOS: the same window again (the same element’s hash) with its title', deskEmr, at({ ...deskEmr }), null],
    ['macOS: the front app’s other window', deskEmr, at({ ...deskEmr, id: 'mac:512:90210' }), /moved from in\.clinic\.DeskEMR to another window/],
  ])('%s', (_name, target, now, expected) => {
    const change = targetChange(target, now);
    if (expected === null) expect(change).toBeNull();
    else expect(change).toMatch(expected);
  });
});
