/** The transcription settings: their rules and messages, their defaults (a new install against one from before), and the policy keys they make. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, EARLIER_INSTALL_TRANSCRIPTION_API, NEW_INSTALL_TRANSCRIPTION_API, settingsSchema } from '../../../contract/settings';
import { isRefusal } from '../../../main/core/refusal';
import { loadPolicy } from '../../../main/settings/policy';
import { SecretVault } from '../../../main/settings/secret-vault';
import { settingsFile } from '../../../main/settings/settings-file';
import { SettingsService, type SettingsPersistence } from '../../../main/settings/settings-service';
import { tempFolder } from '../../support/temp-folder';
import { osEncryptionDouble } from '../../support/os-encryption-double';

/** The message a person sees for `value`, or null when it is taken. */
function refusal(name: 'transcriptionApi' | 'languageHints' | 'noteTemplates' | 'transcriptionModel', value: unknown): string | null {
  const parsed = settingsSchema.shape[name].safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? '?');
}

function settingsOn(persistence: SettingsPersistence, policyValues: Record<string, unknown> = {}) {
  const vault = new SecretVault(join(tempFolder(), 'secrets.json'), osEncryptionDouble('gnome_libsecret'), 'linux');
  const path = Object.keys(policyValues).length > 0 ? '/etc/scribe-desk/policy.json' : null;
  return new SettingsService(persistence, vault, { path, values: policyValues, error: null });
}

describe('the transcription settings', () => {
  it('a new install sends in sessions, an earlier one keeps the voice upload; auto-detected languages, the two usual notes and the Pro model', () => {
    expect(DEFAULT_SETTINGS).toMatchObject({
      transcriptionApi: NEW_INSTALL_TRANSCRIPTION_API,
      languageHints: [],
      noteTemplates: ['eka_emr_template', 'clinical_notes_template'],
      transcriptionModel: 'pro',
    });
    expect(NEW_INSTALL_TRANSCRIPTION_API).toBe('sessions');
    expect(EARLIER_INSTALL_TRANSCRIPTION_API).toBe('voice-upload');
    expect(settingsSchema.safeParse(DEFAULT_SETTINGS).success).toBe(true);
  });

  it('take the two ways of sending and the two models, and say what to choose otherwise', () => {
    expect(refusal('transcriptionApi', 'sessions')).toBeNull();
    expect(refusal('transcriptionApi', 'voice-upload')).toBeNull();
    expect(refusal('transcriptionApi', 'stream')).toBe('Choose how dictations are sent: while you speak (sessions) or after Stop (voice upload).');
    expect(refusal('transcriptionModel', 'lite')).toBeNull();
    expect(refusal('transcriptionModel', 'ultra')).toBe('Choose the Pro or the Lite model.');
  });

  it('take up to 5 two-letter language codes, each once; none means the service detects the language', () => {
    expect(refusal('languageHints', [])).toBeNull();
    expect(refusal('languageHints', ['en', 'hi', 'ta', 'te', 'kn'])).toBeNull();
    expect(refusal('languageHints', ['en', 'hi', 'ta', 'te', 'kn', 'ml'])).toBe('Choose at most 5 languages, or none to let the service detect the language.');
    expect(refusal('languageHints', ['en', 'hi', 'en'])).toBe('Each language can be chosen only once.');
    for (const code of ['EN', 'eng', 'en-IN', 'e', '', 'auto_detect', 7]) {
      expect(refusal('languageHints', [code]), String(code)).toBe('A language is written as its two-letter code, for example en or hi.');
    }
    expect(refusal('languageHints', 'en')).toBe('Give the languages as a list of two-letter codes, for example ["en", "hi"].');
  });

  it('take one or two note templates by id, each once', () => {
    expect(refusal('noteTemplates', ['clinical_notes_template'])).toBeNull();
    expect(refusal('noteTemplates', ['eka_emr_template', 'clinic:referral.v2-A'])).toBeNull();
    expect(refusal('noteTemplates', [])).toBe('Choose at least one note template.');
    expect(refusal('noteTemplates', ['a', 'b', 'c'])).toBe('Choose at most 2 note templates.');
    expect(refusal('noteTemplates', ['a', 'a'])).toBe('Each note template can be chosen only once.');
    for (const id of ['', 'has space', 'x'.repeat(201), 'é', 'a/b']) {
      expect(refusal('noteTemplates', [id]), id).toBe('A note template is named by its id (letters, digits and _ . : -), for example clinical_notes_template.');
    }
  });

  it('are policy keys: a policy may fix them, and a wrong value makes the whole file ignored with the reason', () => {
    const folder = tempFolder();
    const good = join(folder, 'good.json');
    writeFileSync(good, JSON.stringify({ transcriptionApi: 'sessions', languageHints: ['hi', 'en'], noteTemplates: ['clinical_notes_template'], transcriptionModel: 'lite' }));
    expect(loadPolicy(good, true)).toMatchObject({ error: null, values: { transcriptionApi: 'sessions', languageHints: ['hi', 'en'], noteTemplates: ['clinical_notes_template'], transcriptionModel: 'lite' } });

    const bad = join(folder, 'bad.json');
    writeFileSync(bad, JSON.stringify({ languageHints: ['en', 'English'] }));
    expect(loadPolicy(bad, true).error).toMatch(/"languageHints\.1": A language is written as its two-letter code/);
  });

  it('locked by the policy, a list is compared by its items: the same list saves, another is refused', () => {
    const settings = settingsOn({ read: () => ({}), write: () => undefined }, { languageHints: ['hi', 'en'] });
    expect(settings.current().languageHints).toEqual(['hi', 'en']);
    expect(() => settings.update({ languageHints: ['hi', 'en'] })).not.toThrow();
    try {
      settings.update({ languageHints: ['en'] });
      expect.unreachable();
    } catch (error) {
      expect(isRefusal(error) && error.fields).toEqual({ languageHints: 'Set by your administrator; it cannot be changed here.' });
    }
  });
});

describe('how dictations are sent, read from settings.json', () => {
  const started = (persistence: SettingsPersistence) => settingsOn(persistence).current().transcriptionApi;

  it('a new install (no settings.json) takes the new-install default', () => {
    const file = settingsFile(join(tempFolder(), 'settings.json'));
    expect(file.read()).toEqual({});
    expect(started(file)).toBe(NEW_INSTALL_TRANSCRIPTION_API);
  });

  it('an install whose settings.json was saved before the choice existed keeps voice upload', () => {
    const path = join(tempFolder(), 'settings.json');
    writeFileSync(path, JSON.stringify({ service: 'production', microphone: 'USB Headset' }));
    const file = settingsFile(path);
    expect(file.read()).toEqual({ service: 'production', microphone: 'USB Headset', transcriptionApi: 'voice-upload' });
    expect(started(file)).toBe('voice-upload');
  });

  it('a choice saved in settings.json is kept, whatever the defaults', () => {
    const path = join(tempFolder(), 'settings.json');
    writeFileSync(path, JSON.stringify({ transcriptionApi: 'sessions' }));
    expect(started(settingsFile(path))).toBe('sessions');
  });
});
