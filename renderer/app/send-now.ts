/**
 * "Send now" (and "Retry") always answer: at once "Trying now…", then what main says next about
 * the item (sent on its way, or tried and still failing, with why), or, when main says nothing
 * for a while (offline, or the service does not answer), that the service still cannot be
 * reached. The dictation and lab report stores share it; it holds no Electron and no bridge.
 */
import type { Clock, ClockTimer } from '../../contract/clock';

/** How long a press waits for news of its try before it says the service cannot be reached. */
export const SEND_NOW_PATIENCE_MS = 8_000;

export interface SendNowAnswer {
  text: string;
  error: boolean;
}

export const TRYING_NOW: SendNowAnswer = { text: 'Trying now…', error: false };
export const SENT_NOW: SendNowAnswer = { text: 'Sent: it is on its way.', error: false };

/** What an item looks like to the answer: where it is, and what went wrong last. */
export interface TriedItem {
  id: string;
  /** No outcome of the try yet: still waiting untouched since the press, or being sent. */
  untried: boolean;
  /** Being sent now (bytes moving): the outcome will come, however long it takes, so patience does not run out. */
  moving: boolean;
  /** Tried and still waiting or failed, with `problem` saying why. */
  problem: string | null;
  /** Still waiting, or failed: a problem then means the try failed. */
  stuck: boolean;
}

/** Which of an outbox item's states mean waiting to be sent, being sent, failed, and being read by the service. */
export interface SendingStates<S extends string> {
  waiting: S;
  sending: S;
  failed: S;
  reading: S;
}

/** An item as "Send now" reads it: still being tried (waiting untouched, or going up), or where the try left it. */
export function triedItem<S extends string>(item: { id: string; state: S; problem: string | null; nextAttemptAt: string | null }, states: SendingStates<S>): TriedItem {
  return {
    id: item.id,
    untried: (item.state === states.waiting && item.problem === null && item.nextAttemptAt === null) || item.state === states.sending,
    moving: item.state === states.sending,
    problem: item.problem,
    stuck: item.state === states.waiting || item.state === states.failed || item.state === states.reading,
  };
}

/** The answer main's news about a tried item gives, or null while it says nothing yet about the try. */
export function answerFor(item: TriedItem): SendNowAnswer | null {
  if (item.untried) return null;
  if (item.stuck && item.problem !== null) return { text: `Tried just now: ${item.problem}`, error: true };
  return SENT_NOW;
}

/** What is said when main says nothing of the try within the patience: `what` names the item ("The dictation"). */
export function unreachableAnswer(what: string): SendNowAnswer {
  return { text: `Tried just now: the service still cannot be reached. ${what} is kept and sent by itself as soon as it can be.`, error: true };
}

export interface SendNowTracker {
  /** The press was made: wait for news of `id` (main's news may come before its answer to the press). */
  tried(id: string, what: string): void;
  /** The press was refused: nothing to wait for. */
  forget(id: string): void;
  /** News of an item from main: answers its press when there is one waiting. */
  heard(item: TriedItem): void;
  /** Forgets every press (the page stops following). */
  clear(): void;
}

/** Follows the presses still unanswered; `say` shows an answer for an item; `clock`: what the patience is counted on. */
export function sendNowTracker(say: (id: string, answer: SendNowAnswer) => void, clock: Pick<Clock, 'setTimeout' | 'clearTimeout'>, patienceMs = SEND_NOW_PATIENCE_MS): SendNowTracker {
  /** Each press waiting for its answer, with the patience that says "cannot be reached" (null: none while the item is being sent). */
  const waiting = new Map<string, ClockTimer | null>();
  const settle = (id: string) => {
    clock.clearTimeout(waiting.get(id) ?? null);
    waiting.delete(id);
  };
  return {
    tried: (id, what) => {
      settle(id);
      waiting.set(
        id,
        clock.setTimeout(() => {
          waiting.delete(id);
          say(id, unreachableAnswer(what));
        }, patienceMs),
      );
    },
    forget: settle,
    heard: (item) => {
      if (!waiting.has(item.id)) return;
      const answer = answerFor(item);
      if (!answer) {
        if (item.moving) {
          clock.clearTimeout(waiting.get(item.id) ?? null);
          waiting.set(item.id, null);
        }
        return;
      }
      settle(item.id);
      say(item.id, answer);
    },
    clear: () => {
      for (const id of [...waiting.keys()]) settle(id);
    },
  };
}
