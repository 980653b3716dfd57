/** Upload progress of each item being sent, told to listeners at most every 100 ms of the clock (and at the end). */
import type { Clock } from '../core/clock';

export class UploadProgress {
  private readonly fractions = new Map<string, number>();

  constructor(
    private readonly report: (id: string, fraction: number) => void,
    private readonly clock: Pick<Clock, 'now'>,
  ) {}

  of(id: string): number | null {
    return this.fractions.get(id) ?? null;
  }

  /** A progress callback for one upload. */
  tracker(id: string): (sentBytes: number, totalBytes: number) => void {
    let lastReport = Number.NEGATIVE_INFINITY;
    return (sent, total) => {
      const fraction = total > 0 ? sent / total : 1;
      this.fractions.set(id, fraction);
      if (this.clock.now() - lastReport >= 100 || fraction === 1) {
        lastReport = this.clock.now();
        this.report(id, fraction);
      }
    };
  }

  clear(id: string): void {
    this.fractions.delete(id);
  }
}
