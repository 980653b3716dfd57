import { describe, expect, it } from 'vitest';
import { followItems, followValue } from '../../../renderer/app/follow';

/** A hand-made event source and a load the test answers. */
function source<T>() {
  const listeners = new Set<(value: T) => void>();
  let answer: (value: T | null) => void = () => undefined;
  const order: string[] = [];
  return {
    order,
    on: (listener: (value: T) => void) => {
      order.push('subscribe');
      listeners.add(listener);
      return () => listeners.delete(listener) && undefined;
    },
    load: () => {
      order.push('load');
      return new Promise<T | null>((resolve) => (answer = resolve));
    },
    emit: (value: T) => listeners.forEach((listener) => listener(value)),
    answer: (value: T | null) => answer(value),
    listeners,
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('followValue', () => {
  it('subscribes before it loads, and returns the unsubscribe', () => {
    const events = source<number>();
    const off = followValue({ on: events.on, load: events.load, apply: () => undefined });
    expect(events.order).toEqual(['subscribe', 'load']);
    off();
    expect(events.listeners.size).toBe(0);
  });

  it('without an ordering, an event that came after the load started wins over its answer', async () => {
    const events = source<string>();
    const applied: string[] = [];
    followValue({ on: events.on, load: events.load, apply: (value) => applied.push(value) });
    events.emit('from the event');
    events.answer('from the load');
    await tick();
    expect(applied).toEqual(['from the event']);
  });

  it('without an ordering and without events, the load is applied; a failed load (null) is not', async () => {
    const events = source<string>();
    const applied: string[] = [];
    followValue({ on: events.on, load: events.load, apply: (value) => applied.push(value) });
    events.answer('loaded');
    await tick();
    const failed = source<string>();
    followValue({ on: failed.on, load: failed.load, apply: (value) => applied.push(value) });
    failed.answer(null);
    await tick();
    expect(applied).toEqual(['loaded']);
  });

  it("with the caller's ordering, the newer value wins whichever way they came", async () => {
    const events = source<number>();
    let shown = 0;
    const seen: Array<[number, string]> = [];
    followValue({
      on: events.on,
      load: events.load,
      apply: (value) => (shown = value),
      isNewer: (value, from) => {
        seen.push([value, from]);
        return value >= shown;
      },
    });
    events.emit(3);
    events.emit(2); // older, late
    events.answer(5); // the load saw more than the events
    await tick();
    expect(shown).toBe(5);
    expect(seen).toEqual([
      [3, 'event'],
      [2, 'event'],
      [5, 'load'],
    ]);
  });
});

describe('followItems', () => {
  it('keeps what an event said of an item during the load, and takes the rest from the load', async () => {
    const changed = source<{ id: string; v: number }>();
    const removed = source<{ id: string }>();
    const list = source<Array<{ id: string; v: number }>>();
    const items = new Map<string, number>();
    const off = followItems({
      onChanged: changed.on,
      onRemoved: removed.on,
      load: list.load,
      changed: (item) => items.set(item.id, item.v),
      removed: (id) => items.delete(id),
      loaded: (list) => list.forEach((item) => items.set(item.id, item.v)),
    });
    changed.emit({ id: 'a', v: 2 });
    removed.emit({ id: 'b' });
    list.answer([
      { id: 'a', v: 1 },
      { id: 'b', v: 1 },
      { id: 'c', v: 1 },
    ]);
    await tick();
    expect([...items]).toEqual([
      ['a', 2],
      ['c', 1],
    ]);
    off();
    expect(changed.listeners.size + removed.listeners.size).toBe(0);
  });
});
