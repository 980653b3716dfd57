/**
 * Windows registry values as the Win32 API hands them over (a name, a type number and the raw
 * bytes: UTF-16LE strings ending in NUL, little-endian DWORDs), turned into what they hold.
 * Pure, so that it is tested here with the exact bytes Windows stores.
 */

/** A value as RegEnumValueW returns it. */
export interface RegistryValue {
  name: string;
  type: number;
  data: Uint8Array;
}

/** winnt.h */
export const REG_SZ = 1;
export const REG_EXPAND_SZ = 2;
export const REG_BINARY = 3;
export const REG_DWORD = 4;
export const REG_MULTI_SZ = 7;
export const REG_QWORD = 11;

const TYPE_NAMES: Record<number, string> = {
  0: 'REG_NONE',
  [REG_SZ]: 'REG_SZ',
  [REG_EXPAND_SZ]: 'REG_EXPAND_SZ',
  [REG_BINARY]: 'REG_BINARY',
  [REG_DWORD]: 'REG_DWORD',
  5: 'REG_DWORD_BIG_ENDIAN',
  6: 'REG_LINK',
  [REG_MULTI_SZ]: 'REG_MULTI_SZ',
  [REG_QWORD]: 'REG_QWORD',
};

export function registryTypeName(type: number): string {
  return TYPE_NAMES[type] ?? `registry type ${type}`;
}

export type DecodedRegistryValue =
  | { kind: 'text'; value: string }
  | { kind: 'number'; value: number }
  | { kind: 'list'; value: string[] }
  /** A type the policy never uses (REG_EXPAND_SZ is one: the app expands no variables a user can set). */
  | { kind: 'other'; typeName: string };

function utf16(data: Uint8Array): string {
  return Buffer.from(data.buffer, data.byteOffset, data.byteLength - (data.byteLength % 2)).toString('utf16le');
}

/** The value's content. Strings lose their terminating NULs; a list is REG_MULTI_SZ's NUL-separated strings. */
export function decodeRegistryValue(value: RegistryValue): DecodedRegistryValue {
  const bytes = Buffer.from(value.data.buffer, value.data.byteOffset, value.data.byteLength);
  switch (value.type) {
    case REG_SZ:
      return { kind: 'text', value: utf16(value.data).replace(/\0+$/, '') };
    case REG_DWORD:
      return bytes.length >= 4 ? { kind: 'number', value: bytes.readUInt32LE(0) } : { kind: 'other', typeName: 'REG_DWORD' };
    case REG_QWORD: {
      const wide = bytes.length >= 8 ? bytes.readBigUInt64LE(0) : null;
      return wide !== null && wide <= BigInt(Number.MAX_SAFE_INTEGER) ? { kind: 'number', value: Number(wide) } : { kind: 'other', typeName: 'REG_QWORD' };
    }
    case REG_MULTI_SZ: {
      // "a\0b\0\0": the list ends at the first empty string.
      const text = utf16(value.data);
      const end = text.indexOf('\0\0');
      const body = (end === -1 ? text : text.slice(0, end)).replace(/\0$/, '');
      return { kind: 'list', value: body === '' ? [] : body.split('\0') };
    }
    default:
      return { kind: 'other', typeName: registryTypeName(value.type) };
  }
}
