/**
 * What the outboxes learn about the service as they use it: whether it answered last time,
 * and whether it refused the token. Shared by dictations and records, shown in the status bar.
 */

export interface HealthState {
  reachable: boolean;
  needsToken: boolean;
  /** The last transport problem, in plain words; null once the service answers again. */
  problem: string | null;
}

export class ServiceHealth {
  private state: HealthState = { reachable: true, needsToken: false, problem: null };
  private readonly listeners = new Set<(state: HealthState) => void>();

  current(): HealthState {
    return { ...this.state };
  }

  answered(): void {
    this.set({ reachable: true, problem: null });
  }

  unreachable(problem: string): void {
    this.set({ reachable: false, problem });
  }

  tokenRejected(): void {
    this.set({ needsToken: true });
  }

  /** New credentials were saved: try again. */
  credentialsChanged(): void {
    this.set({ needsToken: false });
  }

  onChange(listener: (state: HealthState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private set(patch: Partial<HealthState>): void {
    const next = { ...this.state, ...patch };
    if (next.reachable === this.state.reachable && next.needsToken === this.state.needsToken && next.problem === this.state.problem) return;
    this.state = next;
    for (const listener of this.listeners) listener(this.current());
  }
}
