/**
 * Issue 45.1 on Windows: `C:\ProgramData\ScribeDesk` and its policy.json are used only when
 * Administrators (or SYSTEM, TrustedInstaller) own them and no one else may change them.
 * Here the security descriptors are built as bytes in the layout GetNamedSecurityInfoW hands
 * over (a SID: revision, count, authority, sub-authorities; an ACL: its header, then ACE
 * headers, masks and SIDs), and read and decided on by the same code the app runs on Windows;
 * the Windows lane reads descriptors Windows itself builds from SDDL through
 * windows-file-security.ts (test/wine/in-wine/security-descriptors.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { accessEntries, sidString, windowsAdminOnlyProblem, windowsNotAdminOnlyReason, type WindowsSecurity } from '../../../main/settings/windows-admin-only';

/** A SID as Windows keeps it: S-1-5-32-544 → 01 02 000000000005 20000000 20020000. */
function sid(text: string): Buffer {
  const [, , authority, ...subs] = text.split('-').map(Number) as [number, number, number, ...number[]];
  const bytes = Buffer.alloc(8 + 4 * subs.length);
  bytes[0] = 1;
  bytes[1] = subs.length;
  bytes.writeUIntBE(authority, 2, 6);
  subs.forEach((sub, index) => bytes.writeUInt32LE(sub, 8 + 4 * index));
  return bytes;
}

const OI = 0x01;
const CI = 0x02;
const IO = 0x08;
const FULL_CONTROL = 0x1f01ff;
const READ_EXECUTE = 0x1200a9;
/** What ProgramData gives Users on what is made inside it: write data, append data, write attributes (icacls: (CI)(WD,AD,WEA,WA)). */
const PROGRAMDATA_USERS_ADD = 0x116;

type Ace = { type?: number; flags?: number; mask: number; sid: string; objectFlags?: number };

function ace({ type = 0, flags = 0, mask, sid: who, objectFlags }: Ace): Buffer {
  const guids = objectFlags === undefined ? null : Buffer.concat([Buffer.alloc(4), ...[1, 2].filter((bit) => (objectFlags & bit) !== 0).map(() => Buffer.alloc(16, 0xab))]);
  if (guids) guids.writeUInt32LE(objectFlags!, 0);
  const body = Buffer.concat([Buffer.alloc(4), ...(guids ? [guids] : []), sid(who)]);
  body.writeUInt32LE(mask >>> 0, 0);
  const header = Buffer.from([type, flags, 0, 0]);
  header.writeUInt16LE(4 + body.length, 2);
  return Buffer.concat([header, body]);
}

function acl(...aces: Ace[]): Buffer {
  const entries = aces.map(ace);
  const header = Buffer.from([2, 0, 0, 0, 0, 0, 0, 0]);
  header.writeUInt16LE(8 + entries.reduce((sum, entry) => sum + entry.length, 0), 2);
  header.writeUInt16LE(entries.length, 4);
  return Buffer.concat([header, ...entries]);
}

const SYSTEM = 'S-1-5-18';
const ADMINISTRATORS = 'S-1-5-32-544';
const USERS = 'S-1-5-32-545';
const CREATOR_OWNER = 'S-1-3-0';
const A_CLINIC_USER = 'S-1-5-21-3623811015-3361044348-30300820-1013';

/** What GetNamedSecurityInfoW and GetFileAttributesW say, read as the app reads them. */
const described = (owner: string, dacl: Buffer | null, reparsePoint = false): WindowsSecurity => ({
  ownerSid: sidString(sid(owner)),
  access: dacl ? accessEntries(dacl) : null,
  reparsePoint,
});

/** The folder as the installers make it (icacls /inheritance:r, Administrators as owner; MsiLockPermissionsEx the same). */
const INSTALLED = acl(
  { flags: OI | CI, mask: FULL_CONTROL, sid: SYSTEM },
  { flags: OI | CI, mask: FULL_CONTROL, sid: ADMINISTRATORS },
  { flags: OI | CI, mask: READ_EXECUTE, sid: USERS },
);

describe('the Windows machine policy folder and file', () => {
  it('reads SIDs and access lists in the layout Windows keeps them', () => {
    expect(sidString(sid(ADMINISTRATORS))).toBe('S-1-5-32-544');
    expect(sidString(Buffer.from('010500000000000515000000c774fdd77cfe51c894557301f5030000', 'hex'))).toBe('S-1-5-21-3623711943-3360816764-24335764-1013');
    expect(accessEntries(INSTALLED)).toEqual([
      { kind: 'allow', inheritOnly: false, mask: FULL_CONTROL, sid: SYSTEM },
      { kind: 'allow', inheritOnly: false, mask: FULL_CONTROL, sid: ADMINISTRATORS },
      { kind: 'allow', inheritOnly: false, mask: READ_EXECUTE, sid: USERS },
    ]);
    // An object entry (flags and a GUID before the SID) and a denied one are read too.
    expect(accessEntries(acl({ type: 0x05, mask: 0x2, sid: USERS, objectFlags: 1 }, { type: 0x01, mask: FULL_CONTROL, sid: USERS }))).toEqual([
      { kind: 'allow', inheritOnly: false, mask: 0x2, sid: USERS },
      { kind: 'deny', inheritOnly: false, mask: FULL_CONTROL, sid: USERS },
    ]);
    expect(() => accessEntries(INSTALLED.subarray(0, 20))).toThrow(/cut short/);
  });

  it('takes the folder and file the installers make: Administrators own them, only administrators may change them', () => {
    expect(windowsAdminOnlyProblem('the folder C:\\ProgramData\\ScribeDesk', described(ADMINISTRATORS, INSTALLED))).toBeNull();
    expect(windowsAdminOnlyProblem('the file C:\\ProgramData\\ScribeDesk\\policy.json', described(SYSTEM, INSTALLED))).toBeNull();
  });

  it('refuses a folder a standard user made under ProgramData before any installer (theirs, and open to every user)', () => {
    const inherited = acl(
      { flags: OI | CI, mask: FULL_CONTROL, sid: SYSTEM },
      { flags: OI | CI, mask: FULL_CONTROL, sid: ADMINISTRATORS },
      { flags: OI | CI | IO, mask: FULL_CONTROL, sid: CREATOR_OWNER },
      { flags: OI | CI, mask: READ_EXECUTE, sid: USERS },
      { flags: CI, mask: PROGRAMDATA_USERS_ADD, sid: USERS },
    );
    expect(windowsAdminOnlyProblem('the folder C:\\ProgramData\\ScribeDesk', described(A_CLINIC_USER, inherited))).toBe(
      `the folder C:\\ProgramData\\ScribeDesk is owned by ${A_CLINIC_USER}, not by Administrators or SYSTEM`,
    );
    // Made by an administrator without the installer, it still lets every user add files: refused too.
    expect(windowsAdminOnlyProblem('the folder C:\\ProgramData\\ScribeDesk', described(ADMINISTRATORS, inherited))).toBe(
      'the folder C:\\ProgramData\\ScribeDesk lets Users (S-1-5-32-545) change it',
    );
  });

  it('refuses a file others may write, one with no access list, and a link to elsewhere; what applies only inside, and denials, do not open it', () => {
    const everyoneWrites = acl({ mask: FULL_CONTROL, sid: ADMINISTRATORS }, { mask: 0x40000000, sid: 'S-1-1-0' });
    expect(windowsAdminOnlyProblem('the file policy.json', described(ADMINISTRATORS, everyoneWrites))).toBe('the file policy.json lets Everyone (S-1-1-0) change it');
    expect(windowsAdminOnlyProblem('the file policy.json', described(ADMINISTRATORS, acl({ mask: 0x40000, sid: A_CLINIC_USER })))).toBe(`the file policy.json lets ${A_CLINIC_USER} change it`);
    expect(windowsAdminOnlyProblem('the file policy.json', described(ADMINISTRATORS, null))).toBe('the file policy.json has no access list, so every user may change it');
    expect(windowsAdminOnlyProblem('the folder ScribeDesk', described(ADMINISTRATORS, INSTALLED, true))).toBe('the folder ScribeDesk is a link to somewhere else (a reparse point)');
    const insideOnly = acl({ mask: FULL_CONTROL, sid: ADMINISTRATORS }, { flags: OI | IO, mask: FULL_CONTROL, sid: USERS }, { type: 0x01, mask: FULL_CONTROL, sid: USERS });
    expect(windowsAdminOnlyProblem('the folder ScribeDesk', described(ADMINISTRATORS, insideOnly))).toBeNull();
  });

  it('says what is wrong in words for the screen and the log', () => {
    expect(windowsNotAdminOnlyReason('the folder C:\\ProgramData\\ScribeDesk lets Users (S-1-5-32-545) change it')).toBe(
      'a user who is not an administrator could have written it (the folder C:\\ProgramData\\ScribeDesk lets Users (S-1-5-32-545) change it); only a file and folder that Administrators own and only administrators may change are used (the installer makes the folder so)',
    );
  });
});
