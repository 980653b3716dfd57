/**
 * The moments of start-up, in milliseconds since the process began, each noted once: what the
 * first working Record waits for, said in the log in one line and read by the bench.
 */
import type { Clock } from './clock';

export class StartupMarks {
  private readonly noted = new Map<string, number>();

  /** `clock`: the process's own time (processClock), which begins with the process. */
  constructor(private readonly clock: Pick<Clock, 'now'>) {}

  mark(name: string): void {
    if (!this.noted.has(name)) this.noted.set(name, Math.round(this.clock.now()));
  }

  has(name: string): boolean {
    return this.noted.has(name);
  }

  /** "app ready 180 ms, window opened 210 ms, …", in the order they came. */
  toString(): string {
    return [...this.noted].map(([name, at]) => `${name} ${at} ms`).join(', ');
  }
}

/** The line the log holds, and what the bench reads back out of it. */
export const STARTUP_LINE = 'app: start-up: ';

export function parseStartupLine(line: string): Map<string, number> {
  const at = line.indexOf(STARTUP_LINE);
  const marks = new Map<string, number>();
  if (at < 0) return marks;
  for (const part of line.slice(at + STARTUP_LINE.length).split(', ')) {
    const match = /^(.+) (\d+) ms$/.exec(part.trim());
    if (match) marks.set(match[1]!, Number(match[2]));
  }
  return marks;
}
