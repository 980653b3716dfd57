import { describe, expect, it } from 'vitest';
import { parseAppArguments } from '../../main/app-arguments';

describe('parseAppArguments', () => {
  it('reads --user-data-dir and --policy, resolving relative paths', () => {
    const args = parseAppArguments(['electron', '.', '--user-data-dir=data', '--policy=/etc/p.json'], '/home/dr');
    expect(args).toEqual({ userDataDir: '/home/dr/data', policyFile: '/etc/p.json' });
  });

  it('gives nulls when the switches are absent or empty', () => {
    expect(parseAppArguments(['electron', '.', '--policy='], '/x')).toEqual({ userDataDir: null, policyFile: null });
  });
});
