import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, acceleratorIdentity, crossFieldProblems, settingsSchema, type Settings } from '../../../contract/settings';
import type { SettingsView } from '../../../contract/ipc';
import { isRefusal } from '../../../main/core/refusal';
import { policySchema } from '../../../main/settings/policy';
import { SecretVault } from '../../../main/settings/secret-vault';
import { SHORTCUTS_UNCHECKED, SettingsService } from '../../../main/settings/settings-service';
import { tempFolder } from '../../support/temp-folder';
import { osEncryptionDouble } from '../../support/os-encryption-double';

function service() {
  let saved: Record<string, unknown> = {};
  const persistence = { read: () => ({ ...saved }), write: (settings: Settings) => void (saved = { ...settings }) };
  const vault = new SecretVault(join(tempFolder(), 'secrets.json'), osEncryptionDouble('gnome_libsecret'), 'linux');
  return new SettingsService(persistence, vault, { path: null, values: {}, error: null });
}

function refusal(save: () => unknown): Record<string, string> | null {
  try {
    save();
    return null;
  } catch (error) {
    if (isRefusal(error)) return error.fields ?? {};
    throw error;
  }
}

describe('shortcut settings', () => {
  it('default to toggle, cues on, Ctrl+Alt+C to copy the note, no pasting', () => {
    expect(DEFAULT_SETTINGS).toMatchObject({ recordShortcutMode: 'toggle', recordCues: true, copyNoteShortcut: 'CommandOrControl+Alt+C', insertCopiedNote: false });
  });

  it('check the copy shortcut like the record shortcut: a modifier and a usable key, or empty', () => {
    const shape = settingsSchema.shape;
    expect(shape.copyNoteShortcut.safeParse('CommandOrControl+Shift+N').success).toBe(true);
    expect(shape.copyNoteShortcut.safeParse('').success).toBe(true);
    expect(shape.copyNoteShortcut.safeParse('C').error?.issues[0]?.message).toMatch(/needs at least one modifier/);
    expect(shape.copyNoteShortcut.safeParse('Ctrl+Alt+Nope').error?.issues[0]?.message).toBe('"Nope" is not a key a shortcut can use.');
    expect(shape.recordShortcutMode.safeParse('hold').success).toBe(true);
    expect(shape.recordShortcutMode.safeParse('push').success).toBe(false);
  });

  it('refuse a copy shortcut that is the record shortcut, however it is spelled', () => {
    expect(acceleratorIdentity('Ctrl+Option+r')).toBe(acceleratorIdentity('Alt+Control+R'));
    expect(acceleratorIdentity('CmdOrCtrl+Alt+R')).toBe(acceleratorIdentity('CommandOrControl+Alt+R'));
    expect(acceleratorIdentity('Ctrl+Alt+R')).not.toBe(acceleratorIdentity('Ctrl+Shift+R'));
    expect(crossFieldProblems({ ...DEFAULT_SETTINGS, copyNoteShortcut: 'Alt+CmdOrCtrl+r' }).copyNoteShortcut).toBe('The copy shortcut must differ from the record shortcut.');
    expect(crossFieldProblems({ ...DEFAULT_SETTINGS, recordShortcut: '', copyNoteShortcut: '' })).toEqual({});
    expect(refusal(() => service().update({ copyNoteShortcut: 'CommandOrControl+Alt+R' }))).toEqual({ copyNoteShortcut: 'The copy shortcut must differ from the record shortcut.' });
    expect(refusal(() => service().update({ recordShortcutMode: 'hold', recordCues: false, insertCopiedNote: true }))).toBeNull();
  });

  it('can be fixed by an administrator policy', () => {
    expect(policySchema.safeParse({ recordShortcutMode: 'hold', recordCues: false, copyNoteShortcut: '', insertCopiedNote: true }).success).toBe(true);
    expect(policySchema.safeParse({ insertCopiedNote: 'yes' }).success).toBe(false);
  });

  it('tells listeners what the shortcuts can do on this desktop when that changes, and only then', () => {
    const settings = service();
    const views: SettingsView[] = [];
    settings.onChange((view) => views.push(view));
    expect(settings.view().shortcutAccess).toEqual(SHORTCUTS_UNCHECKED);
    settings.reportShortcutAccess(SHORTCUTS_UNCHECKED);
    expect(views).toHaveLength(0);
    const wayland = { ...SHORTCUTS_UNCHECKED, holdToRecord: 'Hold to record does not work here.' };
    settings.reportShortcutAccess(wayland);
    settings.reportShortcutAccess({ ...wayland });
    expect(views.map((view) => view.shortcutAccess)).toEqual([wayland]);
  });
});

describe('shortcuts the OS and every program already use', () => {
  it('are refused as record or copy shortcuts, with a message that says whose they are', async () => {
    const { acceleratorProblem } = await import('../../../contract/settings');
    for (const taken of ['CommandOrControl+C', 'Ctrl+V', 'CmdOrCtrl+X', 'Control+Z', 'CommandOrControl+Shift+Z', 'CommandOrControl+A', 'Command+S', 'Alt+F4', 'Alt+Tab', 'Super+R', 'Meta+Shift+C', 'Shift+R', 'Ctrl+Alt+Delete', 'Alt+R', 'Ctrl+Esc']) {
      expect(acceleratorProblem(taken), taken).toMatch(/operating system|every program|capital letter|menus/);
    }
    for (const free of ['CommandOrControl+Alt+R', 'CommandOrControl+Alt+C', 'Ctrl+Shift+F9', 'Alt+Shift+D', 'CommandOrControl+Alt+Shift+M', '']) {
      expect(acceleratorProblem(free), free).toBeNull();
    }
  });
});
