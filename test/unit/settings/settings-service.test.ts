import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type Settings } from '../../../contract/settings';
import { isRefusal } from '../../../main/core/refusal';
import type { LoadedPolicy } from '../../../main/settings/policy';
import { SecretVault } from '../../../main/settings/secret-vault';
import { FAIL_CLOSED_MESSAGE, LOCKED_MESSAGE, SettingsService, type SettingsPersistence } from '../../../main/settings/settings-service';
import { tempFolder } from '../../support/temp-folder';
import { osEncryptionDouble } from '../../support/os-encryption-double';

/** The same contract as settings.json, kept in memory. */
function memoryPersistence(initial: Record<string, unknown> = {}): SettingsPersistence & { saved: Record<string, unknown> } {
  const box = { saved: { ...initial } };
  return Object.assign(box, {
    read: () => ({ ...box.saved }),
    write: (settings: Settings) => {
      box.saved = { ...settings };
    },
  });
}

/** What a save comes to: saved, or refused with a message per field (as the page receives it). */
function saved(save: () => unknown): { ok: true } | { ok: false; errors: Record<string, string> } {
  try {
    save();
    return { ok: true };
  } catch (error) {
    if (isRefusal(error) && error.kind === 'invalid-input') return { ok: false, errors: error.fields ?? {} };
    throw error;
  }
}

const NO_POLICY: LoadedPolicy = { path: null, values: {}, error: null };

function service(policy: LoadedPolicy = NO_POLICY, persistence = memoryPersistence()) {
  const vault = new SecretVault(join(tempFolder(), 'secrets.json'), osEncryptionDouble('gnome_libsecret'), 'linux');
  return { settings: new SettingsService(persistence, vault, policy), persistence };
}

describe('SettingsService', () => {
  it('starts from the defaults: the sandbox, MP3 uploads', () => {
    expect(service().settings.current()).toEqual(DEFAULT_SETTINGS);
  });

  it('drops stored values that are no longer valid, keeping the rest', () => {
    const { settings } = service(NO_POLICY, memoryPersistence({ service: 'mars', userOid: 'oid-1', uploadAudioFormat: 'wav' }));
    expect(settings.current()).toMatchObject({ service: 'sandbox', userOid: 'oid-1', uploadAudioFormat: 'wav' });
  });

  it('saves a valid change and tells listeners', () => {
    const { settings, persistence } = service();
    const seen: string[] = [];
    settings.onChange((view) => seen.push(view.values.service));
    const result = saved(() => settings.update({ service: 'custom', customServiceUrl: ' https://scribe.clinic.example/ ' }));
    expect(result.ok).toBe(true);
    expect(persistence.saved).toMatchObject({ service: 'custom', customServiceUrl: 'https://scribe.clinic.example/' });
    expect(seen).toEqual(['custom']);
  });

  it('refuses a URL that is not http(s), and saves nothing', () => {
    const { settings, persistence } = service();
    const result = saved(() => settings.update({ service: 'custom', customServiceUrl: 'javascript:alert(1)' }));
    expect(result).toEqual({ ok: false, errors: { customServiceUrl: expect.stringMatching(/starting with https:\/\//) } });
    expect(persistence.saved).toEqual({});
  });

  it('refuses plain http:// for the service and the updates unless the host is this computer', () => {
    const { settings, persistence } = service();
    const refused = saved(() => settings.update({ service: 'custom', customServiceUrl: 'http://scribe.clinic.example', updateUrl: 'http://updates.example' }));
    expect(refused).toEqual({
      ok: false,
      errors: {
        customServiceUrl: expect.stringMatching(/^Plain http:\/\/ is not allowed/),
        updateUrl: expect.stringMatching(/^Plain http:\/\/ is not allowed/),
      },
    });
    expect(persistence.saved).toEqual({});
    expect(saved(() => settings.update({ service: 'custom', customServiceUrl: 'http://127.0.0.1:8080', updateUrl: 'http://localhost:9/' })).ok).toBe(true);
  });

  it('saves the client id and secret together only when both are valid; the secret never in settings', () => {
    const { settings, persistence } = service();
    expect(saved(() => settings.saveCredentials('', 'secret'))).toEqual({ ok: false, errors: { clientId: expect.stringMatching(/Enter the client id/) } });
    expect(saved(() => settings.saveCredentials('EC_1', '   '))).toEqual({ ok: false, errors: { clientSecret: 'The client secret cannot be only spaces.' } });
    expect(saved(() => settings.saveCredentials('EC 1', ''))).toEqual({
      ok: false,
      errors: { clientId: expect.stringMatching(/without spaces/), clientSecret: 'Enter the client secret.' },
    });
    expect(persistence.saved).toEqual({});
    expect(settings.secret('clientSecret')).toBeNull();
    expect(saved(() => settings.saveCredentials(' EC_1 ', 's3cret value')).ok).toBe(true);
    expect(persistence.saved).toMatchObject({ clientId: 'EC_1' });
    expect(JSON.stringify(persistence.saved)).not.toContain('s3cret');
    expect(settings.secret('clientSecret')).toBe('s3cret value');
    expect(settings.view().secrets.clientSecret).toBe('set');
  });

  it('saves the service chosen with the credentials in one change, or nothing: the secret is never saved for the service saved before', () => {
    const { settings, persistence } = service();
    let changes = 0;
    settings.onChange(() => changes++);
    const refused = saved(() => settings.saveCredentials('EC_1', 's3cret', { service: 'custom', customServiceUrl: 'http://scribe.clinic.example' }));
    expect(refused).toEqual({ ok: false, errors: { customServiceUrl: expect.stringMatching(/^Plain http:\/\/ is not allowed/) } });
    expect(persistence.saved).toEqual({});
    expect(settings.secret('clientSecret')).toBeNull();
    expect(changes).toBe(0);

    expect(saved(() => settings.saveCredentials('EC_1', 's3cret', { service: 'custom', customServiceUrl: 'https://scribe.clinic.example' })).ok).toBe(true);
    expect(persistence.saved).toMatchObject({ service: 'custom', customServiceUrl: 'https://scribe.clinic.example', clientId: 'EC_1' });
    expect(settings.secret('clientSecret')).toBe('s3cret');
    expect(changes).toBe(1);
  });

  it('asks for the address when Custom is chosen without one', () => {
    expect(saved(() => service().settings.update({ service: 'custom' }))).toEqual({
      ok: false,
      errors: { customServiceUrl: 'Enter the address of the custom service.' },
    });
  });

  it('refuses a JWE key that is not 16 bytes, counting UTF-8 bytes', () => {
    const { settings } = service();
    expect(saved(() => settings.setSecret('jweClientKey', 'fifteen-bytes!!'))).toMatchObject({ ok: false, errors: { jweClientKey: expect.stringMatching(/this one is 15/) } });
    expect(saved(() => settings.setSecret('jweClientKey', 'ééééééééé'))).toMatchObject({ ok: false, errors: { jweClientKey: expect.stringMatching(/this one is 18/) } });
    expect(saved(() => settings.setSecret('jweClientKey', '0123456789abcdef')).ok).toBe(true);
    expect(settings.view().secrets).toEqual({ clientSecret: 'not set', accessToken: 'not set', jweClientKey: 'set' });
  });

  it('never puts a secret value in the view', () => {
    const { settings } = service();
    settings.setSecret('accessToken', 'secret-token-value');
    expect(JSON.stringify(settings.view())).not.toContain('secret-token-value');
    expect(settings.secret('accessToken')).toBe('secret-token-value');
  });

  it('applies the policy over saved values, locks what it sets and refuses changes to it', () => {
    const policy: LoadedPolicy = { path: '/etc/scribe-desk/policy.json', values: { service: 'production', accessToken: 'policy-token' }, error: null };
    const { settings } = service(policy, memoryPersistence({ service: 'development' }));
    expect(settings.current().service).toBe('production');
    expect(settings.view().locked).toEqual(['service', 'accessToken']);
    expect(saved(() => settings.update({ service: 'sandbox' }))).toEqual({ ok: false, errors: { service: LOCKED_MESSAGE } });
    expect(saved(() => settings.update({ service: 'production', userOid: 'oid-7' })).ok).toBe(true);
    expect(saved(() => settings.setSecret('accessToken', 'other'))).toEqual({ ok: false, errors: { accessToken: LOCKED_MESSAGE } });
    expect(settings.secret('accessToken')).toBe('policy-token');
  });

  it('says which of the policy’s consent notices cannot be used, and why, by the policy’s key; none when all can', () => {
    const tamil = { language: 'ta', what: 'பதிவு', why: 'குறிப்புகள்', who: 'சேவை', rightToStop: 'நிறுத்தலாம்' };
    const policy: LoadedPolicy = { path: '/etc/scribe-desk/policy.json', values: { consentNotices: [tamil] }, error: null };
    expect(service(policy).settings.view().policy.unusedNotices).toEqual(['"consentNotices[ta]": missing "howLong" (how long it is kept)']);
    expect(service().settings.view().policy.unusedNotices).toEqual([]);
  });

  describe('a secret entered here is for the service it was entered for only (issue 45.1)', () => {
    const CLINIC = 'https://scribe.clinic.example';
    const ELSEWHERE = 'https://collector.example';
    const PLANTED: LoadedPolicy = { path: '/etc/scribe-desk/policy.json', values: { service: 'custom', customServiceUrl: ELSEWHERE }, error: null };

    /** A computer's data folder: its vault file kept between starts, as with a keyring. */
    function computer() {
      const file = join(tempFolder(), 'secrets.json');
      const persistence = memoryPersistence();
      const start = (policy: LoadedPolicy = NO_POLICY) => new SettingsService(persistence, new SecretVault(file, osEncryptionDouble('gnome_libsecret'), 'linux'), policy);
      return { file, persistence, start };
    }

    it('never gives the client secret, token or key to another service: another policy, or another service chosen here', () => {
      const { start } = computer();
      const first = start();
      first.saveCredentials('EC_TEST_77', 'test-secret-not-a-real-one', { service: 'custom', customServiceUrl: CLINIC });
      first.setSecret('accessToken', 'test-token-value');
      first.setSecret('jweClientKey', '0123456789abcdef');
      expect(first.secret('clientSecret')).toBe('test-secret-not-a-real-one');

      // The next start, under a policy that names another service: nothing entered here goes there.
      const planted = start(PLANTED);
      for (const name of ['clientSecret', 'accessToken', 'jweClientKey'] as const) {
        expect(planted.secret(name)).toBeNull();
        expect(planted.secretEnteredFor(name)).toBe(CLINIC);
      }
      expect(planted.view().secrets).toEqual({ clientSecret: 'not set', accessToken: 'not set', jweClientKey: 'not set' });

      // Another service chosen in Settings: the same.
      const again = start();
      expect(again.secret('clientSecret')).toBe('test-secret-not-a-real-one');
      again.update({ service: 'production' });
      expect(again.secret('clientSecret')).toBeNull();
      again.update({ service: 'custom', customServiceUrl: `${CLINIC}/` });
      expect(again.secret('clientSecret')).toBe('test-secret-not-a-real-one');
    });

    it('a secret an earlier version kept is bound to the service in effect at the next start, never while the policy cannot be used', () => {
      const { file, persistence, start } = computer();
      persistence.saved = { service: 'custom', customServiceUrl: CLINIC };
      // As an earlier version left it: the secret, and no word of its service.
      new SecretVault(file, osEncryptionDouble('gnome_libsecret'), 'linux').set('clientSecret', 'test-secret-not-a-real-one');
      const broken = start({ path: '/etc/scribe-desk/policy.json', values: {}, error: 'The policy file /etc/scribe-desk/policy.json was ignored: it is not valid JSON.' });
      expect(broken.secret('clientSecret')).toBeNull();
      const mended = start();
      expect(mended.secret('clientSecret')).toBe('test-secret-not-a-real-one');
      expect(start(PLANTED).secret('clientSecret')).toBeNull();
    });
  });

  describe('with a policy file that cannot be used (it fails closed)', () => {
    const BROKEN: LoadedPolicy = { path: '/etc/scribe-desk/policy.json', values: {}, error: 'The policy file /etc/scribe-desk/policy.json was ignored: it is not valid JSON (line 1, column 30: a value is missing).' };

    it('only the sandbox can be chosen, whatever was saved, and the user may not choose another service, even after choosing the sandbox', () => {
      const { settings, persistence } = service(BROKEN, memoryPersistence({ service: 'custom', customServiceUrl: 'https://elsewhere.example' }));
      expect(settings.current().service).toBe('sandbox');
      expect(settings.view().locked).toContain('service');
      expect(settings.policyHold()).toMatch(/nothing is sent/);
      settings.useSandboxDespitePolicy();
      expect(settings.policyHold()).toBeNull();
      for (const service of ['production', 'development', 'custom'] as const) {
        expect(saved(() => settings.update({ service, customServiceUrl: 'https://attacker.example' }))).toEqual({ ok: false, errors: { service: FAIL_CLOSED_MESSAGE, customServiceUrl: FAIL_CLOSED_MESSAGE } });
      }
      expect(settings.current().service).toBe('sandbox');
      expect(persistence.saved).toMatchObject({ service: 'sandbox' });
    });

    it('the safety keys any policy may set are at their strictest and locked, saying why', () => {
      const { settings } = service(BROKEN, memoryPersistence({ requireReview: false, clearCopiedNote: false }));
      expect(settings.current()).toMatchObject({ requireReview: true, clearCopiedNote: true });
      expect(settings.view().locked).toEqual(expect.arrayContaining(['service', 'requireReview', 'clearCopiedNote']));
      expect(saved(() => settings.update({ requireReview: false }))).toEqual({ ok: false, errors: { requireReview: FAIL_CLOSED_MESSAGE } });
      expect(saved(() => settings.update({ clearCopiedNote: false }))).toEqual({ ok: false, errors: { clearCopiedNote: FAIL_CLOSED_MESSAGE } });
      expect(FAIL_CLOSED_MESSAGE).toMatch(/policy file cannot be used/);
      // What the policy does not decide stays the user's.
      expect(saved(() => settings.update({ userOid: 'oid-9', autoSync: false })).ok).toBe(true);
    });

    it('a valid policy that sets none of them leaves them to the user', () => {
      const { settings } = service({ path: '/etc/scribe-desk/policy.json', values: { userOid: 'clinic' }, error: null });
      expect(saved(() => settings.update({ requireReview: false, service: 'production' })).ok).toBe(true);
      expect(settings.current()).toMatchObject({ requireReview: false, service: 'production' });
    });
  });
});
