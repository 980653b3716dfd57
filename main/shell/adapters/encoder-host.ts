/**
 * Runs the encoder's jobs (audio/encoder-jobs.ts) in a utility process of its own, started on
 * the first job and ended once it has been idle a while, or when the app quits. Main never waits
 * for it to end by itself: a process that does not answer is killed, and its jobs fail with a
 * message, to be tried again as any failed cutting or encoding is.
 */
import { utilityProcess, type UtilityProcess } from 'electron';
import type { EncoderAnswer, EncoderJob, EncoderJobs, FromEncoder, ToEncoder } from '../../audio/encoder-jobs';
import type { Clock, ClockTimer } from '../../core/clock';

/** An idle encoder is ended after this long; the next job starts another (a few hundred ms, off any doctor's path). */
const IDLE_MS = 60_000;

export class EncoderHost {
  private child: UtilityProcess | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, (answer: EncoderAnswer) => void>();
  private idleTimer: ClockTimer | null = null;
  private stopped = false;

  constructor(
    private readonly processPath: string,
    private readonly clock: Pick<Clock, 'setTimeout' | 'clearTimeout'>,
    /** Its starts and ends, for main's log. */
    private readonly say: (event: string) => void,
  ) {}

  readonly run: EncoderJobs = (job: EncoderJob) => {
    if (this.stopped) return Promise.resolve({ ok: false, message: 'The app is quitting.' });
    this.clock.clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const child = this.ensure();
    const id = this.nextId++;
    return new Promise<EncoderAnswer>((resolve) => {
      this.pending.set(id, resolve);
      child.postMessage({ id, job } satisfies ToEncoder);
    });
  };

  /** Ends the process, whatever it is doing; its jobs fail and are tried again at the next start. */
  dispose(): void {
    this.stopped = true;
    this.end('The app is quitting.');
  }

  private ensure(): UtilityProcess {
    if (this.child) return this.child;
    const child = utilityProcess.fork(this.processPath, [], { serviceName: 'Scribe Desk encoder', stdio: 'ignore' });
    child.on('message', ({ id, ...answer }: FromEncoder) => {
      if (this.child !== child) return;
      this.pending.get(id)?.(answer);
      this.pending.delete(id);
      if (this.pending.size === 0) this.idleTimer = this.clock.setTimeout(() => this.end('The encoder was idle.'), IDLE_MS);
    });
    child.once('exit', (code) => {
      if (this.child === child) this.end(`The encoder stopped unexpectedly (${code}).`);
    });
    this.child = child;
    this.say('started');
    return child;
  }

  private end(reason: string): void {
    this.clock.clearTimeout(this.idleTimer);
    this.idleTimer = null;
    for (const answer of this.pending.values()) answer({ ok: false, message: reason });
    this.pending.clear();
    const child = this.child;
    this.child = null;
    if (!child) return;
    child.kill();
    this.say(`ended (${reason})`);
  }
}
