/**
 * What the outboxes learn about the service as they use it: whether it answered last time,
 * and whether sending must wait for the user to mend the sign-in. Shared by dictations and
 * lab reports, shown in the status bar.
 */
import { Emitter } from '../core/emitter';

export interface HealthState {
  reachable: boolean;
  /** The service has answered at least once since the app started: until then, "reachable" is only not yet disproved. */
  reached: boolean;
  /** Why sending waits for the user (credentials refused), in plain words; null when it does not. */
  signInProblem: string | null;
  /** Why sending waits for the administrator (the policy file cannot be used), in plain words; null when it does not. */
  policyProblem: string | null;
  /** The last transport problem, in plain words; null once the service answers again. */
  problem: string | null;
}

export class ServiceHealth {
  private state: HealthState = { reachable: true, reached: false, signInProblem: null, policyProblem: null, problem: null };
  private readonly changes = new Emitter<HealthState>();
  private readonly backOnline = new Emitter();
  /** A request failed (network or a passing error of the service) and none has succeeded since. */
  private failing = false;

  current(): HealthState {
    return { ...this.state };
  }

  /** True while nothing may be sent until the user (or the administrator) acts. */
  onHold(): boolean {
    return this.state.signInProblem !== null || this.state.policyProblem !== null;
  }

  /** The policy file cannot be used (a message), or it can again, or the user chose the sandbox (null). */
  policyHold(problem: string | null): void {
    this.set({ policyProblem: problem });
  }

  answered(): void {
    const recovered = this.failing || !this.state.reachable;
    this.failing = false;
    this.set({ reachable: true, reached: true, problem: null });
    if (recovered) this.backOnline.emit();
  }

  /** The service answered with a passing failure (busy, a server error): it is reachable, but what waits may go once it succeeds again. */
  troubled(): void {
    this.failing = true;
    this.set({ reached: true });
  }

  /** The service answered after it could not be reached: whatever waits for it may go now. */
  onBackOnline(listener: () => void): () => void {
    return this.backOnline.on(listener);
  }

  unreachable(problem: string): void {
    this.failing = true;
    this.set({ reachable: false, problem });
  }

  /** The token or the credentials were refused, and renewing did not help. */
  signInRefused(message: string): void {
    this.set({ signInProblem: message });
  }

  /** Another service was chosen: it has not answered yet. */
  serviceChanged(): void {
    this.set({ reached: false });
  }

  /** New credentials were saved or a sign-in succeeded: try again. */
  credentialsChanged(): void {
    this.set({ signInProblem: null });
  }

  onChange(listener: (state: HealthState) => void): () => void {
    return this.changes.on(listener);
  }

  private set(patch: Partial<HealthState>): void {
    const next = { ...this.state, ...patch };
    const keys = Object.keys(next) as Array<keyof HealthState>;
    if (keys.every((key) => next[key] === this.state[key])) return;
    this.state = next;
    this.changes.emit(this.current());
  }
}
