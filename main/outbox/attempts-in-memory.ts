/**
 * Attempts, waits and problems of outbox items that are derived from something kept
 * elsewhere (the parts of a recording, a correction to send), kept in memory only: after a
 * restart every such item is tried at once. Pure.
 */
import type { QueuedItem } from './outbox';

export type Attempts = Pick<QueuedItem, 'attempts' | 'nextAttemptAt' | 'problem'>;

const NONE: Attempts = { attempts: 0, nextAttemptAt: null, problem: null };

export class AttemptsInMemory {
  private readonly byId = new Map<string, Attempts>();

  of(id: string): Attempts {
    return this.byId.get(id) ?? NONE;
  }

  /** Takes the attempt fields of an outbox change; returns what the item now has. */
  take(id: string, patch: Partial<QueuedItem>): Attempts {
    const current = this.of(id);
    const next: Attempts = {
      attempts: patch.attempts ?? current.attempts,
      nextAttemptAt: patch.nextAttemptAt !== undefined ? patch.nextAttemptAt : current.nextAttemptAt,
      problem: patch.problem !== undefined ? patch.problem : current.problem,
    };
    this.byId.set(id, next);
    return next;
  }

  /** Forgets the items `which` picks: they are due at once. */
  forget(which: (id: string) => boolean): void {
    for (const id of [...this.byId.keys()]) if (which(id)) this.byId.delete(id);
  }
}
