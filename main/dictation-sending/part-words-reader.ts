/**
 * Reads each sent part's words from the service while the doctor speaks, politely: the first
 * ask a second after the service took the part, then at most one a part every 1.5 s, five in
 * all, never more than two under way at once, each given up after 10 s; a part whose words
 * did not come by then has them after Stop (with the note). A 501, or 404 to every ask of the
 * first two parts read while no part's words ever came, says the service has no per-part
 * words: reading stops until another service is chosen. Times come from the Clock. Pure logic
 * over the client.
 */
import type { PartWords } from '../api/service-client';
import type { Clock } from '../core/clock';

/** After the service took a part, its words are not there at once. */
export const FIRST_ASK_MS = 1_000;
/** Between two asks for the same part, at least. */
export const ASK_SPACING_MS = 1_500;
/** Asks for one part, at most. */
export const ASKS_PER_PART = 5;
/** One ask is given up after this (as the vendor's SDK does). */
const ASK_TIMEOUT_MS = 10_000;
/** Asks under way at once, for all parts together. */
const ASKS_AT_ONCE = 2;
/** Parts whose every ask got 404, with no part's words come, before the service is taken to have none. */
const NOT_FOUND_PARTS = 2;

export interface PartRef {
  dictationId: string;
  sessionId: string;
  sequence: number;
}

export type PartOutcome = { state: 'heard'; text: string } | { state: 'after-stop' };

export interface PartWordsReaderDeps {
  client: { getPartWords(sessionId: string, sequence: number, signal?: AbortSignal): Promise<PartWords> };
  clock: Clock;
  /** A part's words came, or will not come while recording. */
  onOutcome(part: PartRef, outcome: PartOutcome): void;
  /** The service has no per-part words (501, or 404 to everything). */
  onNoEndpoint(): void;
}

const keyOf = (part: PartRef) => `${part.dictationId}#${part.sessionId}#${part.sequence}`;

export class PartWordsReader {
  private readonly reading = new Map<string, AbortController>();
  private readonly waitingTurn: Array<() => void> = [];
  private underWay = 0;
  private everHeard = false;
  private notFoundParts = 0;
  private endpointMissing = false;

  constructor(private readonly deps: PartWordsReaderDeps) {}

  /** False once the service showed it has no per-part words. */
  get offered(): boolean {
    return !this.endpointMissing;
  }

  /** Starts reading a part's words (once per part and session); parts of the dictation's earlier sessions are given up. */
  read(part: PartRef): void {
    if (this.endpointMissing) return;
    const key = keyOf(part);
    if (this.reading.has(key)) return;
    for (const [other, controller] of this.reading) {
      if (other.startsWith(`${part.dictationId}#`) && !other.startsWith(`${part.dictationId}#${part.sessionId}#`)) this.stop(other, controller);
    }
    const controller = new AbortController();
    this.reading.set(key, controller);
    void this.readPart(part, controller.signal).finally(() => {
      if (this.reading.get(key) === controller) this.reading.delete(key);
    });
  }

  /** Stops reading the dictation's parts (its note came, it was deleted, or it goes another way). */
  stopFor(dictationId: string): void {
    for (const [key, controller] of this.reading) if (key.startsWith(`${dictationId}#`)) this.stop(key, controller);
  }

  /** Another service: what was learned of the last one is forgotten, and nothing more is asked of it. */
  reset(): void {
    for (const [key, controller] of this.reading) this.stop(key, controller);
    this.everHeard = false;
    this.notFoundParts = 0;
    this.endpointMissing = false;
  }

  private stop(key: string, controller: AbortController): void {
    controller.abort();
    this.reading.delete(key);
  }

  private async readPart(part: PartRef, signal: AbortSignal): Promise<void> {
    const { clock } = this.deps;
    let onlyNotFound = true;
    try {
      await clock.sleep(FIRST_ASK_MS, signal);
      for (let ask = 1; ask <= ASKS_PER_PART; ask += 1) {
        const askedAt = clock.now();
        const words = await this.ask(part, signal);
        if (words.state === 'heard') {
          this.everHeard = true;
          this.deps.onOutcome(part, words);
          return;
        }
        if (words.state === 'no-endpoint') return this.noEndpoint();
        if (!(words.state === 'not-yet' && words.status === 404)) onlyNotFound = false;
        if (ask < ASKS_PER_PART) await clock.sleep(Math.max(0, askedAt + ASK_SPACING_MS - clock.now()), signal);
      }
    } catch {
      // Stopped: nothing more is said of this part.
      if (signal.aborted) return;
      onlyNotFound = false;
    }
    if (onlyNotFound && !this.everHeard && ++this.notFoundParts >= NOT_FOUND_PARTS) return this.noEndpoint();
    this.deps.onOutcome(part, { state: 'after-stop' });
  }

  /** One ask, in its turn; an answer that could not be had or read counts as "not yet". */
  private async ask(part: PartRef, signal: AbortSignal): Promise<PartWords | { state: 'failed' }> {
    await this.turn(signal);
    if (signal.aborted) {
      this.release();
      throw signal.reason;
    }
    const timeout = new AbortController();
    const timer = this.deps.clock.setTimeout(() => timeout.abort(), ASK_TIMEOUT_MS);
    const stop = () => timeout.abort();
    signal.addEventListener('abort', stop, { once: true });
    try {
      return await this.deps.client.getPartWords(part.sessionId, part.sequence, timeout.signal);
    } catch {
      if (signal.aborted) throw signal.reason;
      return { state: 'failed' };
    } finally {
      this.deps.clock.clearTimeout(timer);
      signal.removeEventListener('abort', stop);
      this.release();
    }
  }

  private release(): void {
    this.underWay -= 1;
    this.waitingTurn.shift()?.();
  }

  /** Waits until fewer than ASKS_AT_ONCE asks are under way, then takes a place (a stopped part leaves the queue). */
  private turn(signal: AbortSignal): Promise<void> {
    if (this.underWay < ASKS_AT_ONCE) {
      this.underWay += 1;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const take = () => {
        signal.removeEventListener('abort', leave);
        this.underWay += 1;
        resolve();
      };
      const leave = () => {
        this.waitingTurn.splice(this.waitingTurn.indexOf(take), 1);
        reject(signal.reason);
      };
      this.waitingTurn.push(take);
      signal.addEventListener('abort', leave, { once: true });
    });
  }

  private noEndpoint(): void {
    this.endpointMissing = true;
    for (const [key, controller] of this.reading) this.stop(key, controller);
    this.deps.onNoEndpoint();
  }
}
