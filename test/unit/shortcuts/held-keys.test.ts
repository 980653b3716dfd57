import { describe, expect, it } from 'vitest';
import { KEY } from '../../../main/shortcuts/accelerator-keys';
import { KeysDown } from '../../../main/shortcuts/held-keys';

describe('KeysDown', () => {
  it('knows the keys seen going down and not yet up; repeats change nothing', () => {
    const keys = new KeysDown();
    keys.keyDown(KEY.Ctrl, 0);
    keys.keyDown(KEY.Ctrl, 40);
    keys.keyDown(KEY.Alt, 10);
    expect(keys.anyOf([KEY.Ctrl, KEY.CtrlRight])).toBe(true);
    keys.keyUp(KEY.Ctrl);
    expect(keys.has(KEY.Ctrl)).toBe(false);
    expect(keys.has(KEY.Alt)).toBe(true);
    keys.clear();
    expect(keys.anyOf([KEY.Alt])).toBe(false);
  });
});
