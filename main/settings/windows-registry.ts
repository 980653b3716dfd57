/**
 * Reads the values of one registry key through the Win32 API (advapi32 RegEnumValueW, via
 * koffi), in-process: strings arrive as Windows holds them (UTF-16), where the text of
 * `reg query` through a pipe loses every character outside the console's code page, and no
 * program is looked up through variables a user can set. Loaded only on Windows.
 */
import { createRequire } from 'node:module';
import type * as Koffi from 'koffi';
import type { RegistryValue } from './registry-values';

const loadCommonJs = createRequire(import.meta.url);

/** The predefined keys, as the sign-extended handles winreg.h defines. */
const HIVES = { HKLM: -2147483646, HKCU: -2147483647 } as const;
export type RegistryHive = keyof typeof HIVES;

const KEY_READ = 0x20019;
/** The 64-bit view, where GPO and Intune write policies. */
const KEY_WOW64_64KEY = 0x0100;
const ERROR_SUCCESS = 0;
const ERROR_FILE_NOT_FOUND = 2;

export type RegistryKeyRead = { state: 'absent' } | { state: 'values'; values: RegistryValue[] } | { state: 'unreadable'; code: number };

let api: ReturnType<typeof loadAdvapi32> | null = null;

function loadAdvapi32() {
  const koffi = loadCommonJs('koffi') as typeof Koffi;
  const lib = koffi.load('advapi32.dll');
  return {
    open: lib.func('long __stdcall RegOpenKeyExW(intptr_t hKey, const char16_t *lpSubKey, uint32_t ulOptions, uint32_t samDesired, _Out_ intptr_t *phkResult)'),
    info: lib.func(
      'long __stdcall RegQueryInfoKeyW(intptr_t hKey, void *lpClass, void *lpcchClass, void *lpReserved, void *lpcSubKeys, void *lpcbMaxSubKeyLen, void *lpcbMaxClassLen, _Out_ uint32_t *lpcValues, _Out_ uint32_t *lpcbMaxValueNameLen, _Out_ uint32_t *lpcbMaxValueLen, void *lpcbSecurityDescriptor, void *lpftLastWriteTime)',
    ),
    enumValue: lib.func(
      'long __stdcall RegEnumValueW(intptr_t hKey, uint32_t dwIndex, void *lpValueName, _Inout_ uint32_t *lpcchValueName, void *lpReserved, _Out_ uint32_t *lpType, void *lpData, _Inout_ uint32_t *lpcbData)',
    ),
    close: lib.func('long __stdcall RegCloseKey(intptr_t hKey)'),
  };
}

/** Every value of `hive\subKey`; a key that does not exist is `absent`. */
export function readRegistryKey(hive: RegistryHive, subKey: string): RegistryKeyRead {
  api ??= loadAdvapi32();
  const handle: [number] = [0];
  const opened = api.open(HIVES[hive], subKey, 0, KEY_READ | KEY_WOW64_64KEY, handle) as number;
  if (opened === ERROR_FILE_NOT_FOUND) return { state: 'absent' };
  if (opened !== ERROR_SUCCESS) return { state: 'unreadable', code: opened };
  try {
    const count: [number] = [0];
    const maxName: [number] = [0];
    const maxData: [number] = [0];
    const queried = api.info(handle[0], null, null, null, null, null, null, count, maxName, maxData, null, null) as number;
    if (queried !== ERROR_SUCCESS) return { state: 'unreadable', code: queried };
    const values: RegistryValue[] = [];
    for (let index = 0; index < count[0]; index++) {
      const nameBuffer = Buffer.alloc((maxName[0] + 1) * 2);
      const dataBuffer = Buffer.alloc(Math.max(maxData[0], 1));
      const nameLength: [number] = [maxName[0] + 1];
      const dataLength: [number] = [dataBuffer.length];
      const type: [number] = [0];
      const read = api.enumValue(handle[0], index, nameBuffer, nameLength, null, type, dataBuffer, dataLength) as number;
      if (read !== ERROR_SUCCESS) return { state: 'unreadable', code: read };
      values.push({ name: nameBuffer.toString('utf16le', 0, nameLength[0] * 2), type: type[0], data: dataBuffer.subarray(0, dataLength[0]) });
    }
    return { state: 'values', values };
  } finally {
    api.close(handle[0]);
  }
}
