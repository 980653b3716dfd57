/**
 * What the status bar shows: online or not, which service is targeted, how many items wait
 * to be sent. Recomputed on demand and pushed to listeners when it changes.
 */
import type { AuthStatus } from '../../contract/auth';
import type { SyncStatus } from '../../contract/dictation';
import type { AppStatus, PendingSync, ServiceTarget } from '../../contract/ipc';
import { SERVICE_LABELS, serviceBaseUrl, type Settings } from '../../contract/settings';
import { repeatOn, type Clock } from '../core/clock';
import { Emitter } from '../core/emitter';
import type { HealthState } from '../service/service-health';

export interface StatusSources {
  isOnline(): boolean;
  settings(): Settings;
  /** Loopback address of the embedded sandbox once it runs. */
  sandboxUrl(): string | null;
  pendingSync(): PendingSync;
  health(): HealthState;
  auth(): AuthStatus;
}

/** Whether sending waits, and why: a policy file that cannot be used, a refused sign-in, or automatic sending turned off. */
export function syncStatus(health: HealthState, autoSync: boolean): SyncStatus {
  const paused = health.policyProblem ? 'policy-problem' : health.signInProblem ? 'needs-sign-in' : autoSync ? null : 'sync-off';
  return { paused, serviceReachable: health.reachable, message: health.policyProblem ?? health.signInProblem ?? health.problem };
}

export function describeTarget(settings: Settings, sandboxUrl: string | null): ServiceTarget {
  return {
    kind: settings.service,
    label: SERVICE_LABELS[settings.service],
    baseUrl: settings.service === 'sandbox' ? sandboxUrl : serviceBaseUrl(settings),
  };
}

export class AppStatusMonitor {
  private last: string | null = null;
  private revision = 0;
  private stopRefreshing: (() => void) | null = null;
  private readonly changes = new Emitter<AppStatus>();

  constructor(
    private readonly sources: StatusSources,
    private readonly clock: Pick<Clock, 'setTimeout' | 'clearTimeout'>,
  ) {}

  current(): AppStatus {
    return { ...this.compute(), revision: this.revision };
  }

  private compute(): Omit<AppStatus, 'revision'> {
    const sync = syncStatus(this.sources.health(), this.sources.settings().autoSync);
    return {
      online: this.sources.isOnline(),
      serviceReachable: sync.serviceReachable,
      serviceReached: this.sources.health().reached,
      service: describeTarget(this.sources.settings(), this.sources.sandboxUrl()),
      pendingSync: this.sources.pendingSync(),
      syncPaused: sync.paused,
      holdMessage: sync.paused === 'needs-sign-in' || sync.paused === 'policy-problem' ? sync.message : null,
      auth: this.sources.auth(),
    };
  }

  /** Re-reads the sources and notifies listeners if anything changed. */
  refresh(): void {
    const serialized = JSON.stringify(this.compute());
    if (serialized === this.last) return;
    this.last = serialized;
    this.revision += 1;
    this.changes.emit(this.current());
  }

  onChange(listener: (status: AppStatus) => void): () => void {
    return this.changes.on(listener);
  }

  start(intervalMs = 3000): void {
    this.refresh();
    this.stopRefreshing?.();
    this.stopRefreshing = repeatOn(this.clock, intervalMs, () => this.refresh());
  }

  stop(): void {
    this.stopRefreshing?.();
    this.stopRefreshing = null;
  }
}
