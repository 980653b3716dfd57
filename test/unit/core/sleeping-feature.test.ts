/**
 * A feature that wakes when first asked (main/core/sleeping-feature.ts): not before start-up's
 * first moments, once for every caller, with what it heard delivered first and in order; a
 * feature that fails to wake is named and tried again; an operation waits for the features it
 * reads. The features here are plain objects: what matters is when they are built and asked.
 */
import { describe, expect, it } from 'vitest';
import type { OperationHandlers } from '../../../contract/operation-handlers';
import { handlersOf, SleepingFeature, wakeFirst, type Wakes } from '../../../main/core/sleeping-feature';
import { isRefusal } from '../../../main/core/refusal';

interface Labs {
  handlers: Pick<OperationHandlers, 'listLabReports'>;
  heard: string[];
}

const WAKES: Wakes = { operations: ['listLabReports', 'deletePatient'], afterFirstMoments: true };

function gate() {
  let open: () => void = () => {};
  const reached = new Promise<void>((resolve) => (open = resolve));
  return { reached: () => reached, open: () => open() };
}

function sleepingLabs(options: { failures?: number } = {}) {
  const moments = gate();
  let builds = 0;
  let failures = options.failures ?? 0;
  const log: string[] = [];
  const labs = new SleepingFeature<Labs>({
    name: 'Lab reports',
    wakes: WAKES,
    firstMoments: moments.reached,
    build: async () => {
      builds += 1;
      if (failures > 0) {
        failures -= 1;
        throw new Error('the module could not be read');
      }
      const heard: string[] = [];
      return { heard, handlers: { listLabReports: () => (log.push(`listed after ${heard.join(', ') || 'nothing heard'}`), []) } };
    },
    onWoken: () => log.push('woke'),
    onFailed: () => log.push('failed'),
  });
  return { labs, moments, log, builds: () => builds };
}

/** Its handlers and another feature's that reads it, as the root joins them. */
const joined = (labs: SleepingFeature<Labs>) => wakeFirst({ ...handlersOf(labs, ['listLabReports']), deletePatient: () => undefined }, [labs]);

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('a feature that wakes when first asked', () => {
  it('is not built before start-up’s first moments are over, then once for all who asked meanwhile', async () => {
    const { labs, moments, builds } = sleepingLabs();
    const asked = [labs.wake(), labs.wake(), labs.wake()];
    await settle();
    expect(builds()).toBe(0);
    expect(labs.awake()).toBeNull();
    moments.open();
    const woken = await Promise.all(asked);
    expect(builds()).toBe(1);
    expect(new Set(woken).size).toBe(1);
    expect(labs.awake()).toBe(woken[0]);
  });

  it('hears what happens while it sleeps, in order, before anything else reaches it; awake, it hears at once', async () => {
    const { labs, moments, log } = sleepingLabs();
    const handlers = joined(labs);
    const hear = labs.hear((feature, what: string) => feature.heard.push(what));
    hear('visit of A ended');
    hear('dictation 1 changed');
    const listed = handlers.listLabReports(undefined);
    moments.open();
    await listed;
    hear('dictation 2 changed');
    expect(log).toEqual(['woke', 'listed after visit of A ended, dictation 1 changed']);
    expect(labs.awake()!.heard).toEqual(['visit of A ended', 'dictation 1 changed', 'dictation 2 changed']);
  });

  it('an operation that arrives while it wakes waits for it and is answered once; another feature’s operation that reads it wakes it too', async () => {
    const { labs, moments, log } = sleepingLabs();
    let deleted = 0;
    const handlers = wakeFirst({ ...handlersOf(labs, ['listLabReports']), deletePatient: (_input: { id: string; items: number }) => void (deleted += labs.awake() ? 1 : 100) }, [labs]);
    // wakeFirst answers both with a promise: each waits for the wake.
    const deleting = Promise.resolve(handlers.deletePatient({ id: '00000000-0000-4000-8000-000000000001', items: 0 }));
    const listing = Promise.resolve(handlers.listLabReports(undefined));
    moments.open();
    await Promise.all([deleting, listing]);
    expect(deleted).toBe(1);
    expect(log).toEqual(['woke', 'listed after nothing heard']);
  });

  it('failing to wake, it is named in a refusal the page shows, what it heard is kept, and the next ask tries again', async () => {
    const { labs, moments, log, builds } = sleepingLabs({ failures: 1 });
    const handlers = joined(labs);
    labs.hear((feature, what: string) => feature.heard.push(what))('patient B deleted');
    moments.open();
    const refusal = await Promise.resolve(handlers.listLabReports(undefined)).catch((error: unknown) => error);
    expect(isRefusal(refusal)).toBe(true);
    expect((refusal as Error).message).toMatch(/^Lab reports could not start: .*Recording and the rest of the app still work/);
    expect(labs.awake()).toBeNull();
    await handlers.listLabReports(undefined);
    expect(builds()).toBe(2);
    expect(labs.awake()!.heard).toEqual(['patient B deleted']);
    expect(log).toEqual(['failed', 'woke', 'listed after patient B deleted']);
  });

  it('a feature that needs one that cannot wake names that one, the cause', async () => {
    const { labs, moments } = sleepingLabs({ failures: 1 });
    const links = new SleepingFeature({ name: 'Linking to the health record (ABDM)', wakes: { operations: [], afterFirstMoments: true }, firstMoments: moments.reached, build: () => labs.wake() });
    moments.open();
    await expect(links.wake()).rejects.toThrow(/^Lab reports could not start/);
  });

  it('a feature that wakes on an operation nobody answers is refused at start, naming it', () => {
    const { labs } = sleepingLabs();
    expect(() => wakeFirst(handlersOf(labs, ['listLabReports']), [labs])).toThrow('A feature wakes on operations nobody answers: deletePatient');
  });
});
