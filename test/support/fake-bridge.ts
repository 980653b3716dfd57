/**
 * A fake of the bridge preload exposes (`window.scribe`), typed from the contract: every
 * operation answers with a Result as the real one does ({ok: true, value} or {ok: false, error}),
 * and every event is `on.<event>(listener)`, returning the unsubscribe. An operation the test has
 * not answered rejects, so a call nobody expected fails the test.
 */
import { EVENT_NAMES, OPERATION_NAMES, type EventName, type EventPayload, type OperationName, type OperationOutput, type ScribeBridge } from '../../contract/ipc';
import type { AppError, Result } from '../../contract/result';
import type { Clock } from '../../contract/clock';
import { FakeClock } from './fake-clock';
import { problems } from './renderer-fixtures';

export type OperationInputOf<K extends OperationName> = Parameters<ScribeBridge[K]>[0];
export type AnswerOf<K extends OperationName> = Result<OperationOutput<K>>;
type Handler<K extends OperationName> = (input: OperationInputOf<K>) => AnswerOf<K> | Promise<AnswerOf<K>>;

/** Calls of one operation held until the test answers them, oldest first. */
export interface Held<K extends OperationName> {
  /** How many calls wait for an answer. */
  readonly waiting: number;
  /** Answers a waiting call: the oldest, or the one at `index` among those waiting. */
  answer(result: AnswerOf<K>, index?: number): void;
}

export class FakeBridge {
  readonly bridge: ScribeBridge;
  private readonly handlers = new Map<OperationName, (input: unknown) => unknown>();
  private readonly inputs = new Map<OperationName, unknown[]>();
  private readonly listeners = new Map<EventName, Set<(payload: unknown) => void>>();

  constructor() {
    const bridge: Record<string, unknown> = {};
    for (const name of OPERATION_NAMES) {
      bridge[name] = (input?: unknown) => {
        this.calledWith(name).push(input);
        const handler = this.handlers.get(name);
        if (!handler) return Promise.reject(new Error(`The fake bridge has no answer for ${name}.`));
        return Promise.resolve(handler(input));
      };
    }
    const on: Record<string, unknown> = {};
    for (const name of EVENT_NAMES) {
      on[name] = (listener: (payload: unknown) => void) => {
        const set = this.listeners.get(name) ?? new Set();
        this.listeners.set(name, set);
        // A wrapper per subscription, as preload makes: the same listener twice is two subscriptions.
        const forward = (payload: unknown) => listener(payload);
        set.add(forward);
        return () => {
          set.delete(forward);
        };
      };
    }
    bridge.on = on;
    // Built name by name from the contract's lists; the types above check each answer.
    this.bridge = bridge as ScribeBridge;
  }

  /** Answers every call of `name` from now on: with this Result, or with what `handler` makes of the input. */
  answer<K extends OperationName>(name: K, answer: AnswerOf<K> | Handler<K>): this {
    const handler = typeof answer === 'function' ? answer : () => answer;
    this.handlers.set(name, handler as (input: unknown) => unknown);
    return this;
  }

  /** From now on, calls of `name` wait until the test answers them. */
  hold<K extends OperationName>(name: K): Held<K> {
    const waiting: Array<(result: AnswerOf<K>) => void> = [];
    this.answer(name, () => new Promise<AnswerOf<K>>((resolve) => waiting.push(resolve)));
    return {
      get waiting() {
        return waiting.length;
      },
      answer(result, index = 0) {
        const [resolve] = waiting.splice(index, 1);
        if (!resolve) throw new Error(`No call of ${name} is waiting at ${index}.`);
        resolve(result);
      },
    };
  }

  /** The inputs `name` was called with, in order. */
  calls<K extends OperationName>(name: K): Array<OperationInputOf<K>> {
    return this.calledWith(name) as Array<OperationInputOf<K>>;
  }

  /** Sends an event as main would. */
  emit<K extends EventName>(name: K, payload: EventPayload<K>): void {
    for (const listener of [...(this.listeners.get(name) ?? [])]) listener(payload);
  }

  /** How many listeners `name` has now. */
  listening(name: EventName): number {
    return this.listeners.get(name)?.size ?? 0;
  }

  private calledWith(name: OperationName): unknown[] {
    const list = this.inputs.get(name) ?? [];
    this.inputs.set(name, list);
    return list;
  }
}

/** Lets every answer given so far run through the store (promise callbacks and all). */
export async function settle(): Promise<void> {
  for (let round = 0; round < 3; round++) await new Promise((resolve) => setTimeout(resolve, 0));
}

/** A renderer store made on a fake bridge, the problems it reports kept apart, on a clock the test moves: the setup of every store test. */
export function storeOnFakeBridge<S>(create: (bridge: ScribeBridge, report: (problem: AppError) => void, clock: Clock) => S) {
  const fake = new FakeBridge();
  const problem = problems();
  const clock = new FakeClock();
  return { fake, problem, clock, store: create(fake.bridge, problem.report, clock) };
}
