/** Program profiles: matching, built-ins, and refusals by key in Settings and the policy. */
import { describe, expect, it } from 'vitest';
import { profileFor } from '../../../contract/insert-profiles';
import { settingsSchema } from '../../../contract/settings';
import { policySchema } from '../../../main/settings/policy';

describe('program profiles', () => {
  it('the doctor’s own come first, then the built-ins, then rich for any other', () => {
    const own = [{ program: 'Chromium', match: 'wm-class' as const, format: 'plain' as const }];
    expect(profileFor({ match: 'wm-class', names: ['chromium', 'Chromium'] }, own)).toEqual({ profile: own[0], listed: true });
    expect(profileFor({ match: 'wm-class', names: ['chromium', 'Chromium'] }, []).profile.format).toBe('rich');
    expect(profileFor({ match: 'process', names: ['WINWORD.EXE'] }, []).profile.format).toBe('rich');
    expect(profileFor({ match: 'process', names: ['mstsc.exe'] }, []).profile.format).toBe('type');
    expect(profileFor({ match: 'wm-class', names: ['gedit', 'Gedit'] }, []).profile.format).toBe('plain');
    // A process name is not a window class: the kinds never cross.
    expect(profileFor({ match: 'wm-class', names: ['mstsc.exe'] }, []).listed).toBe(false);
    expect(profileFor(null, own).profile.format).toBe('rich');
  });

  it('an unknown format is refused by key in Settings', () => {
    const parsed = settingsSchema.shape.insertProfiles.safeParse([{ program: 'emr', match: 'wm-class', format: 'html' }]);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ path: [0, 'format'], message: 'Choose how the note goes in: rich, plain, type.' });
  });

  it('a policy naming an unknown format or a program twice is refused, by key', () => {
    const bad = policySchema.safeParse({ insertProfiles: [{ program: 'emr.exe', match: 'process', format: 'paste' }] });
    expect(bad.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['insertProfiles.0.format']);
    const twice = policySchema.safeParse({
      insertProfiles: [
        { program: 'emr.exe', match: 'process', format: 'plain' },
        { program: 'EMR.EXE', match: 'process', format: 'type' },
      ],
    });
    expect(twice.error?.issues[0]).toMatchObject({ path: ['insertProfiles', 1, 'program'], message: '"EMR.EXE" is listed twice.' });
    expect(policySchema.safeParse({ insertProfiles: [{ program: 'emr.exe', match: 'process', format: 'type', insertWhenReady: true, colour: 'red' }] }).success).toBe(false);
    expect(policySchema.safeParse({ insertProfiles: [{ program: 'emr.exe', match: 'process', format: 'type', insertWhenReady: true }] }).success).toBe(true);
  });
});
