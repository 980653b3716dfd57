/**
 * Issue 45.8: a policy that cannot be used fails closed on every key. The rule of each key is in
 * one table (main/settings/fail-closed.ts); a key added to the policy schema without a rule fails
 * here (and the type check), so it cannot join the policy without saying what it becomes.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type Settings } from '../../../contract/settings';
import { FAIL_CLOSED_RULES, failClosedLines, failClosedSettings } from '../../../main/settings/fail-closed';
import type { LoadedPolicy } from '../../../main/settings/policy';
import { POLICY_KEYS } from '../../../main/settings/policy-kinds';
import { SecretVault } from '../../../main/settings/secret-vault';
import { SettingsService } from '../../../main/settings/settings-service';
import { updatesOffReason } from '../../../main/updates/updates-off-reason';
import { osEncryptionDouble } from '../../support/os-encryption-double';
import { tempFolder } from '../../support/temp-folder';

const BROKEN: LoadedPolicy = { path: '/etc/scribe-desk/policy.json', values: {}, error: 'The policy file /etc/scribe-desk/policy.json was ignored: it is not valid JSON.' };
const saved = (values: Partial<Settings>): Settings => ({ ...DEFAULT_SETTINGS, ...values });

function brokenPolicyOver(values: Partial<Settings>): SettingsService {
  const vault = new SecretVault(join(tempFolder(), 'secrets.json'), osEncryptionDouble('gnome_libsecret'), 'linux');
  return new SettingsService({ read: () => saved(values), write: () => {} }, vault, BROKEN);
}

describe('a broken policy, key by key', () => {
  it('has a rule for every key of the policy schema, and for no other', () => {
    expect(Object.keys(FAIL_CLOSED_RULES).sort()).toEqual(POLICY_KEYS.map((key) => key.name).sort());
  });

  it('holds insertion off, updates off (channel and pin back to the package’s), the sandbox, review and clearing on, no patient details, whatever was saved', () => {
    const held = failClosedSettings(
      saved({ service: 'custom', customServiceUrl: 'https://elsewhere.example', insertCopiedNote: true, updatesEnabled: true, updateUrl: 'https://updates.clinic.example/', updateChannel: 'beta', updatePinnedVersion: '1.0.0', requireReview: false, clearCopiedNote: false, sendPatientDetails: true }),
    );
    expect(held).toEqual({
      service: 'sandbox',
      customServiceUrl: '',
      audioRetentionDays: 30,
      updatesEnabled: false,
      updateUrl: '',
      updateChannel: 'latest',
      updatePinnedVersion: '',
      insertCopiedNote: false,
      requireReview: true,
      clearCopiedNote: true,
      sendPatientDetails: false,
      includeCallSound: false,
    });
  });

  it('keeps a recording no longer than the default: a shorter retention stands, a longer one or "keep" (0) becomes the default', () => {
    for (const [days, held] of [
      [7, 7],
      [30, 30],
      [0, 30],
      [3650, 30],
    ] as const) {
      expect(failClosedSettings(saved({ audioRetentionDays: days })).audioRetentionDays).toBe(held);
    }
  });

  it('the settings service applies it, locks what it holds, and the screen lists each line', () => {
    const settings = brokenPolicyOver({ insertCopiedNote: true, audioRetentionDays: 0, updatesEnabled: true, updateUrl: 'https://updates.clinic.example/' });
    expect(settings.current()).toMatchObject({ insertCopiedNote: false, audioRetentionDays: 30, updatesEnabled: false, updateUrl: '', service: 'sandbox' });
    expect(settings.view().locked).toEqual(expect.arrayContaining(['insertCopiedNote', 'audioRetentionDays', 'updatesEnabled', 'updateUrl', 'updateChannel', 'updatePinnedVersion']));
    expect(updatesOffReason(settings.current())).toMatch(/^Updates are turned off/);
    expect(settings.view().policy.forced).toEqual(failClosedLines());
    expect(failClosedLines()).toEqual([
      'only the built-in sandbox can be chosen',
      'sent recordings are deleted after 30 days at most',
      'updates are off',
      'the copy shortcut only copies: no note is put into another program',
      'each note must be marked reviewed before it leaves Scribe Desk',
      'copied notes are taken off the clipboard after two minutes',
      'no patient details are sent with a dictation',
      'recording waits until a system keyring protects the recordings',
      'a consultation records the microphone only, not the call’s sound',
      'each patient is asked for consent before a consultation is recorded',
      'the built-in consent notices are read to the patient',
      'the audit trail is kept for 365 days at least, and nothing of it is removed earlier',
      'audit exports name patients by pseudonym only',
      'no visit is linked to a patient’s health record',
    ]);
    // What no rule holds stays the user's to change.
    expect(() => settings.update({ recordCues: false, microphone: 'USB Headset' })).not.toThrow();
  });

  it('a policy in effect lists nothing forced', () => {
    const vault = new SecretVault(join(tempFolder(), 'secrets.json'), osEncryptionDouble('gnome_libsecret'), 'linux');
    const settings = new SettingsService({ read: () => saved({}), write: () => {} }, vault, { path: '/etc/scribe-desk/policy.json', values: { autoSync: false }, error: null });
    expect(settings.view().policy.forced).toEqual([]);
  });
});
