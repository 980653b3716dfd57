import { describe, expect, it } from 'vitest';
import { debuggingSwitches, parseAppArguments } from '../../main/app-arguments';
import { releaseMenuTemplate } from '../../main/windows/release-menu-template';

describe('parseAppArguments', () => {
  it('reads --user-data-dir and --policy, resolving relative paths', () => {
    const args = parseAppArguments(['electron', '.', '--user-data-dir=data', '--policy=/etc/p.json'], '/home/dr');
    expect(args).toEqual({ userDataDir: '/home/dr/data', policyFile: '/etc/p.json' });
  });

  it('gives nulls when the switches are absent or empty', () => {
    expect(parseAppArguments(['electron', '.', '--policy='], '/x')).toEqual({ userDataDir: null, policyFile: null });
  });
});

describe('what a release build refuses', () => {
  it('finds the switches that would open it to a debugger, with or without a value', () => {
    expect(debuggingSwitches(['scribe-desk', '--remote-debugging-port=9222', '--policy=/p.json', '--inspect', '--inspect-brk=0', '--remote-debugging-pipe'])).toEqual([
      '--remote-debugging-port',
      '--inspect',
      '--inspect-brk',
      '--remote-debugging-pipe',
    ]);
    expect(debuggingSwitches(['scribe-desk', '--user-data-dir=/d', '--no-sandbox', '--inspector-note'])).toEqual([]);
  });

  it('its menu has no View menu, reload or developer tools, on any platform', () => {
    const roles = (items: ReadonlyArray<{ role?: string; submenu?: unknown }>): string[] =>
      items.flatMap((item) => [item.role ?? '', ...(Array.isArray(item.submenu) ? roles(item.submenu) : [])]);
    for (const platform of ['linux', 'win32', 'darwin'] as const) {
      const menu = roles(releaseMenuTemplate(platform));
      expect(menu).toContain('editMenu');
      for (const role of ['viewMenu', 'toggleDevTools', 'reload', 'forceReload']) expect(menu).not.toContain(role);
    }
  });
});
