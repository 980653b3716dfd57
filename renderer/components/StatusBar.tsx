/**
 * The status bar: the connection, the service in use (the sandbox marked as test data), why
 * sending is on hold, and what waits to be sent.
 */
import type { PendingSync } from '../../contract/ipc';
import { useStatusStore } from '../app/stores';

function pendingSyncText(pending: PendingSync): string {
  if (pending === 'counting') return 'Counting what waits to sync…';
  if (pending === 'unreadable') return 'What waits to sync could not be counted';
  return pending === 0 ? 'Nothing waiting to sync' : `${pending} waiting to sync`;
}

export function StatusBar() {
  const status = useStatusStore((state) => state.status);
  if (!status) return <div className="status-bar" role="status" aria-label="Status" />;
  const { online, serviceReachable, serviceReached, service, pendingSync, syncPaused } = status;
  const connection = !online ? 'offline' : !serviceReachable ? 'unreachable' : serviceReached ? 'online' : 'not-yet';
  const connectionText = { online: 'Online', offline: 'Offline', unreachable: 'Service unreachable', 'not-yet': 'Not yet connected' }[connection];
  return (
    <div className="status-bar" role="status" aria-label="Status">
      <span className={`connection ${connection}`} data-testid="connection">
        <span className="dot" aria-hidden="true" />
        {connectionText}
      </span>
      {service.kind === 'sandbox' ? (
        <span className="badge sandbox" data-testid="service-badge" title="Results come from the built-in test service, not from the real transcription service.">
          Sandbox: test data only
        </span>
      ) : (
        <span className="badge service" data-testid="service-badge" title={service.baseUrl ?? undefined}>
          {service.label}
        </span>
      )}
      {syncPaused === 'policy-problem' ? (
        <span className="paused" data-testid="status-bar-hold">
          Sending on hold: the policy file cannot be used
        </span>
      ) : null}
      {syncPaused === 'needs-sign-in' ? (
        <span className="paused" data-testid="status-bar-hold">
          Sending on hold: sign-in needed
        </span>
      ) : null}
      {syncPaused === 'sync-off' ? <span className="paused">Automatic sending is off</span> : null}
      <span className="pending" data-testid="pending-sync">
        {pendingSyncText(pendingSync)}
      </span>
    </div>
  );
}
