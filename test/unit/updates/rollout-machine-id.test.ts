import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataFolderMachineId, osMachineId, platformUuidOf, rolloutMachineId, type MachineIdSources } from '../../../main/updates/rollout-machine-id';
import { tempFolder } from '../../support/temp-folder';

/** What `ioreg -rd1 -c IOPlatformExpertDevice` prints on a Mac (serial and UUID made up). */
const IOREG = `+-o J314sAP  <class IOPlatformExpertDevice, id 0x100000210, registered, matched, active, busy 0 (146 ms), retain 37>
    {
      "IOPolledInterface" = "AppleARMWatchdogTimerHibernateHandler is not serializable"
      "#address-cells" = <02000000>
      "IOPlatformSerialNumber" = "X0X0X0X0X0"
      "IOPlatformUUID" = "5E4C1A2B-3D4E-4F5A-8B9C-0D1E2F3A4B5C"
      "model" = <"MacBookPro18,3">
    }
`;

function sources(overrides: Partial<MachineIdSources>): MachineIdSources {
  return {
    platform: 'linux',
    readFile: () => {
      throw Object.assign(new Error('absent'), { code: 'ENOENT' });
    },
    platformExpertDevice: () => {
      throw new Error('no ioreg here');
    },
    windowsMachineGuid: () => null,
    ...overrides,
  };
}

describe('osMachineId', () => {
  it("reads Linux's /etc/machine-id, else D-Bus's copy", () => {
    expect(osMachineId(sources({ readFile: (path) => (path === '/etc/machine-id' ? '4c4c4544004d3910804fb4c04f4e3232\n' : '') }))).toBe('4c4c4544004d3910804fb4c04f4e3232');
    expect(osMachineId(sources({ readFile: (path) => (path === '/var/lib/dbus/machine-id' ? '0a1b2c3d4e5f60718293a4b5c6d7e8f9\n' : 'uninitialized\n') }))).toBe(
      '0a1b2c3d4e5f60718293a4b5c6d7e8f9',
    );
  });

  it('takes no id from a cloned image that has none yet (empty, "uninitialized", zeros)', () => {
    for (const text of ['', 'uninitialized\n', '00000000000000000000000000000000\n']) expect(osMachineId(sources({ readFile: () => text }))).toBeNull();
  });

  it("reads macOS's IOPlatformUUID from ioreg", () => {
    expect(platformUuidOf(IOREG)).toBe('5e4c1a2b-3d4e-4f5a-8b9c-0d1e2f3a4b5c');
    expect(osMachineId(sources({ platform: 'darwin', platformExpertDevice: () => IOREG }))).toBe('5e4c1a2b-3d4e-4f5a-8b9c-0d1e2f3a4b5c');
    expect(osMachineId(sources({ platform: 'darwin' }))).toBeNull();
  });

  it("reads Windows's MachineGuid", () => {
    expect(osMachineId(sources({ platform: 'win32', windowsMachineGuid: () => '9F1C2D3E-4A5B-4C6D-8E7F-0A1B2C3D4E5F' }))).toBe('9f1c2d3e-4a5b-4c6d-8e7f-0a1b2c3d4e5f');
    expect(osMachineId(sources({ platform: 'win32', windowsMachineGuid: () => 'not a guid' }))).toBeNull();
  });
});

describe('rolloutMachineId', () => {
  it("uses the OS's id where there is one, and writes nothing", () => {
    const userData = tempFolder();
    expect(rolloutMachineId(sources({ readFile: () => '4c4c4544004d3910804fb4c04f4e3232' }), userData)).toBe('4c4c4544004d3910804fb4c04f4e3232');
    expect(() => readFileSync(join(userData, 'update-rollout-id'))).toThrow();
  });

  it('else makes a random id once and keeps it in the data folder', () => {
    const userData = tempFolder();
    const first = rolloutMachineId(sources({}), userData);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(readFileSync(join(userData, 'update-rollout-id'), 'utf8').trim()).toBe(first);
    expect(rolloutMachineId(sources({}), userData)).toBe(first);
    expect(dataFolderMachineId(tempFolder())).not.toBe(first);
  });
});
