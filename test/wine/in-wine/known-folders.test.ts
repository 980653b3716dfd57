/**
 * The machine's ProgramData folder, asked of Windows (SHGetKnownFolderPath) and never taken
 * from %ProgramData%, which a user sets for the programs they start: where the machine keeps
 * it, moved or not, and what happens when Windows cannot say.
 */
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, describe, it } from 'node:test';
import { machinePolicyPath } from '../../../main/settings/policy';
import { windowsProgramData } from '../../../main/settings/windows-program-data';
import { sz } from '../../fixtures/policy/clinic-policy-registry';
import { writeRegistry } from '../support/registry-edit';

/** Where Windows' shell reads the machine's ProgramData folder (FOLDERID_ProgramData, "Common AppData"). */
const SHELL_FOLDERS = 'Software\\Microsoft\\Windows\\CurrentVersion\\Explorer\\User Shell Folders';
const moveProgramData = (to: string) => writeRegistry('HKLM', SHELL_FOLDERS, [{ ...sz('Common AppData', to), type: 2 }]);

describe('windowsProgramData', () => {
  const userSet = process.env.ProgramData;
  after(() => {
    process.env.ProgramData = userSet;
    moveProgramData('%ProgramData%');
  });

  it("is where the machine keeps ProgramData, moved or not, whatever a user's %ProgramData% says (asked again at each call)", () => {
    assert.equal(windowsProgramData(), 'C:\\ProgramData');
    process.env.ProgramData = 'C:\\users\\Public\\planted';
    assert.equal(windowsProgramData(), 'C:\\ProgramData');
    mkdirSync('C:\\ClinicData', { recursive: true });
    moveProgramData('C:\\ClinicData');
    assert.equal(windowsProgramData(), 'C:\\ClinicData');
    assert.equal(machinePolicyPath('win32', windowsProgramData), 'C:\\ClinicData\\ScribeDesk\\policy.json');
  });

  it('bad input: a ProgramData folder that is not there throws, naming what Windows said', () => {
    moveProgramData('Q:\\Gone');
    assert.throws(() => windowsProgramData(), /SHGetKnownFolderPath failed \(HRESULT 0x80070003\)/);
  });
});
