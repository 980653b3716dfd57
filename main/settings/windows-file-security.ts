/**
 * Who owns a file or folder on Windows and who may change it, as Windows keeps it: the owner
 * SID and the access list of its security descriptor (GetNamedSecurityInfoW, then
 * GetSecurityDescriptorOwner and GetSecurityDescriptorDacl), and whether it is a reparse point
 * (GetFileAttributesW), through koffi. The bytes are read here and decided on in
 * windows-admin-only.ts. Loaded only on Windows, once per process. The Windows lane runs it
 * against Wine's Win32 (test/wine/in-wine/security-descriptors.test.ts): Wine keeps no access
 * lists on files, so the descriptors there are made from the SDDL a real Windows gives.
 */
import { createRequire } from 'node:module';
import type * as Koffi from 'koffi';
import { FILE_ATTRIBUTE_REPARSE_POINT, accessEntries, sidLength, sidString, type WindowsSecurity } from './windows-admin-only';

const loadCommonJs = createRequire(import.meta.url);

const SE_FILE_OBJECT = 1;
const OWNER_SECURITY_INFORMATION = 0x1;
const DACL_SECURITY_INFORMATION = 0x4;
const INVALID_FILE_ATTRIBUTES = 0xffff_ffff;

type Call = (...args: unknown[]) => unknown;

interface SecurityApi {
  koffi: typeof Koffi;
  getNamedSecurityInfo: Call;
  getOwner: Call;
  getDacl: Call;
  getFileAttributes: Call;
  getLastError: Call;
  localFree: Call;
}

let api: SecurityApi | null = null;

function loadSecurityApi(): SecurityApi {
  const koffi = loadCommonJs('koffi') as typeof Koffi;
  const advapi32 = koffi.load('advapi32.dll');
  const kernel32 = koffi.load('kernel32.dll');
  return {
    koffi,
    getNamedSecurityInfo: advapi32.func(
      'uint32_t __stdcall GetNamedSecurityInfoW(str16 name, int type, uint32_t info, _Out_ void **owner, _Out_ void **group, _Out_ void **dacl, _Out_ void **sacl, _Out_ void **descriptor)',
    ),
    getOwner: advapi32.func('int __stdcall GetSecurityDescriptorOwner(void *descriptor, _Out_ void **owner, _Out_ int *defaulted)'),
    getDacl: advapi32.func('int __stdcall GetSecurityDescriptorDacl(void *descriptor, _Out_ int *present, _Out_ void **dacl, _Out_ int *defaulted)'),
    getFileAttributes: kernel32.func('uint32_t __stdcall GetFileAttributesW(str16 name)'),
    getLastError: kernel32.func('uint32_t __stdcall GetLastError()'),
    localFree: kernel32.func('void * __stdcall LocalFree(void *memory)'),
  };
}

/**
 * The owner and access list a security descriptor in memory holds (any form Windows hands
 * out: a file's, or one made from SDDL). A descriptor without a DACL is a NULL DACL (`access`
 * null: everyone may do everything). Throws when Windows cannot read it.
 */
export function descriptorSecurity(descriptor: unknown): Omit<WindowsSecurity, 'reparsePoint'> {
  api ??= loadSecurityApi();
  const { koffi } = api;
  const bytesAt = (pointer: unknown, length: number): Buffer => Buffer.from(Array.from(koffi.decode(pointer, 'uint8', length) as ArrayLike<number>));
  const owner: unknown[] = [null];
  if (!api.getOwner(descriptor, owner, [0]) || !owner[0]) throw new Error('no owner');
  const present = [0];
  const dacl: unknown[] = [null];
  if (!api.getDacl(descriptor, present, dacl, [0])) throw new Error('no access list could be read');
  // A SID's length is in its second byte; an ACL's in its header.
  const ownerSid = sidString(bytesAt(owner[0], sidLength(bytesAt(owner[0], 8))));
  const access = present[0] && dacl[0] ? accessEntries(bytesAt(dacl[0], bytesAt(dacl[0], 8).readUInt16LE(2))) : null;
  return { ownerSid, access };
}

/** Reads a path's owner, access list and reparse attribute; throws when Windows cannot say. */
export function windowsFileSecurity(): (path: string) => WindowsSecurity {
  api ??= loadSecurityApi();
  const { getFileAttributes, getLastError, getNamedSecurityInfo, localFree } = api;
  return (path) => {
    const attributes = getFileAttributes(path) as number;
    if (attributes >>> 0 === INVALID_FILE_ATTRIBUTES) throw new Error(`Windows error ${getLastError() as number}`);
    const descriptor: unknown[] = [null];
    const status = getNamedSecurityInfo(path, SE_FILE_OBJECT, OWNER_SECURITY_INFORMATION | DACL_SECURITY_INFORMATION, [null], [null], [null], [null], descriptor) as number;
    if (status !== 0) throw new Error(`Windows error ${status}`);
    try {
      return { ...descriptorSecurity(descriptor[0]), reparsePoint: (attributes & FILE_ATTRIBUTE_REPARSE_POINT) !== 0 };
    } finally {
      localFree(descriptor[0]);
    }
  };
}
