/**
 * Registry values written as an administrator's tool writes them: a .reg file imported by
 * Windows' own `reg import` (each value as `hex(type):` bytes, so any type and any bytes), and
 * keys removed the same way (`[-key]`), several in one import.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RegistryValue } from '../../../main/settings/registry-values';

export type Hive = 'HKLM' | 'HKCU';
const HIVE_NAMES: Record<Hive, string> = { HKLM: 'HKEY_LOCAL_MACHINE', HKCU: 'HKEY_CURRENT_USER' };

const hexBytes = (data: Uint8Array) => Array.from(data, (byte) => byte.toString(16).padStart(2, '0')).join(',');
const quoted = (name: string) => `"${name.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/** Imports the lines of a .reg file (UTF-16 with its byte order mark, as regedit writes it). */
function importRegistry(lines: string[]): void {
  const folder = mkdtempSync(join(tmpdir(), 'scribe-reg-'));
  try {
    const file = join(folder, 'lines.reg');
    writeFileSync(file, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(['Windows Registry Editor Version 5.00', '', ...lines, ''].join('\r\n'), 'utf16le')]));
    execFileSync('reg.exe', ['import', file], { stdio: 'ignore' });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Writes `values` under `hive\key` (made when missing), leaving its other values. */
export function writeRegistry(hive: Hive, key: string, values: readonly RegistryValue[]): void {
  importRegistry([`[${HIVE_NAMES[hive]}\\${key}]`, ...values.map((value) => `${quoted(value.name)}=hex(${value.type.toString(16)}):${hexBytes(value.data)}`)]);
}

/** Makes `hive\key` as `reg add` does: with its (Default) value, empty. */
export function keyByRegAdd(hive: Hive, key: string): void {
  execFileSync('reg.exe', ['add', `${hive}\\${key}`, '/f'], { stdio: 'ignore' });
}

/** Removes each key and everything under it; a key that is not there is fine. */
export function deleteKeys(keys: ReadonlyArray<[Hive, string]>): void {
  importRegistry(keys.map(([hive, key]) => `[-${HIVE_NAMES[hive]}\\${key}]`));
}
