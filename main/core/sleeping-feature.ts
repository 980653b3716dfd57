/**
 * A feature that wakes when first asked, as VS Code's extensions wake on their activation
 * events: it declares what wakes it (the operations it serves or must be awake for, events it
 * hears, start-up's first moments being over), and is built once, on the first of those. An
 * operation or event that comes while it wakes waits for it, once, and is never lost; a feature
 * that fails to wake is named in the refusal, and is tried again when next asked. Plain Node.
 */
import type { OperationName } from '../../contract/ipc';
import type { OperationHandlers } from '../../contract/operation-handlers';
import { Refusal } from './refusal';

/** What wakes a feature. */
export interface Wakes {
  /** The operations it serves, and those of the others that need it awake (their handlers read it). */
  operations: readonly OperationName[];
  /** Woken as soon as start-up's first moments are over, asked or not (it sends, checks or listens by itself). */
  afterFirstMoments: boolean;
}

export interface SleepingFeatureDeps<T> {
  /** The feature as the doctor knows it ("Lab reports"): said when it cannot wake. */
  name: string;
  wakes: Wakes;
  /** Loads its code and builds it. */
  build(): Promise<T>;
  /** Resolves once a wake may start: not before the window's first answers (Record's first). */
  firstMoments(): Promise<void>;
  /** Told once it is awake (its work started if the app's has), or that it failed. */
  onWoken?(feature: T): void;
  onFailed?(error: unknown): void;
}

export class SleepingFeature<T> {
  private feature: T | null = null;
  private waking: Promise<T> | null = null;
  /** What it heard while asleep, delivered in order as it wakes, before anything else reaches it. */
  private heard: Array<(feature: T) => void> = [];

  constructor(private readonly deps: SleepingFeatureDeps<T>) {}

  get name(): string {
    return this.deps.name;
  }

  get wakes(): Wakes {
    return this.deps.wakes;
  }

  /** The feature if awake; null while it sleeps or wakes. */
  awake(): T | null {
    return this.feature;
  }

  /** The feature, woken first if it sleeps; every caller while it wakes waits for the one wake. */
  wake(): Promise<T> {
    if (this.feature) return Promise.resolve(this.feature);
    this.waking ??= this.wakeOnce();
    return this.waking;
  }

  /**
   * A listener for an event the feature hears: delivered at once when awake; while asleep kept,
   * in order, and the feature woken to hear it.
   */
  hear<A extends unknown[]>(deliver: (feature: T, ...args: A) => void): (...args: A) => void {
    return (...args) => {
      if (this.feature) return deliver(this.feature, ...args);
      this.heard.push((feature) => deliver(feature, ...args));
      this.wake().catch(() => {});
    };
  }

  private async wakeOnce(): Promise<T> {
    try {
      await this.deps.firstMoments();
      const feature = await this.deps.build();
      // What it hears while hearing the rest is kept in the same line.
      for (let deliver = this.heard.shift(); deliver; deliver = this.heard.shift()) deliver(feature);
      this.feature = feature;
      this.deps.onWoken?.(feature);
      return feature;
    } catch (error) {
      this.waking = null;
      this.deps.onFailed?.(error);
      // A feature it needs could not wake: that one is named, the cause.
      if (error instanceof WakeRefusal) throw error;
      throw new WakeRefusal(this.deps.name, error);
    }
  }
}

/** What the page is told of a feature that could not wake: its name, and that Record is not touched. */
class WakeRefusal extends Refusal {
  constructor(name: string, cause: unknown) {
    super('unexpected', `${name} could not start: this part of the app is unavailable for now. Recording and the rest of the app still work; try again, and restart the app if it goes on.`, { retryable: true, cause });
  }
}

/** Its share of the handlers, each answered by the feature once awake (woken first by `wakeFirst`). */
export function handlersOf<Op extends OperationName, T extends { handlers: Pick<OperationHandlers, Op> }>(sleeping: SleepingFeature<T>, operations: readonly Op[]): Pick<OperationHandlers, Op> {
  const handlers: Partial<Record<Op, (input: unknown) => unknown>> = {};
  for (const operation of operations) {
    handlers[operation] = (input) => {
      const feature = sleeping.awake();
      if (!feature) throw new Error(`${operation}: answered before ${sleeping.name} woke`);
      return (feature.handlers[operation] as (input: unknown) => unknown)(input);
    };
  }
  return handlers as unknown as Pick<OperationHandlers, Op>;
}

/** What `wakeFirst` needs of a sleeping feature. */
export interface Waking {
  readonly wakes: Wakes;
  awake(): unknown;
  wake(): Promise<unknown>;
}

/**
 * The handlers, each operation waiting first for the features that must be awake for it (those
 * whose `wakes.operations` name it): a feature's own operations, and the others' that read it.
 */
export function wakeFirst<H extends Partial<OperationHandlers>>(handlers: H, sleeping: readonly Waking[]): H {
  const woken: Record<string, unknown> = { ...handlers };
  for (const feature of sleeping) {
    const unanswered = feature.wakes.operations.filter((operation) => !(operation in handlers));
    if (unanswered.length > 0) throw new Error(`A feature wakes on operations nobody answers: ${unanswered.join(', ')}`);
  }
  for (const operation of Object.keys(handlers) as OperationName[]) {
    const needed = sleeping.filter((feature) => feature.wakes.operations.includes(operation));
    if (needed.length === 0) continue;
    const handler = handlers[operation] as (input: unknown) => unknown;
    woken[operation] = async (input: unknown) => {
      if (needed.some((feature) => !feature.awake())) await Promise.all(needed.map((feature) => feature.wake()));
      return handler(input);
    };
  }
  return woken as H;
}
