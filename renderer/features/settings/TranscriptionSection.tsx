/** How dictations reach the service and, with transcription sessions, the model, the languages and the notes it writes. */
import { useEffect } from 'react';
import {
  MAX_LANGUAGE_HINTS,
  MAX_NOTE_TEMPLATES,
  TRANSCRIPTION_API_LABELS,
  TRANSCRIPTION_APIS,
  TRANSCRIPTION_MODEL_LABELS,
  TRANSCRIPTION_MODELS,
  type TranscriptionApi,
  type TranscriptionModel,
} from '../../../contract/setting-choices';
import type { SettingName, Settings } from '../../../contract/settings';
import type { TranscriptionChoices } from '../../../contract/transcription-choices';
import { ChecklistField, SelectField } from './fields';
import { useTranscriptionChoicesStore } from '../../app/stores';

const SESSIONS_NOT_OFFERED = 'This service offers no transcription sessions; dictations are sent by voice upload.';

const API_OPTIONS = TRANSCRIPTION_APIS.map((api) => ({ value: api, label: TRANSCRIPTION_API_LABELS[api] }));

type Option = { value: string; label: string };

/** What is chosen but not on the service's list stays on screen, so that it can be unticked. */
function withChosen(options: Option[], chosen: string[]): Option[] {
  const missing = chosen.filter((value) => !options.some((option) => option.value === value));
  return [...options, ...missing.map((value) => ({ value, label: `${value} (not offered by this service)` }))];
}

function languagesHint(chosen: string[], choices: TranscriptionChoices): string {
  const now =
    chosen.length > 0
      ? 'Untick them all to let the service detect the language by itself.'
      : choices.autoDetection
        ? 'None ticked: the service detects the language by itself.'
        : 'This service cannot detect the language by itself: tick the languages spoken.';
  return `${now} At most ${MAX_LANGUAGE_HINTS}. The recorder can choose other languages for one dictation.`;
}

interface TranscriptionSectionProps {
  draft: Settings;
  set<K extends SettingName>(name: K, value: Settings[K]): void;
  locked(name: SettingName): boolean;
  errors: Partial<Record<SettingName, string>>;
  /** The saved service: its choices are asked for again when it changes. */
  service: string;
}

export function TranscriptionSection({ draft, set, locked, errors, service }: TranscriptionSectionProps) {
  const choices = useTranscriptionChoicesStore((state) => state.choices);
  const load = useTranscriptionChoicesStore((state) => state.load);
  useEffect(() => {
    void load();
  }, [load, service]);

  const sessions = draft.transcriptionApi === 'sessions';
  const models = choices?.models ?? TRANSCRIPTION_MODELS.map((id) => ({ id, name: TRANSCRIPTION_MODEL_LABELS[id] }));
  const field = <K extends SettingName>(name: K) => ({ name, value: draft[name], locked: locked(name), error: errors[name] });

  return (
    <fieldset>
      <legend>Transcription</legend>
      <SelectField
        {...field('transcriptionApi')}
        label="How dictations are sent"
        options={API_OPTIONS}
        note={sessions && choices?.sessions === 'not-offered' ? SESSIONS_NOT_OFFERED : null}
        onChange={(value) => set('transcriptionApi', value as TranscriptionApi)}
      />
      {sessions ? (
        <>
          {choices?.problem ? (
            <p className="warning-text" role="status" data-testid="transcription-choices-problem">
              {choices.problem}
            </p>
          ) : null}
          <SelectField
            {...field('transcriptionModel')}
            label="Transcription model"
            hint="Pro understands more languages; Lite answers faster."
            options={withChosen(
              models.map((model) => ({ value: model.id, label: model.name })),
              [draft.transcriptionModel],
            )}
            onChange={(value) => set('transcriptionModel', value as TranscriptionModel)}
          />
          {choices ? (
            <>
              <ChecklistField
                {...field('languageHints')}
                label="Languages spoken in dictations"
                hint={languagesHint(draft.languageHints, choices)}
                options={withChosen(
                  choices.languages.map((language) => ({ value: language.code, label: language.name })),
                  draft.languageHints,
                )}
                max={MAX_LANGUAGE_HINTS}
                onChange={(value) => set('languageHints', value)}
              />
              <ChecklistField
                {...field('noteTemplates')}
                error={errors.noteTemplates ?? (draft.noteTemplates.length === 0 ? 'Choose at least one note template.' : undefined)}
                label={`Notes the service writes (choose 1 or ${MAX_NOTE_TEMPLATES})`}
                options={withChosen(
                  choices.templates.map((template) => ({ value: template.id, label: template.custom ? `${template.title} (your clinic’s own)` : template.title })),
                  draft.noteTemplates,
                )}
                max={MAX_NOTE_TEMPLATES}
                onChange={(value) => set('noteTemplates', value)}
              />
            </>
          ) : (
            <p className="hint" aria-busy="true">
              Asking the service for its languages and note templates…
            </p>
          )}
        </>
      ) : null}
    </fieldset>
  );
}
