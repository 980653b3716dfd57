/**
 * The checkpoints a verify is given (`--expect`) or reads from the system log, held against
 * the trail as it is walked: each entry they name must be there with the fingerprint they
 * name. What they find is said as a person needs it: entries cut from the end (or a folder
 * rolled back, or the trail deleted), an entry number used twice (a trail cut and written
 * again), an entry taken out, and another trail that was in this folder. Pure.
 */
import type { FoundCheckpoint } from './checkpoint';

export interface CheckpointOutcome {
  checked: number;
  /** How many came from each source ("--expect", "the systemd journal"). */
  sources: Record<string, number>;
  /** The newest checkpoint the trail holds. */
  held: FoundCheckpoint | null;
  problems: string[];
}

function named(point: FoundCheckpoint): string {
  if (point.source === '--expect') return 'the checkpoint given (--expect)';
  return `the checkpoint in ${point.source}${point.at ? ` of ${point.at}` : ''}`;
}

const bySeq = (a: FoundCheckpoint, b: FoundCheckpoint) => a.seq - b.seq;

/** The checkpoint with the lowest (or highest) number; of two naming one entry, the one given by hand. */
function pick(points: readonly FoundCheckpoint[], which: 'lowest' | 'highest'): FoundCheckpoint | undefined {
  if (points.length === 0) return undefined;
  const seq = which === 'lowest' ? Math.min(...points.map((point) => point.seq)) : Math.max(...points.map((point) => point.seq));
  const named = points.filter((point) => point.seq === seq);
  return named.find((point) => point.source === '--expect') ?? named[0];
}

export class CheckpointMatch {
  private readonly wanted = new Map<number, FoundCheckpoint[]>();
  private readonly others: FoundCheckpoint[] = [];
  private readonly held: FoundCheckpoint[] = [];
  private readonly replaced: FoundCheckpoint[] = [];
  private removed = 0;
  private readonly sources: Record<string, number> = {};
  private readonly count: number;

  /** `trail`: this trail's id; a checkpoint naming another is another trail's. */
  constructor(checkpoints: readonly FoundCheckpoint[], trail: string | null) {
    this.count = checkpoints.length;
    for (const point of checkpoints) {
      this.sources[point.source] = (this.sources[point.source] ?? 0) + 1;
      if (point.trail !== null && point.trail !== trail) this.others.push(point);
      else this.wanted.set(point.seq, [...(this.wanted.get(point.seq) ?? []), point]);
    }
  }

  /** An entry of the trail, by its number and fingerprint. */
  meet(seq: number, hash: string): void {
    const points = this.wanted.get(seq);
    if (!points) return;
    this.wanted.delete(seq);
    for (const point of points) (hash.startsWith(point.hash) ? this.held : this.replaced).push(point);
  }

  /** Retention removed the entries up to this number, as the trail says: checkpoints of them are not looked for. */
  removedUpTo(seq: number): void {
    this.removed = seq;
  }

  outcome(lastSeq: number): CheckpointOutcome {
    const held = [...this.held].sort(bySeq);
    const newestHeld = held.at(-1) ?? null;
    const problems: string[] = [];
    const replaced = pick(this.replaced, 'lowest');
    if (replaced) {
      const vouched = held.filter((point) => point.seq < replaced.seq).at(-1);
      problems.push(
        `Entry ${replaced.seq} is not the one ${named(replaced)} names: the trail was cut or rolled back before it and written again, its numbers used twice${vouched ? `; the last entry a checkpoint vouches for is ${vouched.seq}` : ''}.`,
      );
    }
    const unmet = [...this.wanted.values()].flat().filter((point) => point.seq > this.removed);
    const beyond = pick(unmet.filter((point) => point.seq > lastSeq), 'highest');
    if (beyond) {
      problems.push(
        `The trail ends at entry ${lastSeq}, but ${named(beyond)} names entry ${beyond.seq}: entries ${lastSeq + 1}\u2013${beyond.seq} are missing (cut from the end, an older copy of the folder put back, or the trail deleted), or the checkpoint is not this trail's.`,
      );
    }
    const inside = pick(unmet.filter((point) => point.seq <= lastSeq), 'lowest');
    if (inside) problems.push(`Entry ${inside.seq}, which ${named(inside)} names, is not in the trail: it was taken out.`);
    const trails = new Map<string, FoundCheckpoint[]>();
    for (const point of this.others) trails.set(point.trail!, [...(trails.get(point.trail!) ?? []), point]);
    for (const [trail, points] of trails) {
      const newest = [...points].sort(bySeq).at(-1)!;
      problems.push(
        `${newest.source[0]!.toUpperCase()}${newest.source.slice(1)} holds checkpoints of another trail in this folder (trail ${trail.slice(0, 12)}\u2026, up to entry ${newest.seq}${newest.at ? `, the last of ${newest.at}` : ''}): that trail is not here (deleted, or the folder replaced), and this one began in its place.`,
      );
    }
    return { checked: this.count, sources: this.sources, held: newestHeld, problems };
  }
}
