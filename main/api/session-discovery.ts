/**
 * The service's discovery document, kept for as long as its `Cache-Control` allows (none when
 * it gives no max-age), with one request in flight however many callers ask at once.
 */
import type { ServiceCaller } from './service-call';
import type { DiscoveryDocument } from './session-schemas';
import { discover } from './sessions-api';

export class SessionDiscovery {
  private cached: { document: DiscoveryDocument; until: number } | null = null;
  private inFlight: Promise<DiscoveryDocument> | null = null;

  constructor(
    private readonly caller: ServiceCaller,
    private readonly now: () => number = Date.now,
  ) {}

  get(signal?: AbortSignal): Promise<DiscoveryDocument> {
    if (this.cached && this.now() < this.cached.until) return Promise.resolve(this.cached.document);
    this.inFlight ??= discover(this.caller, signal)
      .then(({ document, maxAgeSeconds }) => {
        this.cached = maxAgeSeconds ? { document, until: this.now() + maxAgeSeconds * 1000 } : null;
        return document;
      })
      .finally(() => {
        this.inFlight = null;
      });
    return this.inFlight;
  }

  /** Forgets the document (the service address changed). */
  forget(): void {
    this.cached = null;
  }
}
