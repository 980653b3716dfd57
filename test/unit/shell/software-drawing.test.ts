import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { compositesOnGraphics, drawInSoftwareFromTheStart, GRAPHICS_FILE, GRAPHICS_FINDING_MS, noteGraphics } from '../../../main/shell/windows/software-drawing';

const CHROME = '130.0.6723.170';
const NOW = Date.UTC(2026, 11, 2, 9);
const folders: string[] = [];
const newFolder = () => {
  const folder = mkdtempSync(join(tmpdir(), 'scribe-graphics-'));
  folders.push(folder);
  return folder;
};
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('the window drawn in software from the start', () => {
  it('tries the graphics in a new folder', () => {
    expect(drawInSoftwareFromTheStart(newFolder(), CHROME, NOW)).toBe(false);
  });

  it('draws in software once a start found that the graphics cannot composite, with the same Chromium, for a week', () => {
    const folder = newFolder();
    expect(noteGraphics(folder, CHROME, false, NOW)).toMatch(/cannot composite/);
    expect(drawInSoftwareFromTheStart(folder, CHROME, NOW + 1)).toBe(true);
    expect(drawInSoftwareFromTheStart(folder, CHROME, NOW + GRAPHICS_FINDING_MS - 1)).toBe(true);
    expect(drawInSoftwareFromTheStart(folder, CHROME, NOW + GRAPHICS_FINDING_MS)).toBe(false);
    expect(drawInSoftwareFromTheStart(folder, '131.0.0.0', NOW + 1)).toBe(false);
    // A clock set back before the finding: the graphics are tried again.
    expect(drawInSoftwareFromTheStart(folder, CHROME, NOW - 1)).toBe(false);
  });

  it('forgets the finding when a later start finds the graphics composite, and says nothing when there was none', () => {
    const folder = newFolder();
    expect(noteGraphics(folder, CHROME, true, NOW)).toBeNull();
    noteGraphics(folder, CHROME, false, NOW);
    expect(noteGraphics(folder, CHROME, true, NOW + 1)).toMatch(/composite: the window is drawn on them/);
    expect(existsSync(join(folder, GRAPHICS_FILE))).toBe(false);
    expect(drawInSoftwareFromTheStart(folder, CHROME, NOW + 2)).toBe(false);
  });

  it('tries the graphics when the file is not what a start wrote', () => {
    for (const text of ['', 'not json', 'null', '[]', '{"chrome":130,"notedAt":1}', `{"chrome":"${CHROME}","notedAt":"yesterday"}`]) {
      const folder = newFolder();
      writeFileSync(join(folder, GRAPHICS_FILE), text);
      expect(drawInSoftwareFromTheStart(folder, CHROME, NOW), text).toBe(false);
    }
  });

  it('keeps only the Chromium version and the moment, readable by the user alone', () => {
    const folder = newFolder();
    noteGraphics(folder, CHROME, false, NOW);
    expect(JSON.parse(readFileSync(join(folder, GRAPHICS_FILE), 'utf8'))).toEqual({ chrome: CHROME, notedAt: NOW });
    expect(statSync(join(folder, GRAPHICS_FILE)).mode & 0o777).toBe(0o600);
  });

  it('says when the finding could not be kept, and the next start tries the graphics again', () => {
    const folder = newFolder();
    // A folder where the file would go: refused to root as well.
    mkdirSync(join(folder, GRAPHICS_FILE));
    expect(noteGraphics(folder, CHROME, false, NOW)).toMatch(/was not noted \(EISDIR\)/);
    expect(drawInSoftwareFromTheStart(folder, CHROME, NOW + 1)).toBe(false);
  });

  it("reads Chromium's compositing status: only an enabled one composites on the graphics", () => {
    expect(['enabled', 'enabled_on', 'enabled_force'].map(compositesOnGraphics)).toEqual([true, true, true]);
    expect(['disabled_software', 'unavailable_software', 'disabled_off', undefined].map(compositesOnGraphics)).toEqual([false, false, false, false]);
  });
});
