/**
 * Who may change the machine policy's folder and file (windows-file-security.ts, decided in
 * windows-admin-only.ts). Wine keeps no access lists on files (every file is its user's, with
 * an access list made from Unix permissions), so the owner and access-list decision is made on
 * security descriptors Windows itself builds from SDDL (ConvertStringSecurityDescriptorTo-
 * SecurityDescriptorW): the folder the installers make, ProgramData's own, a folder a user
 * made, one an administrator made by hand, a junction's, and broken ones. What Wine does keep
 * is tested on real paths: the reparse attribute of a link (planted by the lane, as Windows
 * programs under Wine cannot make one) and the policy refused through it.
 */
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { after, describe, it } from 'node:test';
import { loadManagedPolicy } from '../../../main/settings/policy-sources';
import { windowsAdminOnlyProblem } from '../../../main/settings/windows-admin-only';
import { descriptorSecurity, windowsFileSecurity } from '../../../main/settings/windows-file-security';
import { windowsProgramData } from '../../../main/settings/windows-program-data';
// @ts-expect-error: plain JavaScript, run by electron-builder as it is.
import * as msiHook from '../../../scripts/msi-policy-folder.mjs';
import { sz } from '../../fixtures/policy/clinic-policy-registry';
import { writeRegistry } from '../support/registry-edit';
import { descriptorFromSddl, win32 } from '../support/win32';

const { POLICY_FOLDER_SDDL } = msiHook as { POLICY_FOLDER_SDDL: string };
const USER = 'S-1-5-21-1004336348-1177238915-682003330-1001';
/** What a folder made under ProgramData inherits from it (Windows 10 and 11): Users may add files and folders. */
const FROM_PROGRAM_DATA = '(A;OICIIOID;GA;;;CO)(A;OICIID;FA;;;SY)(A;OICIID;FA;;;BA)(A;OICIID;0x1200a9;;;BU)(A;CIID;0x116;;;BU)';

/** The security Windows reads from the descriptor it builds for `sddl`. */
function securityOf(sddl: string, reparsePoint = false) {
  const descriptor = descriptorFromSddl(sddl);
  try {
    return { ...descriptorSecurity(descriptor), reparsePoint };
  } finally {
    win32.localFree(descriptor);
  }
}
const decision = (sddl: string, reparsePoint = false) => windowsAdminOnlyProblem('the folder', securityOf(sddl, reparsePoint));

describe('the owner and access-list decision, on descriptors Windows builds from SDDL', () => {
  it('takes the folder the installers make: Administrators own it, only administrators may change it', () => {
    assert.deepEqual(securityOf(POLICY_FOLDER_SDDL), {
      ownerSid: 'S-1-5-32-544',
      access: [
        { kind: 'allow', inheritOnly: false, mask: 0x1f01ff, sid: 'S-1-5-18' },
        { kind: 'allow', inheritOnly: false, mask: 0x1f01ff, sid: 'S-1-5-32-544' },
        { kind: 'allow', inheritOnly: false, mask: 0x1200a9, sid: 'S-1-5-32-545' },
      ],
      reparsePoint: false,
    });
    assert.equal(decision(POLICY_FOLDER_SDDL), null);
  });

  it("bad input: refuses ProgramData's own list, where Users may add files", () => {
    assert.equal(decision(`O:SYG:SYD:PAI(A;OICIIO;GA;;;CO)(A;OICI;FA;;;SY)(A;OICI;FA;;;BA)(A;OICI;0x1200a9;;;BU)(A;CI;0x116;;;BU)`), 'the folder lets Users (S-1-5-32-545) change it');
  });

  it('bad input: refuses a folder a user made under ProgramData, by its owner', () => {
    assert.equal(decision(`O:${USER}G:${USER}D:AI(A;ID;FA;;;${USER})${FROM_PROGRAM_DATA}`), `the folder is owned by ${USER}, not by Administrators or SYSTEM`);
  });

  it('bad input: refuses a folder an administrator made by hand, which still lets Users add files', () => {
    assert.equal(decision(`O:BAG:SYD:AI(A;ID;FA;;;BA)${FROM_PROGRAM_DATA}`), 'the folder lets Users (S-1-5-32-545) change it');
  });

  it('bad input: refuses a junction a user planted: as a link, and by its descriptor alone (its maker owns it) were the link not seen', () => {
    const junction = `O:${USER}G:${USER}D:AI(A;ID;FA;;;${USER})${FROM_PROGRAM_DATA}`;
    assert.equal(decision(junction, true), 'the folder is a link to somewhere else (a reparse point)');
    assert.equal(decision(junction, false), `the folder is owned by ${USER}, not by Administrators or SYSTEM`);
    assert.equal(decision(POLICY_FOLDER_SDDL, true), 'the folder is a link to somewhere else (a reparse point)');
  });

  it('bad input: refuses no access list at all, and a user given the right to change the owner or the list', () => {
    // No D: part: no DACL, which lets everyone do everything. (Wine builds NO_ACCESS_CONTROL as an empty list, where Windows builds a NULL DACL.)
    assert.equal(decision('O:BAG:SY'), 'the folder has no access list, so every user may change it');
    assert.equal(decision(`${POLICY_FOLDER_SDDL}(A;;WO;;;${USER})`), `the folder lets ${USER} change it`);
    assert.equal(decision(`${POLICY_FOLDER_SDDL}(A;;WD;;;AU)`), 'the folder lets Authenticated Users (S-1-5-11) change it');
  });

  it('leaves out what does not grant this folder a change: a deny, an entry for what is made inside only, a right to read', () => {
    // Object entries (OA) are not in Wine's SDDL: their bytes are decided on in test/unit/settings/windows-admin-only.test.ts.
    assert.equal(decision(`${POLICY_FOLDER_SDDL}(D;;FA;;;WD)(A;OICIIO;FA;;;BU)(A;;FR;;;WD)`), null);
    assert.equal(decision(`${POLICY_FOLDER_SDDL}(D;;FA;;;WD)(A;OICI;FW;;;BU)`), 'the folder lets Users (S-1-5-32-545) change it');
  });
});

describe('the machine policy on real paths, as Wine keeps them', () => {
  const SHELL_FOLDERS = 'Software\\Microsoft\\Windows\\CurrentVersion\\Explorer\\User Shell Folders';
  after(() => {
    writeRegistry('HKLM', SHELL_FOLDERS, [{ ...sz('Common AppData', '%ProgramData%'), type: 2 }]);
    rmSync('C:\\ProgramData\\ScribeDesk', { recursive: true, force: true });
  });

  it('bad input: refuses a policy in a folder its user made (Wine names the Unix user as every file’s owner)', () => {
    mkdirSync('C:\\ProgramData\\ScribeDesk', { recursive: true });
    writeFileSync('C:\\ProgramData\\ScribeDesk\\policy.json', JSON.stringify({ autoSync: false }));
    const security = windowsFileSecurity()('C:\\ProgramData\\ScribeDesk');
    assert.equal(security.reparsePoint, false);
    assert.match(security.ownerSid, /^S-1-5-21-/);
    const loaded = loadManagedPolicy('win32', windowsProgramData);
    assert.deepEqual(loaded.values, {});
    assert.match(loaded.error ?? '', /^The policy file C:\\ProgramData\\ScribeDesk\\policy\.json was ignored: a user who is not an administrator could have written it \(the folder C:\\ProgramData\\ScribeDesk is owned by S-1-5-21-/);
  });

  it('bad input: refuses a policy reached through a link planted as the policy folder', () => {
    // The lane planted C:\LinkedProgramData\ScribeDesk as a link to C:\users\Public\planted.
    writeFileSync('C:\\users\\Public\\planted\\policy.json', JSON.stringify({ autoSync: false }));
    assert.equal(windowsFileSecurity()('C:\\LinkedProgramData\\ScribeDesk').reparsePoint, true);
    writeRegistry('HKLM', SHELL_FOLDERS, [{ ...sz('Common AppData', 'C:\\LinkedProgramData'), type: 2 }]);
    const loaded = loadManagedPolicy('win32', windowsProgramData);
    assert.deepEqual(loaded.values, {});
    assert.match(loaded.error ?? '', /the folder C:\\LinkedProgramData\\ScribeDesk is a link to somewhere else \(a reparse point\)/);
  });
});
