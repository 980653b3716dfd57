/**
 * The registry and managed-preferences readers against the same clinic policy as a JSON file:
 * the registry as the bytes Windows returns, the property lists as Python's plistlib (an
 * implementation independent of the one the app uses) writes them, binary and XML.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'plist';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPolicy, type LoadedPolicy } from '../../../main/settings/policy';
import { managedPreferencesOrigin, plistPolicy, loadPlistParsers } from '../../../main/settings/plist-policy';
import { registryOrigin, registryPolicy } from '../../../main/settings/registry-policy';
import { REG_BINARY, REG_EXPAND_SZ } from '../../../main/settings/registry-values';
import { CLINIC_POLICY_REGISTRY, dword, multiSz, sz } from '../../fixtures/policy/clinic-policy-registry';

// The app loads them before reading a policy where managed preferences exist (macOS).
beforeAll(loadPlistParsers);

const FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures', 'policy');
const SECRET = 'test-secret-not-a-real-one';
const fromJson = loadPolicy(join(FIXTURES, 'clinic-policy.json'), true);
const machine = registryOrigin('HKLM');
const preferences = managedPreferencesOrigin(null);
const plistOf = (values: Record<string, unknown>) => Buffer.from(build(values as Parameters<typeof build>[0]));

/** The error, which must name the key and quote no value. */
function refusal(loaded: LoadedPolicy, ...quotedNever: string[]): string {
  expect(loaded.values).toEqual({});
  expect(loaded.error).not.toBeNull();
  for (const text of quotedNever) expect(loaded.error).not.toContain(text);
  return loaded.error!;
}

describe('the clinic policy, wherever it is kept', () => {
  it('the JSON file is valid', () => {
    expect(fromJson.error).toBeNull();
    expect(Object.keys(fromJson.values)).toHaveLength(16);
  });

  it('from the registry, gives the same settings as the JSON file', () => {
    const loaded = registryPolicy(machine, CLINIC_POLICY_REGISTRY);
    expect(loaded).toEqual({ path: 'HKEY_LOCAL_MACHINE\\Software\\Policies\\ScribeDesk', values: fromJson.values, error: null });
  });

  it('from binary and XML managed preferences, gives the same settings as the JSON file', () => {
    for (const file of ['care.scribedesk.app.binary.plist', 'care.scribedesk.app.xml.plist']) {
      const loaded = plistPolicy(preferences, readFileSync(join(FIXTURES, file)));
      expect(loaded).toEqual({ path: '/Library/Managed Preferences/care.scribedesk.app.plist', values: fromJson.values, error: null });
    }
    expect(managedPreferencesOrigin('drmeena').path).toBe('/Library/Managed Preferences/drmeena/care.scribedesk.app.plist');
  });
});

describe('registryPolicy', () => {
  it('reads value names whatever their case, as Windows does', () => {
    expect(registryPolicy(machine, [dword('AutoSync', 1), sz('UPDATECHANNEL', 'beta')]).values).toEqual({ autoSync: true, updateChannel: 'beta' });
  });

  it('reports a value of the wrong type by key, quoting nothing of it', () => {
    const error = refusal(registryPolicy(machine, [sz('autoSync', 'yes'), dword('clientSecret', 123456), sz('service', 'production')]), 'yes', '123456');
    expect(error).toBe(
      'The policy in the registry key HKEY_LOCAL_MACHINE\\Software\\Policies\\ScribeDesk was ignored: "autoSync": a REG_SZ, where the policy needs a REG_DWORD of 1 (on) or 0 (off); "clientSecret": a REG_DWORD, where the policy needs a REG_SZ.',
    );
  });

  it('takes on/off only as 1 or 0, lists only as REG_MULTI_SZ, text only as REG_SZ', () => {
    expect(refusal(registryPolicy(machine, [dword('recordCues', 2)]))).toMatch(/"recordCues": a REG_DWORD other than 1 or 0, where the policy needs a REG_DWORD of 1 \(on\) or 0 \(off\)/);
    expect(refusal(registryPolicy(machine, [sz('languageHints', 'hi,en')]), 'hi,en')).toMatch(/"languageHints": a REG_SZ, where the policy needs a REG_MULTI_SZ/);
    const expanded = { name: 'updateUrl', type: REG_EXPAND_SZ, data: Buffer.from('%UPDATES%\0', 'utf16le') };
    expect(refusal(registryPolicy(machine, [expanded]), '%UPDATES%')).toMatch(/"updateUrl": a REG_EXPAND_SZ, where the policy needs a REG_SZ/);
    const binary = { name: 'jweClientKey', type: REG_BINARY, data: Buffer.from('0123456789abcdef') };
    expect(refusal(registryPolicy(machine, [binary]), '0123456789abcdef')).toMatch(/"jweClientKey": a REG_BINARY/);
  });

  it('takes program profiles as one JSON object per line, each checked by the schema, quoting none of them', () => {
    const profiles = [{ program: 'emr.exe', match: 'process', format: 'plain' }];
    expect(registryPolicy(machine, [multiSz('insertProfiles', profiles.map((profile) => JSON.stringify(profile)))]).values).toEqual({ insertProfiles: profiles });
    expect(refusal(registryPolicy(machine, [multiSz('insertProfiles', ['emr.exe plain'])]), 'emr.exe')).toMatch(
      /"insertProfiles": a REG_MULTI_SZ with a line that is not a JSON object, where the policy needs a REG_MULTI_SZ of one JSON object per line/,
    );
    const unknown = JSON.stringify({ program: 'emr.exe', match: 'process', format: 'bold' });
    expect(refusal(registryPolicy(machine, [multiSz('insertProfiles', [unknown])]), 'bold')).toMatch(/"insertProfiles\.0\.format": Choose how the note goes in: rich, plain, type\./);
  });

  it("bad input: the key's (Default) value: empty, as `reg add` leaves it, it is no setting; with content, it is named so", () => {
    expect(registryPolicy(machine, [sz('', ''), dword('autoSync', 0)])).toEqual({ path: machine.path, values: { autoSync: false }, error: null });
    expect(registryPolicy(machine, [{ name: '', type: REG_BINARY, data: Buffer.alloc(0) }]).error).toBeNull();
    expect(refusal(registryPolicy(machine, [sz('', '{"autoSync": false}')]), 'autoSync')).toMatch(/unknown setting "\(Default\)"/);
  });

  it('checks values with the same schema as the JSON file: unknown names, wrong values, credentials without a service', () => {
    expect(refusal(registryPolicy(machine, [sz('serviceUrl', 'https://x.example')]))).toMatch(/unknown setting "serviceUrl"/);
    expect(refusal(registryPolicy(machine, [dword('otpResendSeconds', 4000)]))).toMatch(/"otpResendSeconds": Wait at most 10 minutes/);
    expect(refusal(registryPolicy(machine, [sz('transcriptionModel', 'ultra')]), 'ultra')).toMatch(/"transcriptionModel": Choose the Pro or the Lite model/);
    expect(refusal(registryPolicy(machine, [sz('clientSecret', SECRET)]), SECRET)).toMatch(/it sets "clientSecret" but not "service"/);
    expect(registryPolicy(machine, [multiSz('languageHints', [])]).values).toEqual({ languageHints: [] });
  });
});

describe('plistPolicy', () => {
  it('reports a value of the wrong type by key, quoting nothing of it', () => {
    const error = refusal(plistPolicy(preferences, plistOf({ autoSync: 'true', clientSecret: 424242, service: 'production' })), '424242');
    expect(error).toBe(
      'The policy in the managed preferences /Library/Managed Preferences/care.scribedesk.app.plist was ignored: "autoSync": a <string>, where the policy needs a boolean (<true/> or <false/>); "clientSecret": a number, where the policy needs a <string>.',
    );
    expect(refusal(plistPolicy(preferences, plistOf({ languageHints: 'hi' })))).toMatch(/"languageHints": a <string>, where the policy needs an <array> of <string>/);
    expect(refusal(plistPolicy(preferences, plistOf({ noteTemplates: [7] })))).toMatch(/"noteTemplates\.0"/);
    expect(refusal(plistPolicy(preferences, plistOf({ updateUrl: new Date('2026-11-25T06:05:00Z') })))).toMatch(/"updateUrl": a <date>/);
  });

  it("ignores a profile's own Payload keys, and checks the rest with the same schema", () => {
    expect(plistPolicy(preferences, plistOf({ PayloadUUID: '5E4C1A2B-3D4E-4F5A-8B9C-0D1E2F3A4B5C', PayloadVersion: 1, autoSync: false })).values).toEqual({ autoSync: false });
    expect(refusal(plistPolicy(preferences, plistOf({ autosync: false })))).toMatch(/unknown setting "autosync"/);
  });

  it('refuses what is not a dictionary of settings, quoting none of it', () => {
    expect(refusal(plistPolicy(preferences, Buffer.from(`<plist><dict><key>clientSecret</key><string>${SECRET}</string>`)), SECRET)).toMatch(/was ignored: it is not a valid property list\.$/);
    expect(refusal(plistPolicy(preferences, plistOf(['autoSync'] as unknown as Record<string, unknown>)))).toMatch(/it is not a dictionary of settings/);
  });
});
