/**
 * "A call seems to have started": when another program begins using the microphone while the
 * app is idle, the app offers, once for that call and quietly, to record the consultation. It
 * never starts by itself. The offer goes when answered (a recording started, or dismissed),
 * when the recorder is busy, and when the other program lets the microphone go; the next call
 * is offered again. Plain logic: the watcher (microphone-users.ts) tells it how many other
 * programs hold the microphone.
 */

export class CallOffer {
  private users = 0;
  /** A call began while the app was idle and its offer was not answered yet. */
  private open = false;

  constructor(
    /** Whether the recorder is idle (no recording under way or starting). */
    private readonly idle: () => boolean,
    /** The offer appeared or went. */
    private readonly changed: () => void,
  ) {}

  /** Whether the offer stands (the recorder's status shows it while idle). */
  showing(): boolean {
    return this.open;
  }

  /** How many streams of other programs record from the microphone now. */
  usersChanged(count: number): void {
    const before = this.showing();
    if (count === 0) this.open = false;
    else if (this.users === 0) this.open = this.idle();
    this.users = count;
    if (this.showing() !== before) this.changed();
  }

  /** Answered: "Not now", or a recording started (by the offer or otherwise). Not offered again for this call. */
  answer(): void {
    const before = this.showing();
    this.open = false;
    if (before) this.changed();
  }
}
