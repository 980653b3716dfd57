/**
 * What the first screen does not show (lab reports, an update, the health record's questions) is
 * followed once Record works and the page is idle: main wakes the features that keep it
 * (main/shell/feature-wakes.ts) then, not while the page draws its first screen and Record's
 * first answer is given. Should main never answer for the recorder, they are followed all the same.
 */
import { pageClock } from './clock';
import { followWhenIdle } from './idle-after';
import { PAGE_IDLE } from './page-idle';
import { useDictationStore } from './stores';

/** The longest a follow waits for Record's first answer, then for the page to be idle. */
const RECORD_AT_MOST_MS = 5_000;
const IDLE_AT_MOST_MS = 3_000;

export function followLater(follow: () => () => void): () => void {
  const recordWorks = Promise.race([useDictationStore.getState().recorderHeard(), pageClock.sleep(RECORD_AT_MOST_MS)]);
  return followWhenIdle(recordWorks, follow, IDLE_AT_MOST_MS, PAGE_IDLE);
}
