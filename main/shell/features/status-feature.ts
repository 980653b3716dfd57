/** What the status bar shows, assembled: refreshed when anything it is made of changes, pushed to the page. */
import { net } from 'electron';
import type { PendingSync } from '../../../contract/ipc';
import type { OperationHandlers } from '../../../contract/operation-handlers';
import type { Clock } from '../../core/clock';
import type { Feature } from '../../core/feature';
import type { ServiceFeature } from './service-feature';
import type { SettingsService } from '../../settings/settings-service';
import type { WindowEvents } from '../windows/app-window';
import { AppStatusMonitor } from '../../status/app-status';

export interface StatusFeatureDeps {
  settings: SettingsService;
  service: Pick<ServiceFeature, 'health' | 'connection' | 'onChange'>;
  /** Items waiting to be sent, and when that count may have changed. */
  outboxes: { pendingCount(): PendingSync; onChange(listener: () => void): () => void };
  window: WindowEvents;
  clock: Clock;
}

export function createStatusFeature(deps: StatusFeatureDeps) {
  const monitor = new AppStatusMonitor({
    isOnline: () => net.isOnline(),
    settings: () => deps.settings.current(),
    sandboxUrl: () => deps.service.connection.sandboxUrl(),
    pendingSync: () => deps.outboxes.pendingCount(),
    health: () => deps.service.health.current(),
    auth: () => deps.service.connection.authStatus(),
  }, deps.clock);
  const refresh = () => monitor.refresh();
  deps.service.onChange(refresh);
  deps.settings.onChange(refresh);
  deps.outboxes.onChange(refresh);
  monitor.onChange((status) => deps.window.send('statusChanged', status));

  const handlers: Pick<OperationHandlers, 'getStatus'> = { getStatus: () => monitor.current() };
  return {
    handlers,
    /** Told again: something it is made of changed without an event of its own (the dictations read at start-up). */
    refresh,
    start: () => monitor.start(),
    stop: async (): Promise<void> => monitor.stop(),
  } satisfies Feature;
}
