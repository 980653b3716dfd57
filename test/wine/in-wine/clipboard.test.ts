/**
 * Whether some program holds the clipboard (clipboard-owner.ts: CountClipboardFormats), which
 * the app asks when it cannot read the earlier content back, against Windows' clipboard as Wine
 * carries it: emptied, another program's copy, a private format only, and a password manager's
 * markers, which travel under the names the app looks for.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { clipboardHeld } from '../../../main/clipboard/clipboard-owner';
import { SECRET_MARKERS } from '../../../main/clipboard/earlier-clipboard';
import { Notepad } from '../support/notepad';
import { clipboardFormats, putOnClipboard, CF_UNICODETEXT } from '../support/win32';

describe("Windows' clipboard", () => {
  let notepad: Notepad;
  before(async () => {
    notepad = await Notepad.open();
  });
  after(() => notepad.close());

  it('emptied, is held by no one; after another program copies, it is held', () => {
    putOnClipboard({});
    assert.equal(clipboardHeld(), false);
    notepad.setText('UHID 4711-2026');
    notepad.copyAll();
    assert.equal(clipboardHeld(), true);
    assert.ok(clipboardFormats().includes(String(CF_UNICODETEXT)), 'Notepad copied text');
  });

  it('bad input: content only in a program’s private format (which the app cannot read back) is held', () => {
    putOnClipboard({ registered: { 'EMR Chart Fragment (private)': Buffer.from([1, 2, 3, 4]) } });
    assert.equal(clipboardHeld(), true);
    assert.deepEqual(clipboardFormats(), ['EMR Chart Fragment (private)']);
    putOnClipboard({});
    assert.equal(clipboardHeld(), false);
  });

  it("keeps a password manager's markers under the names the app looks for", () => {
    const windowsMarkers = ['ExcludeClipboardContentFromMonitorProcessing', 'CanIncludeInClipboardHistory', 'CanUploadToCloudClipboard'];
    putOnClipboard({ text: 'a password', registered: Object.fromEntries(windowsMarkers.map((marker) => [marker, Buffer.alloc(4)])) });
    assert.equal(clipboardHeld(), true);
    const formats = clipboardFormats();
    for (const marker of windowsMarkers) {
      assert.ok(formats.includes(marker), `${marker} is on the clipboard`);
      assert.ok((SECRET_MARKERS as readonly string[]).includes(marker), `the app looks for ${marker}`);
    }
    putOnClipboard({});
    assert.equal(clipboardHeld(), false);
  });
});
