/**
 * The compact copy of one recording, written as the frames arrive. The encoder is compiled
 * with the first recording, not when the recorder process starts (that would compete with
 * the app's own start-up for the processor): frames that come before it is ready wait in
 * memory, a fraction of a second's worth. Plain Node.
 */
import { Mp3StreamWriter } from './mp3-stream';

export class CompactCopy {
  private writer: Mp3StreamWriter | null = null;
  /** Frames waiting for the encoder; null once they have gone to it (or there will be no copy). */
  private held: Int16Array[] | null = [];
  private abandoned = false;
  /** Settles once the encoder is ready (or could not be loaded). */
  readonly opened: Promise<void>;

  constructor(path: string, key: Uint8Array, onProblem: (message: string) => void) {
    this.opened = Mp3StreamWriter.create(path, key).then(
      (writer) => {
        if (this.abandoned) return writer.abandon();
        for (const frame of this.held ?? []) writer.append(frame);
        this.held = null;
        this.writer = writer;
      },
      (error: unknown) => {
        this.held = null;
        onProblem(`The MP3 encoder could not be loaded: ${(error as Error).message}`);
      },
    );
  }

  append(frame: Int16Array): void {
    if (this.writer) this.writer.append(frame);
    else this.held?.push(frame);
  }

  /** Puts the finished file in place (once the encoder is ready, if it was not yet); false when there is none. */
  async finish(): Promise<boolean> {
    await this.opened;
    if (!this.writer || this.abandoned) return false;
    this.writer.finish();
    return true;
  }

  abandon(): void {
    this.abandoned = true;
    this.held = null;
    this.writer?.abandon();
  }
}
