/**
 * The service's transcription choices (languages, models, note templates, whether it offers
 * sessions), asked of main when a screen shows them. The newest answer wins.
 */
import { create } from 'zustand';
import type { ScribeBridge } from '../../../contract/ipc';
import type { TranscriptionChoices } from '../../../contract/transcription-choices';
import { valueReader, type ReportProblem } from '../../app/answers';

export interface TranscriptionChoicesState {
  /** Null until main has answered once. */
  choices: TranscriptionChoices | null;
  load(): Promise<void>;
}

export function createTranscriptionChoicesStore(bridge: ScribeBridge, report: ReportProblem) {
  const valueOrReport = valueReader(report);
  return create<TranscriptionChoicesState>((set) => {
    let asked = 0;
    return {
      choices: null,
      load: async () => {
        const ask = ++asked;
        const choices = await valueOrReport(bridge.getTranscriptionChoices());
        if (choices && ask === asked) set({ choices });
      },
    };
  });
}
