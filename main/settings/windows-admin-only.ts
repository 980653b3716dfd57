/**
 * Whether only an administrator could have written the machine policy on Windows, from what
 * Windows says of the file and of its folder (`C:\ProgramData\ScribeDesk`): each must be owned
 * by Administrators, SYSTEM or TrustedInstaller, grant no one else a right to write, delete or
 * change its permissions or owner, and be no reparse point (a junction or link to elsewhere).
 * Standard users may create folders under ProgramData, so a folder the installer did not make
 * may be theirs. The security descriptor's owner SID and access list arrive as the bytes
 * Windows keeps them in (windows-file-security.ts reads them); reading those bytes and the
 * decision are here, pure.
 */

/** An access list entry as the decision needs it. */
export interface AccessEntry {
  kind: 'allow' | 'deny' | 'other';
  /** INHERIT_ONLY_ACE: it applies to what is created inside, not to this file or folder. */
  inheritOnly: boolean;
  mask: number;
  sid: string;
}

export interface WindowsSecurity {
  ownerSid: string;
  /** null: a NULL DACL, which lets everyone do everything. */
  access: AccessEntry[] | null;
  /** FILE_ATTRIBUTE_REPARSE_POINT: a junction, symbolic link or mount point. */
  reparsePoint: boolean;
}

/** SYSTEM, Administrators, TrustedInstaller. */
const ADMINISTRATORS = new Set(['S-1-5-18', 'S-1-5-32-544', 'S-1-5-80-956008885-3418522649-1831038044-1853292631-2271478464']);
/** CREATOR OWNER and CREATOR GROUP stand for whoever creates something inside; OWNER RIGHTS for the owner (an administrator here). No token holds them. */
const PLACEHOLDERS = new Set(['S-1-3-0', 'S-1-3-1', 'S-1-3-4']);
const NAMES: Record<string, string> = {
  'S-1-1-0': 'Everyone',
  'S-1-5-11': 'Authenticated Users',
  'S-1-5-32-545': 'Users',
  'S-1-5-32-546': 'Guests',
  'S-1-5-4': 'Interactive users',
  'S-1-5-18': 'SYSTEM',
  'S-1-5-32-544': 'Administrators',
};

/** Rights that change what the file says or who may: write, append (add a file or folder), delete, delete inside, change the permissions or the owner, generic write or all. */
const WRITE_RIGHTS = 0x2 | 0x4 | 0x40 | 0x1_0000 | 0x4_0000 | 0x8_0000 | 0x1000_0000 | 0x4000_0000;
const INHERIT_ONLY = 0x08;
/** Entry types whose SID follows the mask (allowed, denied, and their callback forms). */
const PLAIN_TYPES: Record<number, 'allow' | 'deny'> = { 0x00: 'allow', 0x01: 'deny', 0x09: 'allow', 0x0a: 'deny' };
/** Object entry types: flags and GUIDs come between the mask and the SID. */
const OBJECT_TYPES: Record<number, 'allow' | 'deny'> = { 0x05: 'allow', 0x06: 'deny', 0x0b: 'allow', 0x0c: 'deny' };

export const FILE_ATTRIBUTE_REPARSE_POINT = 0x400;

/** A SID's bytes (revision, count, 48-bit authority, 32-bit sub-authorities) as its string: S-1-5-32-544. */
export function sidString(bytes: Buffer): string {
  if (bytes.length < 8 || bytes[0] !== 1) throw new Error('not a SID');
  const count = bytes[1]!;
  if (bytes.length < 8 + 4 * count) throw new Error('a SID cut short');
  const authority = bytes.readUIntBE(2, 6);
  const subs = Array.from({ length: count }, (_, index) => bytes.readUInt32LE(8 + 4 * index));
  return ['S', 1, authority, ...subs].join('-');
}

/** The length of the SID at the start of `bytes`. */
export function sidLength(bytes: Buffer): number {
  return 8 + 4 * (bytes[1] ?? 0);
}

/** An ACL's bytes (its header gives its size and how many entries follow) as entries. */
export function accessEntries(acl: Buffer): AccessEntry[] {
  if (acl.length < 8) throw new Error('an ACL cut short');
  const size = acl.readUInt16LE(2);
  const count = acl.readUInt16LE(4);
  const entries: AccessEntry[] = [];
  let offset = 8;
  for (let index = 0; index < count; index += 1) {
    if (offset + 4 > size || size > acl.length) throw new Error('an ACL cut short');
    const type = acl[offset]!;
    const flags = acl[offset + 1]!;
    const length = acl.readUInt16LE(offset + 2);
    if (length < 8 || offset + length > size) throw new Error('an ACL entry cut short');
    const entry = acl.subarray(offset, offset + length);
    const mask = entry.readUInt32LE(4);
    const inheritOnly = (flags & INHERIT_ONLY) !== 0;
    const plain = PLAIN_TYPES[type];
    const object = OBJECT_TYPES[type];
    if (plain) entries.push({ kind: plain, inheritOnly, mask, sid: sidString(entry.subarray(8)) });
    else if (object) entries.push({ kind: object, inheritOnly, mask, sid: sidString(entry.subarray(objectSidOffset(entry))) });
    else entries.push({ kind: 'other', inheritOnly, mask, sid: '' });
    offset += length;
  }
  return entries;
}

/** An object entry: the mask, its flags, then one or two GUIDs as the flags say, then the SID. */
function objectSidOffset(entry: Buffer): number {
  const flags = entry.readUInt32LE(8);
  return 12 + ((flags & 0x1) !== 0 ? 16 : 0) + ((flags & 0x2) !== 0 ? 16 : 0);
}

const nameOf = (sid: string) => (NAMES[sid] ? `${NAMES[sid]} (${sid})` : sid);

/** Why someone who is not an administrator could change `what` (the file or its folder), or null. */
export function windowsAdminOnlyProblem(what: string, security: WindowsSecurity): string | null {
  if (security.reparsePoint) return `${what} is a link to somewhere else (a reparse point)`;
  if (!ADMINISTRATORS.has(security.ownerSid)) return `${what} is owned by ${nameOf(security.ownerSid)}, not by Administrators or SYSTEM`;
  if (security.access === null) return `${what} has no access list, so every user may change it`;
  for (const entry of security.access) {
    if (entry.kind !== 'allow' || entry.inheritOnly || (entry.mask & WRITE_RIGHTS) === 0) continue;
    if (ADMINISTRATORS.has(entry.sid) || PLACEHOLDERS.has(entry.sid)) continue;
    return `${what} lets ${nameOf(entry.sid)} change it`;
  }
  return null;
}

/** The words a refused policy is reported with on Windows. */
export function windowsNotAdminOnlyReason(problem: string): string {
  return `a user who is not an administrator could have written it (${problem}); only a file and folder that Administrators own and only administrators may change are used (the installer makes the folder so)`;
}
