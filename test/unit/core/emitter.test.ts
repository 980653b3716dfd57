import { describe, expect, it } from 'vitest';
import { Emitter } from '../../../main/core/emitter';

describe('an emitter', () => {
  it('tells its listeners in the order they came, until each one disposes of itself or all are cleared', () => {
    const emitter = new Emitter<number>();
    const heard: string[] = [];
    const offFirst = emitter.on((value) => heard.push(`first ${value}`));
    emitter.on((value) => heard.push(`second ${value}`));
    emitter.emit(1);
    offFirst();
    offFirst();
    emitter.emit(2);
    emitter.clear();
    emitter.emit(3);
    expect(heard).toEqual(['first 1', 'second 1', 'second 2']);
  });

  it('tells those listening when it emits: one added meanwhile hears the next value, one removed meanwhile still hears this one', () => {
    const emitter = new Emitter();
    const heard: string[] = [];
    let offLate: (() => void) | null = null;
    emitter.on(() => {
      heard.push('early');
      offLate?.();
      emitter.on(() => heard.push('added'));
    });
    offLate = emitter.on(() => heard.push('late'));
    emitter.emit();
    expect(heard).toEqual(['early', 'late']);
    emitter.emit();
    expect(heard).toEqual(['early', 'late', 'early', 'added']);
  });
});
