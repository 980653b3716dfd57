/**
 * The one host of every kind of outbox item. A kind registers once (one line: `host.register
 * (itsKind(...))`) and declares only what is its own (outbox-kind.ts); the host gives each the
 * same service health, network check, automatic-sending switch, clock, randomness, back-off
 * and fault report, and starts, stops and wakes them all together. When the service answers
 * again after failures (an item's own attempt, or the probe that asks while it cannot be
 * reached) every kind is woken and what waited for the network goes at once. It tells the
 * page what became of the items shown there (page-view.ts) and reports, for the status bar
 * and the updater, how many wait and whether an upload is under way.
 */
import type { EventName, PendingSync } from '../../contract/ipc';
import type { BackoffPolicy } from '../api/retry-policy';
import type { Clock } from '../core/clock';
import { Emitter } from '../core/emitter';
import { Outbox } from './outbox';
import type { OutboxHealth } from './outbox-health';
import type { OutboxKind, QueuedItem } from './outbox-kind';
import { PageViews, type PageView, type PageWindow } from './page-view';
import { ReachabilityProbe } from './reachability-probe';
import { UPLOAD_UNDER_WAY } from './upload-busy';

export interface OutboxHostOptions {
  /** Shared with the status bar: reachability and a refused sign-in. */
  health: OutboxHealth;
  isOnline(): boolean;
  /** Whether dictations are sent automatically (Settings); a kind may be sent regardless (`ignoresAutoSync`). Default: on. */
  autoSync?(): boolean;
  /** What every kind's back-off, lookups and dates run on (the root's clock). */
  clock: Clock;
  random?: () => number;
  /** Between failed attempts of one item (default: failure-decision.ts). */
  backoff?: BackoffPolicy;
  /** A fault a kind did not handle, with what was being sent (for the log; no patient data). */
  onFault?(error: unknown, kind: string): void;
  /** Asks the service something cheap (no sign-in); resolves once it answered at all. Without it, only an item's own attempt finds the service back. */
  probe?(signal: AbortSignal): Promise<void>;
  /** The app's window: what the items shown there became. */
  window?: PageWindow;
  /** An item of this kind was sent (its upload step done): for the audit trail. */
  onSent?(kind: string, id: string): void;
}

/** What the host does with every kind's outbox, whatever its items are. */
type Hosted = Pick<Outbox<QueuedItem, unknown>, 'start' | 'stop' | 'kick' | 'wakeAll' | 'uploading' | 'busy' | 'waiting'>;

export class OutboxHost {
  readonly clock: Clock;
  private readonly outboxes: Hosted[] = [];
  private readonly pages: PageViews;
  private readonly wakes = new Emitter();
  private readonly probe: ReachabilityProbe | null;
  private offBackOnline: (() => void) | null = null;
  private running = false;
  /** A recording began before the host started: the probe asks as it starts. */
  private probeAsked = false;

  constructor(private readonly options: OutboxHostOptions) {
    this.clock = options.clock;
    this.pages = new PageViews(options.window);
    const { probe } = options;
    this.probe = probe
      ? new ReachabilityProbe({
          health: options.health,
          isOnline: options.isOnline,
          waiting: () => this.outboxes.some((outbox) => outbox.waiting()),
          probe,
          clock: this.clock,
          random: options.random ?? Math.random,
        })
      : null;
  }

  /** Makes the kind's outbox, started with the others (at once if they run already). */
  register<M extends QueuedItem, R>(kind: OutboxKind<M, R>): Outbox<M, R> {
    const { options } = this;
    const outbox = new Outbox(kind, {
      health: options.health,
      isOnline: options.isOnline,
      enabled: () => !kind.held?.() && (kind.ignoresAutoSync === true || (options.autoSync?.() ?? true)),
      clock: this.clock,
      random: options.random,
      backoff: options.backoff,
      onProgress: (id) => this.pages.progressed(id),
      onFault: (error) => options.onFault?.(error, kind.name),
      onSent: (id) => options.onSent?.(kind.name, id),
    });
    this.outboxes.push(outbox);
    if (this.running) outbox.start();
    return outbox;
  }

  /** The page is told each change of these items and each one deleted; the status bar counts those waiting. */
  show<M extends { id: string }, K extends EventName>(view: PageView<M, K>): void {
    this.pages.add(view);
  }

  /** Hears every wake-up of the host (its start included): work that must be looked at with the kinds. */
  onWake(listener: () => void): () => void {
    return this.wakes.on(listener);
  }

  /** True between start and stop. */
  get started(): boolean {
    return this.running;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.offBackOnline = this.options.health.onBackOnline(() => this.backOnline());
    for (const outbox of this.outboxes) outbox.start();
    this.probe?.start();
    if (this.probeAsked) this.probeNow();
    this.wakes.emit();
  }

  stop(): void {
    this.running = false;
    this.offBackOnline?.();
    this.offBackOnline = null;
    this.probe?.stop();
    for (const outbox of this.outboxes) outbox.stop();
  }

  /** Look at every kind now (an item was added, settings changed, sending may resume). */
  wake(): void {
    if (!this.running) return;
    this.wakes.emit();
    for (const outbox of this.outboxes) outbox.kick();
  }

  /** Something will be sent soon (a recording began): whether the service can be reached is asked now when sending is on (as the host starts, before it). */
  probeNow(): void {
    this.probeAsked = !this.running;
    if (this.running && (this.options.autoSync?.() ?? true)) this.probe?.askNow();
  }

  /** True while an item of any kind is being sent. */
  uploading(): boolean {
    return this.outboxes.some((outbox) => outbox.uploading());
  }

  /** Why the app must not restart now (an upload is under way), or null. */
  busyReason(): string | null {
    return this.uploading() ? UPLOAD_UNDER_WAY : null;
  }

  /** True while nothing of any kind is under way (no upload, no result lookup). */
  idle(): boolean {
    return this.outboxes.every((outbox) => !outbox.busy());
  }

  /** Items shown on the page that wait to be sent. */
  pendingCount(): PendingSync {
    return this.pages.pendingCount();
  }

  /** Hears when a shown item changed or went; returns the disposer. */
  onChange(listener: () => void): () => void {
    return this.pages.onChange(listener);
  }

  /** The service answers again: what every kind held back for the network or the service goes now. */
  private backOnline(): void {
    if (!this.running) return;
    this.wakes.emit();
    for (const outbox of this.outboxes) outbox.wakeAll();
  }
}
