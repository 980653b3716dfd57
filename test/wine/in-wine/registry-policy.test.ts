/**
 * The administrator's policy in the registry, read by the app's own reader (RegEnumValueW
 * through koffi) from Windows' registry as Wine implements it, values written by `reg import`:
 * every value type with its bytes, the clinic policy as its JSON file has it, a missing key, a
 * key Group Policy emptied, a value too long, a value of the wrong type, and a user's key
 * (HKEY_CURRENT_USER) where the machine's (HKEY_LOCAL_MACHINE) is expected.
 */
import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import { loadPolicy } from '../../../main/settings/policy';
import { loadManagedPolicy } from '../../../main/settings/policy-sources';
import { POLICY_REGISTRY_KEY } from '../../../main/settings/registry-policy';
import { REG_BINARY, REG_EXPAND_SZ, REG_QWORD, REG_SZ, decodeRegistryValue, type RegistryValue } from '../../../main/settings/registry-values';
import { windowsProgramData } from '../../../main/settings/windows-program-data';
import { readRegistryKey } from '../../../main/settings/windows-registry';
import { systemMachineIdSources } from '../../../main/updates/rollout-machine-id';
import { CLINIC_POLICY_REGISTRY, dword, multiSz, sz } from '../../fixtures/policy/clinic-policy-registry';
import { checkoutPath } from '../support/lane-paths';
import { deleteKeys, keyByRegAdd, writeRegistry, type Hive } from '../support/registry-edit';

const LANE_KEY = 'Software\\ScribeDeskLaneTest';
const CRYPTOGRAPHY = 'SOFTWARE\\Microsoft\\Cryptography';
const machinePolicy = () => loadManagedPolicy('win32', windowsProgramData);
const typed = (name: string, type: number, data: Buffer): RegistryValue => ({ name, type, data });

const qword = (value: bigint) => {
  const data = Buffer.alloc(8);
  data.writeBigUInt64LE(value);
  return data;
};

/** The values as RegEnumValueW gave them, by name, with plain bytes (koffi hands Buffers over). */
function byName(read: ReturnType<typeof readRegistryKey>): Map<string, { type: number; data: string }> {
  assert.equal(read.state, 'values');
  return new Map((read.state === 'values' ? read.values : []).map((value) => [value.name, { type: value.type, data: Buffer.from(value.data).toString('hex') }]));
}

/** Each test starts with neither hive's policy key nor the lane's own key. */
function withoutKeys(): void {
  deleteKeys((['HKLM', 'HKCU'] as const).flatMap((hive) => [[hive, POLICY_REGISTRY_KEY] as [Hive, string], [hive, LANE_KEY] as [Hive, string]]));
}

describe('readRegistryKey, against the registry', () => {
  beforeEach(withoutKeys);

  it('reads back every value type with the bytes the registry keeps, names in any script', () => {
    const values = [
      sz('माइक्रोफ़ोन', 'Mikrofon (Realtek® Audio) — عيادة'),
      typed('expand', REG_EXPAND_SZ, Buffer.from('%ProgramData%\\ScribeDesk\0', 'utf16le')),
      typed('binary', REG_BINARY, Buffer.from([0, 1, 2, 0xfe, 0xff])),
      dword('dword', 0xdeadbeef),
      typed('qword', REG_QWORD, qword(2n ** 40n + 7n)),
      multiSz('multi', ['hi', 'en', 'ta']),
      typed('none', 0, Buffer.from([9, 9])),
      typed('empty', REG_SZ, Buffer.alloc(0)),
    ];
    writeRegistry('HKLM', LANE_KEY, values);
    const read = byName(readRegistryKey('HKLM', LANE_KEY));
    assert.deepEqual(new Set(read.keys()), new Set(values.map((value) => value.name)));
    for (const value of values) assert.deepEqual(read.get(value.name), { type: value.type, data: Buffer.from(value.data).toString('hex') }, value.name);
    const hindi = readRegistryKey('HKLM', LANE_KEY);
    const microphone = hindi.state === 'values' ? hindi.values.find((value) => value.name === 'माइक्रोफ़ोन') : undefined;
    assert.deepEqual(microphone && decodeRegistryValue(microphone), { kind: 'text', value: 'Mikrofon (Realtek® Audio) — عيادة' });
  });

  it('tells the machine’s key from the user’s: the same key under each hive holds its own values', () => {
    writeRegistry('HKLM', LANE_KEY, [sz('who', 'machine')]);
    writeRegistry('HKCU', LANE_KEY, [sz('who', 'user')]);
    assert.equal(byName(readRegistryKey('HKLM', LANE_KEY)).get('who')?.data, Buffer.from('machine\0', 'utf16le').toString('hex'));
    assert.equal(byName(readRegistryKey('HKCU', LANE_KEY)).get('who')?.data, Buffer.from('user\0', 'utf16le').toString('hex'));
  });

  it('bad input: a key that is not there is absent; a key with no values is empty', () => {
    assert.deepEqual(readRegistryKey('HKLM', POLICY_REGISTRY_KEY), { state: 'absent' });
    writeRegistry('HKLM', POLICY_REGISTRY_KEY, []);
    assert.deepEqual(readRegistryKey('HKLM', POLICY_REGISTRY_KEY), { state: 'values', values: [] });
  });

  it('bad input: a value of 100,000 characters is read whole', () => {
    const long = 'ह'.repeat(100_000);
    writeRegistry('HKLM', LANE_KEY, [sz('long', long)]);
    const read = readRegistryKey('HKLM', LANE_KEY);
    assert.equal(read.state, 'values');
    assert.deepEqual(read.state === 'values' && decodeRegistryValue(read.values[0]!), { kind: 'text', value: long });
  });
});

describe("loadManagedPolicy('win32'), against the registry", () => {
  beforeEach(withoutKeys);

  it('the clinic policy under HKEY_LOCAL_MACHINE gives the settings of its JSON file', () => {
    writeRegistry('HKLM', POLICY_REGISTRY_KEY, CLINIC_POLICY_REGISTRY);
    const fromJson = loadPolicy(checkoutPath('test', 'fixtures', 'policy', 'clinic-policy.json'), true);
    assert.equal(fromJson.error, null);
    assert.deepEqual(machinePolicy(), { path: 'HKEY_LOCAL_MACHINE\\Software\\Policies\\ScribeDesk', values: fromJson.values, error: null });
  });

  it('bad input: no key, a key Group Policy emptied, or a key as `reg add` makes it (its (Default) value empty) is no policy', () => {
    assert.deepEqual(machinePolicy(), { path: null, values: {}, error: null });
    writeRegistry('HKLM', POLICY_REGISTRY_KEY, []);
    keyByRegAdd('HKCU', POLICY_REGISTRY_KEY);
    assert.deepEqual(machinePolicy(), { path: null, values: {}, error: null });
    writeRegistry('HKCU', POLICY_REGISTRY_KEY, [dword('recordCues', 0)]);
    assert.deepEqual(machinePolicy(), { path: 'HKEY_CURRENT_USER\\Software\\Policies\\ScribeDesk', values: { recordCues: false }, error: null });
  });

  it('bad input: values of the wrong registry type are refused by key, their content never quoted', () => {
    writeRegistry('HKLM', POLICY_REGISTRY_KEY, [
      sz('autoSync', 'yes-please'),
      typed('updateUrl', REG_EXPAND_SZ, Buffer.from('https://%USERDOMAIN%.updates.example\0', 'utf16le')),
      sz('languageHints', 'hi,en'),
      typed('requireReview', REG_BINARY, Buffer.from([1])),
    ]);
    const loaded = machinePolicy();
    assert.deepEqual(loaded.values, {});
    const error = loaded.error ?? '';
    assert.match(error, /"autoSync": a REG_SZ, where the policy needs a REG_DWORD of 1 \(on\) or 0 \(off\)/);
    assert.match(error, /"updateUrl": a REG_EXPAND_SZ, where the policy needs a REG_SZ/);
    assert.match(error, /"languageHints": a REG_SZ, where the policy needs a REG_MULTI_SZ/);
    assert.match(error, /"requireReview": a REG_BINARY/);
    for (const quoted of ['yes-please', 'USERDOMAIN', 'hi,en']) assert.ok(!error.includes(quoted), `the error quotes ${quoted}`);
  });

  it('bad input: a value too long is refused by key, a secret never quoted', () => {
    const secret = `s3cret-${'x'.repeat(5_000)}`;
    writeRegistry('HKLM', POLICY_REGISTRY_KEY, [sz('service', 'production'), sz('clientId', 'EC_TEST_77'), sz('clientSecret', secret), sz('updateUrl', `https://updates.clinic.example/${'a'.repeat(3_000)}`)]);
    const loaded = machinePolicy();
    assert.deepEqual(loaded.values, {});
    assert.match(loaded.error ?? '', /"clientSecret"/);
    assert.match(loaded.error ?? '', /"updateUrl"/);
    assert.ok(!(loaded.error ?? '').includes('s3cret'));
  });

  it('bad input: a user’s key where the machine’s is expected: the machine’s values win key by key', () => {
    writeRegistry('HKLM', POLICY_REGISTRY_KEY, [sz('updateChannel', 'stable'), dword('autoSync', 0)]);
    writeRegistry('HKCU', POLICY_REGISTRY_KEY, [sz('updateChannel', 'beta'), dword('autoSync', 1), dword('recordCues', 0)]);
    const loaded = machinePolicy();
    assert.equal(loaded.error, null);
    assert.deepEqual(loaded.values, { updateChannel: 'stable', autoSync: false, recordCues: false });
    assert.equal(loaded.path, 'HKEY_LOCAL_MACHINE\\Software\\Policies\\ScribeDesk, HKEY_CURRENT_USER\\Software\\Policies\\ScribeDesk');
  });

  it('bad input: credentials under the user’s key for a service the machine did not name are refused, with the whole policy', () => {
    writeRegistry('HKLM', POLICY_REGISTRY_KEY, [sz('service', 'production')]);
    writeRegistry('HKCU', POLICY_REGISTRY_KEY, [sz('service', 'custom'), sz('customServiceUrl', 'https://collector.example'), sz('clientId', 'EC_TEST_77'), sz('clientSecret', 'test-secret-not-a-real-one')]);
    const loaded = machinePolicy();
    assert.deepEqual(loaded.values, {});
    assert.match(loaded.error ?? '', /HKEY_CURRENT_USER\\Software\\Policies\\ScribeDesk sets credentials for one service, and HKEY_LOCAL_MACHINE\\Software\\Policies\\ScribeDesk fixes another/);
    assert.ok(!(loaded.error ?? '').includes('test-secret'));
  });

  it('bad input: a MachineGuid planted under the user’s key is not the machine’s id', () => {
    const machine = '3c1b7f2e-9a4d-4e21-8b6f-0d2c5a7e9f13';
    writeRegistry('HKLM', CRYPTOGRAPHY, [sz('MachineGuid', machine)]);
    writeRegistry('HKCU', CRYPTOGRAPHY, [sz('MachineGuid', '00000000-0000-4000-8000-000000000000')]);
    try {
      assert.equal(systemMachineIdSources().windowsMachineGuid(), machine);
    } finally {
      deleteKeys([['HKCU', CRYPTOGRAPHY]]);
    }
  });
});
