/**
 * The service's discovery document, kept for the service it came from (its address) for as
 * long as its `Cache-Control` allows (none when it gives no max-age), with one request in
 * flight per address however many callers ask at once. An answer that arrives after the
 * service in use changed is about a service no longer spoken to: it is dropped, never kept,
 * and whoever asked gets the document of the service now in use. The last document the
 * service in use gave is remembered past its max-age, for what must be decided at once
 * without asking (the format a recording's parts are written in), until the service changes.
 */
import type { Clock } from '../core/clock';
import type { ServiceCaller } from './service-call';
import { ServiceError } from './service-error';
import type { DiscoveryDocument } from './session-schemas';
import { discover } from './sessions-api';

/** What came back from an address: its document, or nothing when the service in use is another by then (a failure too). */
type Answer = { current: true; document: DiscoveryDocument } | { current: false };

/** Services changed this many times while one caller waited before it is told so. */
const CHANGES_WAITED_OUT = 2;

export class SessionDiscovery {
  private cached: { address: string; document: DiscoveryDocument; until: number } | null = null;
  private last: DiscoveryDocument | null = null;
  /** The request under way to each address, and its answer if it was still about the service in use when it came. */
  private readonly inFlight = new Map<string, Promise<Answer>>();

  constructor(
    private readonly caller: ServiceCaller,
    private readonly clock: Pick<Clock, 'now'>,
  ) {}

  async get(signal?: AbortSignal): Promise<DiscoveryDocument> {
    for (let changes = 0; changes <= CHANGES_WAITED_OUT; changes += 1) {
      const address = await this.caller.serviceAddress();
      const cached = this.cached;
      if (cached && cached.address === address && this.clock.now() < cached.until) return cached.document;
      const answer = await this.ask(address, signal);
      if (answer.current) return answer.document;
    }
    throw new ServiceError('network', 'The service changed while the app was asking it what it offers. Try again.');
  }

  /** Forgets the document (the service address changed). */
  forget(): void {
    this.cached = null;
    this.last = null;
  }

  /** The document the service in use gave last, however old; null when none came since it was chosen. */
  lastKnown(): DiscoveryDocument | null {
    return this.last;
  }

  private ask(address: string, signal: AbortSignal | undefined): Promise<Answer> {
    let pending = this.inFlight.get(address);
    if (!pending) {
      const stillAt = async () => (await this.caller.serviceAddress()) === address;
      pending = discover(this.caller, address, signal)
        .then(
          async ({ document, maxAgeSeconds }): Promise<Answer> => {
            if (!(await stillAt())) return { current: false };
            this.cached = maxAgeSeconds ? { address, document, until: this.clock.now() + maxAgeSeconds * 1000 } : null;
            this.last = document;
            return { current: true, document };
          },
          async (error: unknown): Promise<Answer> => {
            if (await stillAt()) throw error;
            return { current: false };
          },
        )
        .finally(() => this.inFlight.delete(address));
      this.inFlight.set(address, pending);
    }
    return pending;
  }
}
