/**
 * The service's transcription choices (languages, models, note templates, whether it offers
 * sessions), asked of main when a screen shows them. The newest answer wins.
 */
import { create } from 'zustand';
import type { TranscriptionChoices } from '../../../contract/transcription-choices';
import { scribe, valueOf } from '../../bridge';

interface TranscriptionChoicesState {
  /** Null until main has answered once. */
  choices: TranscriptionChoices | null;
  load(): Promise<void>;
}

export const useTranscriptionChoicesStore = create<TranscriptionChoicesState>((set) => {
  let asked = 0;
  return {
    choices: null,
    load: async () => {
      const ask = ++asked;
      const choices = await valueOf(scribe.getTranscriptionChoices());
      if (choices && ask === asked) set({ choices });
    },
  };
});
