/**
 * How many medicines of each dictation's note, as it leaves (the doctor's correction, else the
 * service's), contradict themselves: what the dictation list marks. A finished dictation's note
 * changes only with its result (its finish time) or its correction (its correction time), so
 * each is read once for those. The whole list never waits for every note to be read: after the
 * start they are counted a few at a time, and each one found is told as a change.
 */
import { prescriptionContradictions } from '../../contract/prescription-check';
import { FINISHED_STATES } from '../../contract/dictation';
import type { Clock } from '../core/clock';
import type { DictationManifest } from '../dictations/dictation-manifest';
import type { DictationStore } from '../dictations/dictation-store';
import { leavingMedicines } from './dictation-notes';

/** Notes read in one turn before the rest of main's work gets one (about 0.3 ms each). */
const COUNTED_AT_ONCE = 20;

/** What a count was made for: the note's result and correction. */
const countedFor = (manifest: DictationManifest) => `${manifest.state} ${manifest.finishedAt} ${manifest.correctedAt}`;

export class NoteContradictions {
  private readonly counted = new Map<string, { for: string; count: number }>();

  constructor(private readonly store: DictationStore) {}

  /** The count, the note read now unless it was counted for its result and correction already. */
  of(manifest: DictationManifest): number {
    return this.known(manifest) ?? this.count(manifest);
  }

  /** The count when it is known already (0 for a dictation with no note); null for a note not read yet. */
  known(manifest: DictationManifest): number | null {
    if (!FINISHED_STATES.has(manifest.state)) return 0;
    const counted = this.counted.get(manifest.id);
    return counted?.for === countedFor(manifest) ? counted.count : null;
  }

  /** Counts every note not counted yet, a few at a time on `clock`; `found` hears of each that contradicts itself. Returns the stop. */
  countAll(clock: Pick<Clock, 'setTimeout' | 'clearTimeout'>, found: (manifest: DictationManifest) => void): () => void {
    const waiting = this.store.list().map((manifest) => manifest.id);
    const turn = () => {
      for (const id of waiting.splice(0, COUNTED_AT_ONCE)) {
        const manifest = this.store.get(id);
        if (manifest && this.known(manifest) === null && this.count(manifest) > 0) found(manifest);
      }
      if (waiting.length > 0) timer = clock.setTimeout(turn, 0);
    };
    let timer = clock.setTimeout(turn, 0);
    return () => clock.clearTimeout(timer);
  }

  private count(manifest: DictationManifest): number {
    const count = prescriptionContradictions(leavingMedicines(this.store, manifest, false)).length;
    this.counted.set(manifest.id, { for: countedFor(manifest), count });
    return count;
  }
}
