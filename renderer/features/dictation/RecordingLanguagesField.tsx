/** The languages of the next dictation alone (transcription sessions only); the next patient starts again from Settings. */
import { useEffect } from 'react';
import { useDictationStore, useSettingsStore, useTranscriptionChoicesStore } from '../../app/stores';
import { chosenLanguages, languageOptions, languagesChoice } from './recording-languages';

const NONE: string[] = [];

export function RecordingLanguagesField() {
  const sessions = useSettingsStore((state) => state.view?.values.transcriptionApi === 'sessions');
  const settingsLanguages = useSettingsStore((state) => state.view?.values.languageHints ?? NONE);
  const choices = useTranscriptionChoicesStore((state) => state.choices);
  const load = useTranscriptionChoicesStore((state) => state.load);
  const languages = useDictationStore((state) => state.languages);
  const setLanguages = useDictationStore((state) => state.setLanguages);
  useEffect(() => {
    if (sessions && !choices) void load();
  }, [sessions, choices, load]);
  if (!sessions) return null;
  return (
    <div className="field">
      <label htmlFor="recording-languages">Language</label>
      <select id="recording-languages" title="The language of this dictation; the first choice is what Settings say" value={languagesChoice(languages)} onChange={(event) => setLanguages(chosenLanguages(event.target.value))}>
        {languageOptions(choices, settingsLanguages, languages).map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
