/**
 * The id a staged rollout decides by: the operating system's id of this machine (Linux
 * /etc/machine-id, macOS IOPlatformUUID, Windows MachineGuid), so that every user of a
 * machine, and a new data folder, get the same decision; where the OS has none, a random id
 * kept in the data folder. It never leaves the machine and is never logged: only its hash
 * with a version is used (staged-rollout.ts).
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeRegistryValue } from '../settings/registry-values';
import { readRegistryKey } from '../settings/windows-registry';
import { writeFileAtomic } from '../storage/atomic-file';

export interface MachineIdSources {
  platform: NodeJS.Platform;
  /** A file's text; throws when it cannot be read. */
  readFile(path: string): string;
  /** `ioreg -rd1 -c IOPlatformExpertDevice` (macOS); throws when it cannot be run. */
  platformExpertDevice(): string;
  /** HKLM\SOFTWARE\Microsoft\Cryptography MachineGuid (Windows), or null. */
  windowsMachineGuid(): string | null;
}

const LINUX_MACHINE_ID_FILES = ['/etc/machine-id', '/var/lib/dbus/machine-id'];
const HEX_ID = /^[0-9a-f]{32}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** What a freshly cloned image may hold before its first boot: no id of this machine. */
const NO_ID = /^0+$/;

/** IOPlatformUUID in ioreg's text, or null. */
export function platformUuidOf(ioregText: string): string | null {
  const uuid = /"IOPlatformUUID"\s*=\s*"([^"]+)"/.exec(ioregText)?.[1] ?? null;
  return uuid !== null && UUID.test(uuid) ? uuid.toLowerCase() : null;
}

function firstOf<T>(attempts: Array<() => T | null>): T | null {
  for (const attempt of attempts) {
    try {
      const value = attempt();
      if (value !== null) return value;
    } catch {
      // This source is not there; the next one may be.
    }
  }
  return null;
}

/** The OS's id of this machine, or null where it has none that can be read. */
export function osMachineId(sources: MachineIdSources): string | null {
  switch (sources.platform) {
    case 'darwin':
      return firstOf([() => platformUuidOf(sources.platformExpertDevice())]);
    case 'win32':
      return firstOf([
        () => {
          const guid = sources.windowsMachineGuid()?.trim() ?? '';
          return UUID.test(guid) ? guid.toLowerCase() : null;
        },
      ]);
    default:
      return firstOf(
        LINUX_MACHINE_ID_FILES.map((file) => () => {
          const id = sources.readFile(file).trim().toLowerCase();
          return HEX_ID.test(id) && !NO_ID.test(id) ? id : null;
        }),
      );
  }
}

/** The id kept in the data folder for machines whose OS gives none: made once, then read. */
export function dataFolderMachineId(userData: string): string {
  const file = join(userData, 'update-rollout-id');
  try {
    const kept = readFileSync(file, 'utf8').trim();
    if (UUID.test(kept)) return kept;
  } catch {
    // None yet: made below.
  }
  const made = randomUUID();
  writeFileAtomic(file, `${made}\n`);
  return made;
}

function windowsMachineGuid(): string | null {
  const key = readRegistryKey('HKLM', 'SOFTWARE\\Microsoft\\Cryptography');
  const value = key.state === 'values' ? key.values.find((candidate) => candidate.name.toLowerCase() === 'machineguid') : undefined;
  const decoded = value ? decodeRegistryValue(value) : null;
  return decoded?.kind === 'text' ? decoded.value : null;
}

/** This computer's sources on the OS it runs on. */
export function systemMachineIdSources(): MachineIdSources {
  return {
    platform: process.platform,
    readFile: (path) => readFileSync(path, 'utf8'),
    platformExpertDevice: () => execFileSync('/usr/sbin/ioreg', ['-rd1', '-c', 'IOPlatformExpertDevice'], { encoding: 'utf8', timeout: 5_000 }),
    windowsMachineGuid,
  };
}

/** The staged-rollout id of this machine: the OS's, else the data folder's. */
export function rolloutMachineId(sources: MachineIdSources, userData: string): string {
  return osMachineId(sources) ?? dataFolderMachineId(userData);
}
