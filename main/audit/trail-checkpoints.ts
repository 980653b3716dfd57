/**
 * Checkpoints as the app makes them: the chain's end, once durable, kept with the trail's keys
 * (so that the next start sees a trail cut behind it) and written to the system log, where the
 * doctor's account cannot take it back. A system log that cannot be written stops nothing: it
 * is said once a run, in the app's log and by an entry of the trail (which verify reports), and
 * the checkpoints are then kept in the data folder only, until the log takes them again.
 */
import type { EventLog } from '../core/event-log';
import { checkpointFields, checkpointMessage } from './checkpoint';
import type { SystemLog } from './system-log';
import type { ChainPoint, TrailKeys } from './trail-keys';

export interface CheckpointDeps {
  userData: string;
  keys: TrailKeys;
  systemLog: SystemLog;
  log: EventLog;
  /** Writes the trail's entry that the system log refused checkpoints (once a run), with what was found. */
  refused(found: string): void;
}

export class TrailCheckpoints {
  private last: ChainPoint | null = null;
  private refusalSaid = false;
  private refusing = false;

  constructor(private readonly deps: CheckpointDeps) {}

  /** Keeps `point` with the keys and writes it to the system log; resolves once the log answered (it never rejects). */
  async make(point: ChainPoint): Promise<void> {
    const { keys, systemLog, log, userData } = this.deps;
    if (keys.trail === null || (this.last?.seq === point.seq && this.last.hash === point.hash)) return;
    this.last = point;
    keys.noteCheckpoint(point, false);
    const named = { ...point, trail: keys.trail };
    try {
      await systemLog.write(checkpointMessage(named, userData), checkpointFields(named, userData));
      keys.noteCheckpoint(point, true);
      if (this.refusing) log.info(`audit: ${systemLog.name()} takes the trail's checkpoints again`);
      this.refusing = false;
    } catch (error) {
      this.refusing = true;
      if (this.refusalSaid) return;
      this.refusalSaid = true;
      const why = (error as Error).message;
      log.warn(`audit: the trail's checkpoints cannot be written to ${systemLog.name()} (${why}); the trail goes on, its checkpoints kept in the data folder only`);
      this.deps.refused(`${systemLog.name()} cannot be written: ${why}`);
    }
  }
}
