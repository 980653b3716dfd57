/**
 * Who owns a file or folder on Windows and who may change it, as Windows keeps it: the owner
 * SID and the access list of its security descriptor (GetNamedSecurityInfoW), and whether it is
 * a reparse point (GetFileAttributesW), through koffi. The bytes are read here and decided on in
 * windows-admin-only.ts. Written against the Win32 documentation; loaded only on Windows, and
 * not run on this project's Linux machines.
 */
import { createRequire } from 'node:module';
import type * as Koffi from 'koffi';
import { FILE_ATTRIBUTE_REPARSE_POINT, accessEntries, sidLength, sidString, type WindowsSecurity } from './windows-admin-only';

const loadCommonJs = createRequire(import.meta.url);

const SE_FILE_OBJECT = 1;
const OWNER_SECURITY_INFORMATION = 0x1;
const DACL_SECURITY_INFORMATION = 0x4;
const INVALID_FILE_ATTRIBUTES = 0xffff_ffff;

/** Reads a path's owner, access list and reparse attribute; throws when Windows cannot say. */
export function windowsFileSecurity(): (path: string) => WindowsSecurity {
  const koffi = loadCommonJs('koffi') as typeof Koffi;
  const advapi32 = koffi.load('advapi32.dll');
  const kernel32 = koffi.load('kernel32.dll');
  const getNamedSecurityInfo = advapi32.func(
    'uint32_t __stdcall GetNamedSecurityInfoW(str16 name, int type, uint32_t info, _Out_ void **owner, _Out_ void **group, _Out_ void **dacl, _Out_ void **sacl, _Out_ void **descriptor)',
  );
  const getFileAttributes = kernel32.func('uint32_t __stdcall GetFileAttributesW(str16 name)');
  const getLastError = kernel32.func('uint32_t __stdcall GetLastError()');
  const localFree = kernel32.func('void * __stdcall LocalFree(void *memory)');
  const bytesAt = (pointer: unknown, length: number): Buffer => Buffer.from(Array.from(koffi.decode(pointer, 'uint8', length) as ArrayLike<number>));

  return (path) => {
    const attributes = getFileAttributes(path) as number;
    if (attributes >>> 0 === INVALID_FILE_ATTRIBUTES) throw new Error(`Windows error ${getLastError() as number}`);
    const [owner, group, dacl, sacl, descriptor] = [[null], [null], [null], [null], [null]] as unknown[][];
    const status = getNamedSecurityInfo(path, SE_FILE_OBJECT, OWNER_SECURITY_INFORMATION | DACL_SECURITY_INFORMATION, owner, group, dacl, sacl, descriptor) as number;
    if (status !== 0) throw new Error(`Windows error ${status}`);
    try {
      if (!owner![0]) throw new Error('no owner');
      // A SID's length is in its second byte; an ACL's in its header.
      const ownerSid = sidString(bytesAt(owner![0], sidLength(bytesAt(owner![0], 8))));
      const access = dacl![0] ? accessEntries(bytesAt(dacl![0], bytesAt(dacl![0], 8).readUInt16LE(2))) : null;
      return { ownerSid, access, reparsePoint: (attributes & FILE_ATTRIBUTE_REPARSE_POINT) !== 0 };
    } finally {
      localFree(descriptor![0]);
    }
  };
}
