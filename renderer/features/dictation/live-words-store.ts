/**
 * The words heard so far of the dictation being recorded (or just recorded, until its note
 * comes), as main tells them (`liveWordsChanged`); the page only shows them.
 */
import { create } from 'zustand';
import { NO_LIVE_WORDS, type LiveWords } from '../../../contract/live-words';
import type { ScribeBridge } from '../../../contract/ipc';
import { valueReader, type ReportProblem } from '../../app/answers';
import { followValue } from '../../app/follow';

export interface LiveWordsState {
  words: LiveWords;
  /** Follows main's words while the recorder is on screen; returns the unsubscribe. */
  follow(): () => void;
}

export function createLiveWordsStore(bridge: ScribeBridge, report: ReportProblem) {
  const valueOrReport = valueReader(report);
  return create<LiveWordsState>()((set) => ({
    words: NO_LIVE_WORDS,
    follow: () => followValue({ on: bridge.on.liveWordsChanged, load: () => valueOrReport(bridge.getLiveWords()), apply: (words) => set({ words }) }),
  }));
}
