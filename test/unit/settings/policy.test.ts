import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { effectivePolicy, loadPolicy, machinePolicyPath, type LoadedPolicy } from '../../../main/settings/policy';
import { tempFolder } from '../../support/temp-folder';

function policyFile(content: string): string {
  const file = join(tempFolder(), 'policy.json');
  writeFileSync(file, content);
  return file;
}

describe('loadPolicy', () => {
  it('applies a valid policy', () => {
    const file = policyFile(JSON.stringify({ service: 'custom', customServiceUrl: 'https://scribe.clinic.example', uploadAudioFormat: 'wav' }));
    expect(loadPolicy(file, true)).toEqual({
      path: file,
      values: { service: 'custom', customServiceUrl: 'https://scribe.clinic.example', uploadAudioFormat: 'wav' },
      error: null,
    });
  });

  it('accepts a byte-order mark', () => {
    expect(loadPolicy(policyFile('\uFEFF{"jweKid":"k1"}'), true).values).toEqual({ jweKid: 'k1' });
  });

  it('ignores and reports a file that is not JSON', () => {
    const loaded = loadPolicy(policyFile('{ service: sandbox'), true);
    expect(loaded.values).toEqual({});
    expect(loaded.error).toMatch(/is not valid JSON \(line 1, column 3: an unexpected character\)\.$/);
  });

  it("says where a broken file is broken, never any of its content (a secret stays out of the log and the screen)", () => {
    const secret = 'S3cr3t-Cl1ent-Value';
    const broken = [
      `{"service":"sandbox",\n "clientSecret" "${secret}"}`,
      `{"clientSecret":"${secret}",}`,
      `{"clientSecret":"${secret}" "clientId":"x"}`,
      `{"clientSecret":"${secret}`,
      `{'clientSecret':'${secret}'}`,
      `{"clientSecret":${secret}}`,
      `// ${secret}\n{}`,
    ];
    const errors = broken.map((text) => loadPolicy(policyFile(text), true).error ?? '');
    for (const error of errors) {
      expect(error).toMatch(/is not valid JSON \(line \d+, column \d+: [a-z]/);
      expect(error).not.toMatch(/S3cr|Cl1ent|cr3t|Value/);
    }
    expect(errors[0]).toMatch(/line 2, column 17: a colon was expected/);
    // What the parser itself would have said, for contrast: it quotes the secret.
    expect(() => JSON.parse(broken[5]!)).toThrow(/S3cr3t/);
  });

  it('ignores the whole file when one key is unknown or one value is wrong', () => {
    const unknown = loadPolicy(policyFile('{"service":"sandbox","serviceUrl":"https://x.example"}'), true);
    expect(unknown.values).toEqual({});
    expect(unknown.error).toMatch(/unknown setting "serviceUrl"/);

    const wrong = loadPolicy(policyFile('{"customServiceUrl":"ftp://files.example"}'), true);
    expect(wrong.error).toMatch(/"customServiceUrl": Only https:\/\/ addresses can be used/);

    const badKey = loadPolicy(policyFile('{"jweClientKey":"short"}'), true);
    expect(badKey.error).toMatch(/exactly 16 bytes; this one is 5/);
  });

  it('accepts credentials only together with the service they are for', () => {
    const sent = { clientId: 'EC_1', clientSecret: 'secret' };
    expect(loadPolicy(policyFile(JSON.stringify({ ...sent, service: 'production' })), true).error).toBeNull();
    expect(loadPolicy(policyFile(JSON.stringify(sent)), true).error).toMatch(/"service": it sets "clientId", "clientSecret" but not "service"/);
    expect(loadPolicy(policyFile(JSON.stringify({ accessToken: 't', service: 'custom' })), true).error).toMatch(/not "customServiceUrl"/);
    expect(loadPolicy(policyFile(JSON.stringify({ accessToken: 't', service: 'custom', customServiceUrl: 'http://clinic.example' })), true).error).toMatch(
      /Plain http:\/\/ is not allowed/,
    );
  });

  it('treats a missing machine-wide file as "not managed" but a missing --policy file as an error', () => {
    const missing = join(tempFolder(), 'absent.json');
    expect(loadPolicy(missing, false)).toEqual({ path: null, values: {}, error: null });
    expect(loadPolicy(missing, true).error).toMatch(/does not exist/);
  });
});

describe('machinePolicyPath', () => {
  it('names the machine-wide location on each OS; on Windows from the folder the OS names, whatever the environment says', () => {
    const fromOs = () => 'D:\\ProgramData';
    process.env.ProgramData = 'C:\\Users\\someone\\fake';
    expect(machinePolicyPath('linux', fromOs)).toBe('/etc/scribe-desk/policy.json');
    expect(machinePolicyPath('darwin', fromOs)).toBe('/Library/Application Support/ScribeDesk/policy.json');
    expect(machinePolicyPath('win32', fromOs)).toBe('D:\\ProgramData\\ScribeDesk\\policy.json');
    delete process.env.ProgramData;
  });
});

describe('effectivePolicy', () => {
  const machine: LoadedPolicy = { path: '/etc/scribe-desk/policy.json', values: { updatesEnabled: false, service: 'production' }, error: null };
  const user: LoadedPolicy = { path: '/home/u/p.json', values: { updatesEnabled: true, service: 'sandbox', autoSync: false }, error: null };

  it('in a release build the machine policy alone applies: a --policy file is ignored, and the log says so', () => {
    expect(effectivePolicy(machine, user, true)).toEqual({
      ...machine,
      ignored: 'The --policy file /home/u/p.json was not applied: this computer has a machine-wide policy, which alone applies.',
    });
    expect(effectivePolicy(machine, null, true)).toBe(machine);
  });

  it('in development and test builds a --policy file replaces the machine policy', () => {
    expect(effectivePolicy(machine, user, false)).toBe(user);
  });

  it('in a release build applies no --policy file while the machine policy is there but broken', () => {
    const broken: LoadedPolicy = { path: machine.path, values: {}, error: 'The policy file /etc/scribe-desk/policy.json was ignored: it is not valid JSON.' };
    const applied = effectivePolicy(broken, user, true);
    expect(applied.values).toEqual({});
    expect(applied.error).toMatch(/^The policy file \/etc\/scribe-desk\/policy.json was ignored: it is not valid JSON\. The --policy file \/home\/u\/p.json was not applied: this computer has a machine-wide policy/);
    // No machine policy at all: the machine is not managed, and the --policy file applies.
    expect(effectivePolicy({ path: null, values: {}, error: null }, user, true).values).toEqual(user.values);
  });

  it('keeps the machine policy when the --policy file is broken, which is not applied either way', () => {
    const broken: LoadedPolicy = { path: '/home/u/p.json', values: {}, error: 'The policy file /home/u/p.json was ignored: it is not valid JSON.' };
    expect(effectivePolicy(machine, broken, true)).toMatchObject({ values: machine.values, error: null, ignored: expect.stringContaining('/home/u/p.json was not applied') });
  });
});
