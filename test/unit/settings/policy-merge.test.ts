import { beforeAll, describe, expect, it } from 'vitest';
import { NO_POLICY, type LoadedPolicy } from '../../../main/settings/policy';
import { mergedPolicy } from '../../../main/settings/policy-merge';
import { loadManagedPolicy } from '../../../main/settings/policy-sources';
import { registryOrigin, registryPolicy } from '../../../main/settings/registry-policy';
import { dword, sz } from '../../fixtures/policy/clinic-policy-registry';
import { tempFolder } from '../../support/temp-folder';
import { loadPlistParsers } from '../../../main/settings/plist-policy';

// The app loads them before reading a policy where managed preferences exist (macOS).
beforeAll(loadPlistParsers);

const machine = (...values: Parameters<typeof registryPolicy>[1]) => registryPolicy(registryOrigin('HKLM'), values);
const user = (...values: Parameters<typeof registryPolicy>[1]) => registryPolicy(registryOrigin('HKCU'), values);
const file = (values: LoadedPolicy['values']): LoadedPolicy => ({ path: 'C:\\ProgramData\\ScribeDesk\\policy.json', values, error: null });

describe('mergedPolicy', () => {
  it('is no policy when no source has one, and the one source when only one has', () => {
    expect(mergedPolicy([NO_POLICY, NO_POLICY])).toEqual(NO_POLICY);
    const only = user(dword('autoSync', 0));
    expect(mergedPolicy([NO_POLICY, NO_POLICY, only])).toBe(only);
  });

  it('machine-wide always wins over per-user, key by key; the rest of each applies', () => {
    const merged = mergedPolicy([machine(sz('updateChannel', 'stable'), dword('autoSync', 0)), file({ audioRetentionDays: 7 }), user(sz('updateChannel', 'beta'), dword('recordCues', 0), dword('autoSync', 1))]);
    expect(merged).toEqual({
      path: 'HKEY_LOCAL_MACHINE\\Software\\Policies\\ScribeDesk, C:\\ProgramData\\ScribeDesk\\policy.json, HKEY_CURRENT_USER\\Software\\Policies\\ScribeDesk',
      values: { updateChannel: 'stable', autoSync: false, audioRetentionDays: 7, recordCues: false },
      error: null,
    });
  });

  it('the management tool (registry, managed preferences) wins over the machine-wide file', () => {
    expect(mergedPolicy([machine(dword('otpResendSeconds', 30)), file({ otpResendSeconds: 120 }), NO_POLICY]).values).toEqual({ otpResendSeconds: 30 });
  });

  it('applies nothing when one source is broken, and says which', () => {
    const merged = mergedPolicy([machine(dword('autoSync', 0)), NO_POLICY, user(sz('autoSync', 'no'))]);
    expect(merged.values).toEqual({});
    expect(merged.error).toMatch(/^The policy in the registry key HKEY_CURRENT_USER\\Software\\Policies\\ScribeDesk was ignored: "autoSync": a REG_SZ/);
  });

  it("never sends one source's credentials to a service another source fixes", () => {
    const userCredentials = user(sz('service', 'custom'), sz('customServiceUrl', 'https://scribe.clinic.example'), sz('clientId', 'EC_TEST_77'), sz('clientSecret', 'test-secret-not-a-real-one'));
    const merged = mergedPolicy([machine(sz('service', 'production')), NO_POLICY, userCredentials]);
    expect(merged.values).toEqual({});
    expect(merged.error).toBe(
      'The policy was ignored: HKEY_CURRENT_USER\\Software\\Policies\\ScribeDesk sets credentials for one service, and HKEY_LOCAL_MACHINE\\Software\\Policies\\ScribeDesk fixes another; credentials go only to the service their own policy names.',
    );
    expect(merged.error).not.toContain('test-secret');

    const otherAddress = mergedPolicy([machine(sz('service', 'custom'), sz('customServiceUrl', 'https://other.clinic.example')), NO_POLICY, userCredentials]);
    expect(otherAddress.error).toMatch(/sets credentials for one service/);

    // The same service named in both: the credentials go where their policy says.
    const agreed = mergedPolicy([machine(sz('service', 'custom'), sz('customServiceUrl', 'https://scribe.clinic.example')), NO_POLICY, userCredentials]);
    expect(agreed.error).toBeNull();
    expect(agreed.values).toMatchObject({ service: 'custom', clientSecret: 'test-secret-not-a-real-one' });
  });
});

describe('loadManagedPolicy', () => {
  it('on Linux reads /etc/scribe-desk/policy.json only', () => {
    // The file is not on this machine: the computer is not managed.
    expect(loadManagedPolicy('linux', () => tempFolder())).toEqual(NO_POLICY);
  });

  it('on Windows, a registry that cannot be read is not taken as "no policy": nothing applies, and it says so', () => {
    // Here (not Windows) advapi32 cannot be loaded, as when the registry cannot be read at all.
    const loaded = loadManagedPolicy('win32', () => tempFolder());
    expect(loaded.values).toEqual({});
    expect(loaded.error).toBe(
      'The policy in the registry key HKEY_LOCAL_MACHINE\\Software\\Policies\\ScribeDesk was ignored: the registry could not be read. The policy in the registry key HKEY_CURRENT_USER\\Software\\Policies\\ScribeDesk was ignored: the registry could not be read.',
    );
  });
});
