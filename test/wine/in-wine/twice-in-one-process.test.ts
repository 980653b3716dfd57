/**
 * Every Win32 entry point of the app, called twice in one process, as the app's main process
 * calls them (the settings and the audit command both ask for ProgramData; a typist and a
 * focus reader may be made again): koffi's named types are process-wide, so a type declared at
 * each call throws the second time ("Duplicate type name"), and the caller silently falls back.
 * Each answer is checked against what Windows holds, both times.
 */
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, describe, it } from 'node:test';
import type * as Koffi from 'koffi';
import { clipboardHeld } from '../../../main/clipboard/clipboard-owner';
import { loadManagedPolicy } from '../../../main/settings/policy-sources';
import { POLICY_REGISTRY_KEY } from '../../../main/settings/registry-policy';
import { descriptorSecurity, windowsFileSecurity } from '../../../main/settings/windows-file-security';
import { windowsProgramData } from '../../../main/settings/windows-program-data';
import { readRegistryKey } from '../../../main/settings/windows-registry';
import { typistHere } from '../../../main/shortcuts/typist';
import { focusNow } from '../../../main/shortcuts/window-focus';
import { windowsFocus } from '../../../main/shortcuts/windows-focus';
import { windowsTypist } from '../../../main/shortcuts/windows-typist';
import { systemMachineIdSources } from '../../../main/updates/rollout-machine-id';
import { dword, sz } from '../../fixtures/policy/clinic-policy-registry';
import { Notepad } from '../support/notepad';
import { deleteKeys, writeRegistry } from '../support/registry-edit';
import { descriptorFromSddl, putOnClipboard, win32 } from '../support/win32';

/** The koffi the app loads (one per process: its named types are shared by all its callers). */
const koffi = createRequire(__filename)('koffi') as typeof Koffi;
const SHELL_FOLDERS = 'Software\\Microsoft\\Windows\\CurrentVersion\\Explorer\\User Shell Folders';

const twice = <T>(call: () => T): [T, T] => [call(), call()];

describe('each Win32 entry point, called twice in one process', () => {
  let notepad: Notepad;
  before(async () => {
    notepad = await Notepad.open();
  });
  after(() => {
    notepad.close();
    deleteKeys([['HKLM', POLICY_REGISTRY_KEY]]);
    writeRegistry('HKLM', SHELL_FOLDERS, [{ ...sz('Common AppData', '%ProgramData%'), type: 2 }]);
  });

  it('windowsProgramData (SHGetKnownFolderPath)', () => {
    mkdirSync('C:\\ClinicData', { recursive: true });
    writeRegistry('HKLM', SHELL_FOLDERS, [{ ...sz('Common AppData', 'C:\\ClinicData'), type: 2 }]);
    assert.deepEqual(twice(windowsProgramData), ['C:\\ClinicData', 'C:\\ClinicData']);
  });

  it('readRegistryKey and loadManagedPolicy (RegOpenKeyExW, RegEnumValueW)', () => {
    writeRegistry('HKLM', POLICY_REGISTRY_KEY, [dword('autoSync', 0)]);
    const [first, second] = twice(() => readRegistryKey('HKLM', POLICY_REGISTRY_KEY));
    assert.equal(first.state === 'values' && first.values[0]?.name, 'autoSync');
    assert.deepEqual(second, first);
    assert.deepEqual(
      twice(() => loadManagedPolicy('win32', windowsProgramData).values),
      [{ autoSync: false }, { autoSync: false }],
    );
  });

  it('the machine id (RegEnumValueW on HKLM)', () => {
    const [first, second] = twice(() => systemMachineIdSources().windowsMachineGuid());
    assert.match(first ?? '', /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    assert.equal(second, first);
  });

  it('windowsFileSecurity and descriptorSecurity (GetNamedSecurityInfoW, GetSecurityDescriptorOwner and Dacl)', () => {
    const [first, second] = twice(() => windowsFileSecurity()('C:\\windows'));
    assert.match(first.ownerSid, /^S-1-5-21-/);
    assert.deepEqual(second, first);
    const descriptor = descriptorFromSddl('O:SYG:SYD:P(A;;FA;;;SY)');
    try {
      assert.deepEqual(twice(() => descriptorSecurity(descriptor).ownerSid), ['S-1-5-18', 'S-1-5-18']);
    } finally {
      win32.localFree(descriptor);
    }
  });

  it('windowsFocus and focusNow (GetForegroundWindow, QueryFullProcessImageNameW), each made twice', async () => {
    notepad.setTitle('twice');
    await notepad.toFront();
    for (const focus of [...twice(() => windowsFocus(koffi)()), ...twice(focusNow)]) {
      assert.equal(focus.kind === 'window' && `${focus.window.title} ${focus.window.pid}`, `twice ${notepad.pid}`);
    }
  });

  it('windowsTypist and typistHere (SendInput), each made twice', async () => {
    notepad.setText('');
    await notepad.toFront();
    const [first, second] = twice(() => windowsTypist(koffi));
    await first.character('a');
    await second.character('b');
    for (const typist of twice(typistHere)) await typist!.character('c');
    assert.equal(await notepad.textBecomes('abcc'), 'abcc');
  });

  it('clipboardHeld (CountClipboardFormats)', () => {
    putOnClipboard({ text: 'twice' });
    assert.deepEqual(twice(clipboardHeld), [true, true]);
    putOnClipboard({});
    assert.deepEqual(twice(clipboardHeld), [false, false]);
  });
});
