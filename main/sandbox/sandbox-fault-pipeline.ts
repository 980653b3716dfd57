/**
 * The sandbox's faults, decided once for each request, in this order:
 *
 *  1. uplink    its body crosses the clinic's uplink when it is read (`uplinkKbps`, throttled-body.ts);
 *  2. latency   the request waits `latencyMs` on the sandbox's clock; one its client gave up
 *               meanwhile is dropped, and takes none of the faults set for the requests after it;
 *  3. drop      `dropNext`, else a draw under `dropRate`: the connection is closed without an answer;
 *  4. fail      `failNext`, else a draw under `serverErrorRate`: 503 with no body;
 *  5. raw       `rawNext`: the next scripted answer, sent as it is;
 *  6. scripted  `rateLimitNext` (429, Retry-After: 1), else `malformedNext` (200, JSON of another
 *               shape), else `garbageNext` (200, an HTML page);
 *  7. no route  404 for an address the interface does not have;
 *  8. refused   the operation's own 401 for a missing, wrong or expired token, or under `unauthorized`;
 *  9. hostile   `hostileNext` for the operation (sandbox-hostile.ts), its kinds taking turns.
 *
 * Sign-in and renewal go through 1, 2, 3 and 5 only. A request that passes them all is
 * answered by its operation, where its area's own settings apply (`forbidRecords`,
 * `processingMs`, `nextOutcomes`, lifetimes…) and the server encrypts (`plainAnswers`,
 * `responseAad`). Each `…Next` count is used up by the request it decides; each rate is drawn
 * by every request that reaches its step unless its count decided first, so a seeded generator
 * (`seededRandom`) repeats a run's faults exactly for the same requests in the same order. Calls the control endpoint answers
 * (/__sandbox/…) take none; in a sandbox without one they are unknown addresses like any other.
 */
import type { IncomingMessage } from 'node:http';
import type { Clock } from '../core/clock';
import type { SandboxFaults } from './sandbox-faults';
import { HOSTILE_OPERATIONS, hostileAnswers, type HostileOperation } from './sandbox-hostile';
import type { SandboxRoute } from './sandbox-routes';
import type { Reply } from './sandbox-reply';
import { throughUplink, Uplink } from './throttled-body';

/** What the request is: a sign-in or renewal, or a call of the interface (its route, if there is one, and whether its token was good). */
export type FaultCall = { kind: 'sign-in' } | { kind: 'api'; route: SandboxRoute | null; tokenOk: boolean };

export type FaultVerdict =
  /** Close the connection without an answer. */
  | { action: 'drop' }
  /** Answer this instead of the operation. */
  | { action: 'answer'; reply: Reply }
  /** No fault: the operation answers. */
  | { action: 'pass' };

const DROP: FaultVerdict = { action: 'drop' };
const PASS: FaultVerdict = { action: 'pass' };
const answer = (reply: Reply): FaultVerdict => ({ action: 'answer', reply });
/** The answer to an address the interface does not have (step 7). */
export const NOT_FOUND: Reply = { status: 404, json: { message: 'Not found' } };

/** A small fast generator (mulberry32) of numbers in [0, 1): the same seed, the same numbers. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export class FaultPipeline {
  /** The clinic's uplink, which every API call's body crosses, sign-in and renewal included. */
  private readonly uplink: Uplink;
  /** Hostile answers given, by operation and kind (`resultLookup/fhir-null-entry`). */
  private readonly hostileGiven = new Map<string, number>();
  private readonly hostileTurn = new Map<HostileOperation, number>();

  /** `faults`: the faults now; the counts it uses up are taken from that object. `clock`: what the latency waits on. */
  constructor(
    private readonly faults: () => SandboxFaults,
    private random: () => number,
    private readonly clock: Clock,
  ) {
    this.uplink = new Uplink(() => this.faults().uplinkKbps, clock);
  }

  /** Where the rates' draws come from from now on. */
  useRandom(random: () => number): void {
    this.random = random;
  }

  /** The faults of one request, in the order above; waits out the latency. */
  async decide(req: IncomingMessage, call: FaultCall): Promise<FaultVerdict> {
    const faults = this.faults();
    throughUplink(req, this.uplink);
    if (faults.latencyMs > 0) {
      await this.clock.sleep(faults.latencyMs);
      // A request its client gave up while it waited must not use up a count meant for the next one.
      if (req.destroyed || req.socket.destroyed) return DROP;
    }
    // The faults may have been changed while the request waited: from here on, as they are now.
    const current = this.faults();
    if (this.taken(current, 'dropNext') || this.random() < current.dropRate) return DROP;
    const api = call.kind === 'api';
    if (api && (this.taken(current, 'failNext') || this.random() < current.serverErrorRate)) return answer({ status: 503 });
    const raw = current.rawNext.shift();
    if (raw) return answer({ status: raw.status, headers: raw.headers, bytes: Buffer.from(raw.body, 'utf8'), contentType: raw.contentType });
    if (!api) return PASS;
    if (this.taken(current, 'rateLimitNext')) return answer({ status: 429, headers: { 'retry-after': '1' } });
    if (this.taken(current, 'malformedNext')) return answer({ status: 200, json: { unexpected: true, data: 'not what the interface documents' } });
    if (this.taken(current, 'garbageNext')) return answer({ status: 200, text: '<html><body>Gateway error</body></html>', contentType: 'text/html' });
    if (!call.route) return answer(NOT_FOUND);
    if (!call.tokenOk || current.unauthorized) return answer(call.route.unauthorized);
    const hostile = this.hostileAnswer(current, call.route.operation);
    return hostile ? answer(hostile) : PASS;
  }

  /** How many hostile answers it gave, by `operation/kind`. */
  hostileServed(): Record<string, number> {
    return Object.fromEntries(this.hostileGiven);
  }

  reset(): void {
    this.hostileGiven.clear();
    this.hostileTurn.clear();
  }

  /** Uses up one of a `…Next` count; false when there is none left. */
  private taken(faults: SandboxFaults, count: 'dropNext' | 'failNext' | 'rateLimitNext' | 'malformedNext' | 'garbageNext'): boolean {
    if (faults[count] <= 0) return false;
    faults[count] -= 1;
    return true;
  }

  /** The operation's next hostile answer, if one is due; the kinds take turns. */
  private hostileAnswer(faults: SandboxFaults, operation: string): Reply | null {
    if (!(HOSTILE_OPERATIONS as readonly string[]).includes(operation)) return null;
    const name = operation as HostileOperation;
    const left = faults.hostileNext[name] ?? 0;
    const answers = hostileAnswers(name, faults.hostileKinds);
    if (left <= 0 || answers.length === 0) return null;
    faults.hostileNext = { ...faults.hostileNext, [name]: left - 1 };
    const turn = this.hostileTurn.get(name) ?? 0;
    this.hostileTurn.set(name, turn + 1);
    const given = answers[turn % answers.length]!;
    const key = `${name}/${given.kind}`;
    this.hostileGiven.set(key, (this.hostileGiven.get(key) ?? 0) + 1);
    return given.reply();
  }
}
