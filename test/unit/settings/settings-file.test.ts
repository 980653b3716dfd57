import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../contract/settings';
import { settingsFile } from '../../../main/settings/settings-file';
import { tempFolder } from '../../support/temp-folder';

const folder = () => tempFolder('settings-file-');

describe('settings.json', () => {
  it('reads nothing, and reports nothing, before the first save', () => {
    const problems: string[] = [];
    expect(settingsFile(join(folder(), 'settings.json'), (m) => problems.push(m)).read()).toEqual({});
    expect(problems).toEqual([]);
  });

  it('reads back what was saved, in a file only its owner can read', () => {
    const path = join(folder(), 'settings.json');
    const file = settingsFile(path);
    const saved = { ...DEFAULT_SETTINGS, microphone: 'USB Headset' };
    file.write(saved);
    expect(file.read()).toEqual(saved);
    if (process.platform !== 'win32') expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it.each([
    ['half-written JSON', '{"microphone": "USB'],
    ['a list', '["a"]'],
    ['a bare value', '42'],
  ])('treats %s as no settings and says so', (_label, text) => {
    const path = join(folder(), 'settings.json');
    writeFileSync(path, text);
    const problems: string[] = [];
    expect(settingsFile(path, (m) => problems.push(m)).read()).toEqual({});
    expect(problems).toEqual(['settings.json is damaged; defaults are used until settings are saved again.']);
    expect(readFileSync(path, 'utf8')).toBe(text);
  });
});
