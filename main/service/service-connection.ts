/**
 * Which service the client talks to, following the settings: with "Sandbox" selected the
 * embedded sandbox runs on loopback and the client uses its address and token; with a real
 * service selected the sandbox is stopped and the client uses the configured address and
 * the user's token.
 */
import { serviceBaseUrl, type Settings, type SecretName } from '../../contract/settings';
import type { ServiceConfig } from '../api/service-client';
import { ServiceError } from '../api/service-error';
import { SandboxServer } from '../sandbox/sandbox-server';

export interface ConnectionSettings {
  current(): Settings;
  secret(name: SecretName): string | null;
}

export class ServiceConnection {
  private sandbox: SandboxServer | null = null;
  private starting: Promise<void> | null = null;

  constructor(
    private readonly settings: ConnectionSettings,
    private readonly onProblem: (message: string) => void = () => {},
  ) {}

  /** Starts or stops the sandbox to match the settings. */
  apply(): Promise<void> {
    const run = async () => {
      await this.starting;
      const wantSandbox = this.settings.current().service === 'sandbox';
      if (wantSandbox && !this.sandbox) {
        this.sandbox = await SandboxServer.start();
      } else if (!wantSandbox && this.sandbox) {
        const stopping = this.sandbox;
        this.sandbox = null;
        await stopping.stop();
      }
      this.shareKeyWithSandbox();
    };
    this.starting = run().catch((error: unknown) => this.onProblem(`The sandbox service could not start: ${(error as Error).message}`));
    return this.starting;
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

  /** The client's view of the service right now. */
  config(): ServiceConfig {
    const settings = this.settings.current();
    const jwe = this.encrypting() ? { clientKey: this.settings.secret('jweClientKey')!, kid: settings.jweKid } : null;
    const common = {
      userOid: settings.userOid,
      partnerUserId: settings.partnerUserId,
      partnerHipId: settings.partnerHipId,
      jwe,
    };
    if (settings.service === 'sandbox') {
      if (!this.sandbox) throw new ServiceError('network', 'The built-in sandbox service is not running yet. The app will try again.');
      return { ...common, baseUrl: this.sandbox.url, accessToken: this.sandbox.token };
    }
    return { ...common, baseUrl: serviceBaseUrl(settings) ?? '', accessToken: this.settings.secret('accessToken') };
  }

  async stop(): Promise<void> {
    await this.starting;
    await this.sandbox?.stop();
    this.sandbox = null;
  }
}
