/**
 * Which service the client talks to, and how it signs in, following the settings. With
 * "Sandbox" selected the embedded sandbox runs on loopback and the app signs in to it with
 * its test client, like to the real service; otherwise the client uses the configured
 * address with the clinic's client id and secret (tokens renewed by the app), or a pasted
 * access token.
 */
import type { AuthStatus } from '../../contract/auth';
import { serviceBaseUrl, type SecretName, type Settings } from '../../contract/settings';
import { ConnectAuthApi } from '../api/connect-auth';
import { DEVELOPMENT_BUILD } from '../core/build-kind';
import type { Clock } from '../core/clock';
import { HttpTransport } from '../api/http-transport';
import type { ServiceConfig } from '../api/service-client';
import { ServiceError } from '../api/service-error';
import type { SandboxServer } from '../sandbox/sandbox-server';
import type { ClientCredentials } from '../api/auth-grant';
import { ClientCredentialsSignIn, type GrantStore } from './client-credentials-sign-in';
import { grantOwner, memoryGrantStore } from './grant-store';
import { staticToken, type TokenSource } from '../api/token-source';

export interface ConnectionSettings {
  current(): Settings;
  secret(name: SecretName): string | null;
}

export interface ConnectionDeps {
  /** Persists a sign-in's tokens for the service and client named by `owner`. */
  grantStore(owner: string): GrantStore;
  onAuthChange?(status: AuthStatus): void;
  onProblem?(message: string): void;
  /** The clock token renewal reads. */
  clock: Clock;
}

const NOT_SIGNED_IN: AuthStatus = { method: 'none', clientId: null, state: 'waiting', lastRenewedAt: null, expiresAt: null, problem: null };

export class ServiceConnection {
  private sandbox: SandboxServer | null = null;
  private starting: Promise<void> | null = null;
  private signIn: { owner: string; signIn: ClientCredentialsSignIn } | null = null;
  private readonly authTransport = new HttpTransport({ requestTimeoutMs: 60_000 });
  private readonly clock: Clock;

  constructor(
    private readonly settings: ConnectionSettings,
    private readonly deps: ConnectionDeps,
  ) {
    this.clock = deps.clock;
  }

  /**
   * Starts or stops the sandbox to match the settings. The sandbox's code is loaded only
   * when it is chosen, and after the window is up: a clinic's copy never needs it.
   */
  apply(): Promise<void> {
    const run = async () => {
      await this.starting;
      const wantSandbox = this.settings.current().service === 'sandbox';
      if (wantSandbox && !this.sandbox) {
        const { SandboxServer } = await import('../sandbox/sandbox-server');
        // A release build's sandbox has no control endpoint: faults and what it received are test machinery.
        this.sandbox = await SandboxServer.start({ control: DEVELOPMENT_BUILD });
      } else if (!wantSandbox && this.sandbox) {
        const stopping = this.sandbox;
        this.sandbox = null;
        await stopping.stop();
      }
      this.shareKeyWithSandbox();
      this.deps.onAuthChange?.(this.authStatus());
    };
    this.starting = run().catch((error: unknown) => this.deps.onProblem?.(`The sandbox service could not start: ${(error as Error).message}`));
    return this.starting;
  }

  /** Settles once the service chosen in the settings can be reached (the sandbox has started, when it is the one). */
  ready(): Promise<void> {
    return this.starting ?? this.apply();
  }

  /** The sandbox accepts the encryption key set in Settings, so JWE can be tried without a real service. */
  private shareKeyWithSandbox(): void {
    const key = this.settings.secret('jweClientKey');
    const kid = this.settings.current().jweKid;
    if (this.sandbox && key && kid) this.sandbox.setJweKey(kid, key);
  }

  /** Whether requests that can be encrypted are (a client key and kid are set). */
  encrypting(): boolean {
    return Boolean(this.settings.secret('jweClientKey') && this.settings.current().jweKid);
  }

  sandboxUrl(): string | null {
    return this.sandbox?.url ?? null;
  }

  private baseUrl(): string {
    const settings = this.settings.current();
    if (settings.service !== 'sandbox') return serviceBaseUrl(settings) ?? '';
    if (!this.sandbox) throw new ServiceError('network', 'The built-in sandbox service is not running yet. The app will try again.');
    return this.sandbox.url;
  }

  private credentials(): ClientCredentials | null {
    if (this.settings.current().service === 'sandbox') return this.sandbox?.clientCredentials ?? null;
    const clientId = this.settings.current().clientId;
    const clientSecret = this.settings.secret('clientSecret');
    return clientId && clientSecret ? { clientId, clientSecret } : null;
  }

  /** The sign-in for the current service and credentials, made when they change. */
  private currentSignIn(): ClientCredentialsSignIn | null {
    const credentials = this.credentials();
    if (!credentials) {
      this.signIn = null;
      return null;
    }
    const sandbox = this.settings.current().service === 'sandbox';
    const address = this.baseUrl();
    const owner = grantOwner(address, credentials);
    if (this.signIn?.owner !== owner) {
      const signIn = new ClientCredentialsSignIn({
        credentials,
        // Bound to the address it was made for: a renewal still in flight when the address changes never takes this secret elsewhere.
        api: new ConnectAuthApi(this.authTransport, () => address, this.clock),
        store: sandbox ? memoryGrantStore() : this.deps.grantStore(owner),
        method: sandbox ? 'sandbox' : 'client-credentials',
        clock: this.clock,
        onChange: (status) => this.deps.onAuthChange?.(status),
      });
      this.signIn = { owner, signIn };
    }
    return this.signIn.signIn;
  }

  private tokenSource(): TokenSource {
    return this.currentSignIn() ?? staticToken(this.settings.secret('accessToken'));
  }

  authStatus(): AuthStatus {
    try {
      const signIn = this.currentSignIn();
      if (signIn) return signIn.status();
    } catch {
      return NOT_SIGNED_IN;
    }
    return this.settings.secret('accessToken') ? { ...NOT_SIGNED_IN, method: 'access-token', state: 'signed-in' } : NOT_SIGNED_IN;
  }

  /** Makes sure a token is held (signing in if needed), so problems show before anything must be sent. */
  async signInIfNeeded(): Promise<void> {
    try {
      await this.currentSignIn()?.token();
    } catch {
      // Shown in the sign-in status; the outboxes decide what a failure means for them.
    }
  }

  /** Forgets the tokens and signs in again with the stored credentials. */
  async signInAgain(): Promise<AuthStatus> {
    const signIn = this.currentSignIn();
    if (!signIn) throw new ServiceError('configuration', 'Enter the client id and client secret first.');
    return signIn.signInAgain();
  }

  /** The client's view of the service right now. */
  config(): ServiceConfig {
    const settings = this.settings.current();
    const jwe = this.encrypting() ? { clientKey: this.settings.secret('jweClientKey')!, kid: settings.jweKid } : null;
    return {
      baseUrl: this.baseUrl(),
      auth: this.tokenSource(),
      userOid: settings.userOid,
      partnerUserId: settings.partnerUserId,
      partnerHipId: settings.partnerHipId,
      clientId: this.credentials()?.clientId ?? settings.clientId,
      jwe,
    };
  }

  async stop(): Promise<void> {
    await this.starting;
    await this.sandbox?.stop();
    this.sandbox = null;
    await this.authTransport.close();
  }
}
