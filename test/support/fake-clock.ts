/**
 * A clock for unit tests (main/core/clock.ts) whose time moves only when the test moves it.
 * What is due now runs by itself at the event loop's next turn, as a zero timer does; what
 * is due later waits until `tick` or `advance` brings its time. Real I/O (the sandbox over
 * loopback) goes on in real time meanwhile, so a test waits for states, never for time.
 */
import { sleepOn, type Clock, type ClockTimer } from '../../main/core/clock';

interface Entry {
  id: number;
  dueAt: number;
  callback: () => void;
}

/** Timers run in one move before it is taken for timers that set each other again for "now", for ever. */
const MOST_TIMERS_PER_MOVE = 100_000;

/** A turn of the real event loop: promise continuations and I/O callbacks run. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

export class FakeClock implements Clock {
  private time: number;
  private readonly timers = new Map<number, Entry>();
  private nextId = 1;
  private runScheduled = false;
  private driving: (() => boolean) | null = null;
  private driveScheduled = false;
  private furthestMs = Infinity;

  /** Starts at the real time now, so that dates the code under test writes with its own clock stay close. */
  constructor(start: number = Date.now()) {
    this.time = start;
  }

  /**
   * A clock that moves by itself for code that only waits on it (an outbox's back-off and
   * lookups): whenever `settled()` says nothing is under way (no real request in flight), time
   * jumps to the next timer and runs it, one timer a turn, so that what it starts is under way
   * before the next. Nothing happens between timers, so nothing is missed: the test waits for
   * states, and their time passes at once. A timer further than `furthestMs` ahead is left
   * waiting (an absurd Retry-After a test checks is waited for). Stops by itself once no timer is set.
   */
  static driven(settled: () => boolean, furthestMs = Infinity): FakeClock {
    const clock = new FakeClock();
    clock.driving = settled;
    clock.furthestMs = furthestMs;
    return clock;
  }

  now(): number {
    return this.time;
  }

  setTimeout(callback: () => void, ms: number): ClockTimer {
    const entry = { id: this.nextId++, dueAt: this.time + Math.max(0, ms), callback };
    this.timers.set(entry.id, entry);
    if (entry.dueAt <= this.time) this.runDueSoon();
    else this.driveSoon();
    return entry.id as unknown as ClockTimer;
  }

  clearTimeout(timer: ClockTimer | null): void {
    if (timer !== null) this.timers.delete(timer as unknown as number);
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return sleepOn(this, ms, signal);
  }

  /** Timers set and not yet run. */
  get pending(): number {
    return this.timers.size;
  }

  /** Moves time `ms` forward at once, running every timer that comes due on the way, in order (synchronously). */
  tick(ms: number): void {
    const target = this.time + ms;
    for (let entry = this.firstDue(target), runs = 0; entry; entry = this.firstDue(target), runs += 1) {
      this.countRun(runs);
      this.time = Math.max(this.time, entry.dueAt);
      this.run(entry);
    }
    this.time = target;
  }

  /** Moves time `ms` forward, giving the event loop a turn after each timer, so that what a timer starts may set the next. */
  async advance(ms: number): Promise<void> {
    const target = this.time + ms;
    await turn();
    for (let entry = this.firstDue(target), runs = 0; entry; entry = this.firstDue(target), runs += 1) {
      this.countRun(runs);
      this.time = Math.max(this.time, entry.dueAt);
      this.run(entry);
      await turn();
    }
    this.time = target;
  }

  /**
   * Moves time `ms` forward in steps of `stepMs`; after each step, waits (for a state, in real
   * time) until `settled()` says what the step started (real requests) has ended.
   */
  async pass(ms: number, stepMs: number, settled: () => boolean): Promise<void> {
    for (let passed = 0; passed < ms; passed += stepMs) {
      await this.advance(stepMs);
      while (!settled()) await new Promise((resolve) => setTimeout(resolve, 2));
    }
  }

  /** The earliest timer due by `until` (of two due together, the one set first). */
  private firstDue(until: number): Entry | undefined {
    let first: Entry | undefined;
    for (const entry of this.timers.values()) if (entry.dueAt <= until && (!first || entry.dueAt < first.dueAt)) first = entry;
    return first;
  }

  private countRun(runs: number): void {
    if (runs >= MOST_TIMERS_PER_MOVE) throw new Error(`More than ${MOST_TIMERS_PER_MOVE} timers in one move of the clock: something sets itself again for "now" for ever.`);
  }

  private run(entry: Entry): void {
    this.timers.delete(entry.id);
    entry.callback();
  }

  /** With `driven`: the next timer runs at a real turn when all is settled (a real wait of a millisecond meanwhile). */
  private driveSoon(): void {
    if (!this.driving || this.driveScheduled) return;
    this.driveScheduled = true;
    const drive = () => {
      if (this.timers.size === 0) {
        this.driveScheduled = false;
        return;
      }
      if (this.driving!()) {
        const next = this.firstDue(this.time + this.furthestMs);
        if (next) this.tick(Math.max(0, next.dueAt - this.time));
      }
      setTimeout(drive, 1).unref();
    };
    setTimeout(drive, 1).unref();
  }

  private runDueSoon(): void {
    if (this.runScheduled) return;
    this.runScheduled = true;
    setImmediate(() => {
      this.runScheduled = false;
      // Those due now, as they are now: one a callback sets for "now" waits for the next turn.
      const due = [...this.timers.values()].filter((entry) => entry.dueAt <= this.time).sort((a, b) => a.dueAt - b.dueAt || a.id - b.id);
      for (const entry of due) if (this.timers.has(entry.id)) this.run(entry);
    });
  }
}
