import { describe, expect, it } from 'vitest';
import { GlobalShortcut, type AcceleratorRegistry } from '../../../main/shortcuts/global-shortcut';

/** The OS's global shortcuts: some taken by other programs. */
function registry(taken: string[] = []) {
  const registered = new Set<string>();
  const accelerators: AcceleratorRegistry = {
    register: (accelerator) => {
      if (accelerator === 'Throws') throw new Error('not an accelerator');
      if (taken.includes(accelerator)) return false;
      registered.add(accelerator);
      return true;
    },
    unregister: (accelerator) => void registered.delete(accelerator),
  };
  return { accelerators, registered };
}

describe('GlobalShortcut', () => {
  it('keeps one accelerator: a new one replaces it, an empty one removes it, dispose lets it go', () => {
    const os = registry();
    const shortcut = new GlobalShortcut(() => undefined, os.accelerators);
    expect(shortcut.apply('F9')).toBeNull();
    expect(shortcut.apply('F10')).toBeNull();
    expect([...os.registered]).toEqual(['F10']);
    expect(shortcut.current()).toBe('F10');
    expect(shortcut.apply('')).toBeNull();
    expect(os.registered.size).toBe(0);
    shortcut.apply('F11');
    shortcut.dispose();
    expect(os.registered.size).toBe(0);
    expect(shortcut.current()).toBeNull();
  });

  it('says so when the OS refuses an accelerator, and keeps none', () => {
    const os = registry(['F9']);
    const shortcut = new GlobalShortcut(() => undefined, os.accelerators);
    expect(shortcut.apply('F9')).toMatch(/^The shortcut F9 could not be registered \(another program may be using it\)/);
    expect(shortcut.apply('Throws')).toMatch(/^The shortcut Throws could not be registered/);
    expect(shortcut.current()).toBeNull();
  });
});
