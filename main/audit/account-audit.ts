/**
 * Sign-in and sign-out as the trail tells them, from the sign-in status the service feature
 * reports on every change: an account signed in, a sign-in the service refused, an account
 * left (the credentials changed or removed). Renewing a token, or waiting for the network,
 * writes nothing. Also who the app acts as now, for every entry's `who`. Pure.
 */
import type { AuthStatus } from '../../contract/auth';
import type { AuditWriter } from './audit-event';

/** The account as the trail names it: the clinic's client id, or how the app signs in; null when it does not. */
export function accountOf(status: Pick<AuthStatus, 'method' | 'clientId'>): string | null {
  switch (status.method) {
    case 'client-credentials':
      return status.clientId ? `client ${status.clientId}` : 'client (no id)';
    case 'sandbox':
      return 'built-in sandbox';
    case 'access-token':
      return 'access token';
    default:
      return null;
  }
}

export class AccountAudit {
  private current: string | null = null;
  private state: AuthStatus['state'] | null = null;

  constructor(private readonly writer: AuditWriter) {}

  /** The account the app acts as now (as last told). */
  account(): string | null {
    return this.current;
  }

  follow(status: AuthStatus): void {
    const account = accountOf(status);
    if (account !== this.current) {
      if (this.current !== null && this.state === 'signed-in') this.writer.record({ action: 'signed-out', detail: { how: account === null ? 'the credentials were removed' : 'another account was set' } });
      this.current = account;
      this.state = null;
    }
    if (status.state === this.state || status.state === 'waiting' || account === null) return;
    this.state = status.state;
    if (status.state === 'signed-in') this.writer.record({ action: 'signed-in' });
    else this.writer.record({ action: 'sign-in-refused', outcome: { done: false, reason: 'the service refused the credentials' } });
  }
}
