import { describe, expect, it } from 'vitest';
import { DEBUGGING_SWITCHES, chromiumSwitchNames, debuggingSwitches, parseAppArguments } from '../../../main/core/app-arguments';
import { releaseMenuTemplate } from '../../../main/shell/windows/release-menu-template';

describe('parseAppArguments', () => {
  it('reads --user-data-dir and --policy, resolving relative paths', () => {
    const args = parseAppArguments(['electron', '.', '--user-data-dir=data', '--policy=/etc/p.json'], '/home/dr');
    expect(args).toEqual({ userDataDir: '/home/dr/data', policyFile: '/etc/p.json' });
  });

  it('gives nulls when the switches are absent or empty', () => {
    expect(parseAppArguments(['electron', '.', '--policy='], '/x')).toEqual({ userDataDir: null, policyFile: null });
  });
});

/** Electron's parser as a test gives it: it knows only `names` (Electron itself cannot run in a unit test). */
const parsed = (...names: string[]) => ({ hasSwitch: (name: string) => names.includes(name) });
const NOTHING_PARSED = parsed();
const refused = (argv: string[], platform: NodeJS.Platform = 'linux') => debuggingSwitches(NOTHING_PARSED, ['scribe-desk', ...argv], platform);

describe('what a release build refuses', () => {
  it('every debugging switch Chromium, Electron and Node act on', () => {
    // The switches Electron hands to Node's inspector (shell/common/node_bindings.cc), and Chromium's DevTools endpoints.
    const electronToNode = ['debug', 'debug-brk', 'debug-port', 'inspect', 'inspect-brk', 'inspect-brk-node', 'inspect-port', 'inspect-publish-uid'];
    for (const name of [...electronToNode, 'inspect-wait', 'remote-debugging-port', 'remote-debugging-pipe']) {
      expect(DEBUGGING_SWITCHES, name).toContain(name);
      expect(refused([`--${name}`]), name).toEqual([name]);
    }
  });

  it('in every spelling Chromium reads on Linux and macOS: one dash or two, with "=value", a value apart, or none', () => {
    for (const platform of ['linux', 'darwin'] as const) {
      for (const spelling of [['-remote-debugging-port=9339'], ['--remote-debugging-port=9339'], ['--remote-debugging-port', '9339'], ['-remote-debugging-port'], ['  --remote-debugging-port=9339 ']]) {
        expect(refused(spelling, platform), spelling.join(' ')).toEqual(['remote-debugging-port']);
      }
      expect(refused(['-inspect-brk=0', '--inspect-port', '9229', '-remote-debugging-pipe'], platform)).toEqual(['remote-debugging-pipe', 'inspect-brk', 'inspect-port']);
    }
  });

  it('on Windows also after "/" and in any case, as Chromium reads them there', () => {
    for (const spelling of ['/remote-debugging-port=9339', '-Remote-Debugging-Port=9339', '--REMOTE-DEBUGGING-PORT', '/INSPECT']) {
      expect(refused([spelling], 'win32'), spelling).toHaveLength(1);
    }
    // Elsewhere Chromium reads neither: "/…" is a file, and a name in capitals is another switch.
    expect(refused(['/remote-debugging-port=9339', '--REMOTE-DEBUGGING-PORT=9339'], 'linux')).toEqual([]);
  });

  it('what Chromium does not take for a switch is not one: after a lone "--", three dashes, a longer name, a value that looks like one', () => {
    expect(refused(['--', '--remote-debugging-port=9339'])).toEqual([]);
    expect(refused(['---remote-debugging-port=9339', '--remote-debugging-portal', '--inspector-note', 'inspect', '-', '--'])).toEqual([]);
    expect(refused(['--user-data-dir=/data/--inspect', '--policy=--remote-debugging-port=1', '--no-sandbox'])).toEqual([]);
  });

  it('Electron\'s own parser is asked too: either one finding a switch is enough', () => {
    expect(debuggingSwitches(parsed('remote-debugging-pipe'), ['scribe-desk'], 'linux')).toEqual(['remote-debugging-pipe']);
    expect(debuggingSwitches(parsed('remote-debugging-port'), ['scribe-desk', '-inspect'], 'linux')).toEqual(['remote-debugging-port', 'inspect']);
    expect(debuggingSwitches(parsed('no-sandbox', 'user-data-dir'), ['scribe-desk', '--no-sandbox'], 'linux')).toEqual([]);
  });

  it('reads the switch names as Chromium does, the program itself aside', () => {
    expect(chromiumSwitchNames(['/opt/Scribe Desk/scribe-desk', '--user-data-dir=/d', '-v=1', 'file.pdf', '--no-sandbox', '--', '--later'], 'linux')).toEqual(['user-data-dir', 'v', 'no-sandbox']);
    expect(chromiumSwitchNames(['C:\\Scribe Desk\\scribe-desk.exe', '/Policy=C:\\p.json', '--No-Sandbox'], 'win32')).toEqual(['policy', 'no-sandbox']);
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
