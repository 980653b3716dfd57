/** The languages of one dictation: kept in main's draft as the recorder shows them, validated like the setting, and offered by the recorder's select. */
import { describe, expect, it } from 'vitest';
import { EMPTY_DRAFT, askedForLine } from '../../../contract/dictation';
import { operations } from '../../../contract/ipc';
import type { Recorder } from '../../../main/audio/recorder';
import { RecordingControl, type RecordingControlDeps } from '../../../main/dictation-recording/recording-control';
import { chosenLanguages, languageOptions, languagesChoice } from '../../../renderer/features/dictation/recording-languages';

/** Only the draft is used here: no recording is started. */
function session(): RecordingControl {
  return new RecordingControl({ createRecorder: () => ({}) as Recorder, shortcut: () => null } as unknown as RecordingControlDeps);
}

describe("one dictation's languages", () => {
  it('start as in Settings, and are kept in the draft as the recorder sends them', () => {
    expect(EMPTY_DRAFT.languages).toBeNull();
    const recording = session();
    expect(recording.status().draft.languages).toBeNull();
    expect(recording.setDraft({ mode: 'consultation', label: 'Bed 4', languages: ['ta', 'en'] }).draft).toMatchObject({ label: 'Bed 4', languages: ['ta', 'en'] });
    expect(recording.setDraft({ mode: 'consultation', label: 'Bed 4', languages: [] }).draft.languages).toEqual([]);
    expect(recording.setDraft({ mode: 'consultation', label: 'Bed 4' }).draft.languages).toBeNull();
  });

  it('are checked like the setting when the page sends them', () => {
    const input = operations.setRecordingDraft.input;
    expect(input.safeParse({ mode: 'dictation', label: '' }).success).toBe(true);
    expect(input.safeParse({ mode: 'dictation', label: '', languages: null }).success).toBe(true);
    expect(input.safeParse({ mode: 'dictation', label: '', languages: ['hi', 'en'] }).success).toBe(true);
    const refused = input.safeParse({ mode: 'dictation', label: '', languages: ['hi', 'hi'] });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('Each language can be chosen only once.');
    expect(input.safeParse({ mode: 'dictation', label: '', languages: ['Hindi'] }).success).toBe(false);
    expect(operations.startRecording.input.safeParse({ mode: 'dictation', label: '', languages: ['en', 'hi', 'ta', 'te', 'kn', 'ml'] }).success).toBe(false);
  });

  it("are one value of the recorder's select, and back", () => {
    for (const languages of [null, [], ['hi'], ['hi', 'en']]) expect(chosenLanguages(languagesChoice(languages))).toEqual(languages);
  });

  it("are offered as: as in Settings (named), detected automatically, or one of the service's languages; a list chosen elsewhere shows too", () => {
    // The first option is Settings' choice, named short; "Automatic" is offered apart only when Settings name languages.
    const choices = {
      languages: [
        { code: 'en', name: 'English' },
        { code: 'hi', name: 'Hindi' },
      ],
      autoDetection: true,
    };
    expect(languageOptions(choices, ['hi', 'en'], null).map((option) => option.label)).toEqual(['Hindi, English', 'Automatic', 'English', 'Hindi']);
    expect(languageOptions(choices, [], ['hi', 'en']).map((option) => option.label)).toEqual(['Automatic', 'English', 'Hindi', 'Hindi + English']);
    expect(languageOptions({ ...choices, autoDetection: false }, ['en', 'hi', 'ta'], null)[0]?.label).toBe('3 languages');
    expect(languageOptions({ ...choices, autoDetection: false }, ['en'], null).map((option) => option.value)).not.toContain(languagesChoice([]));
    // Each language is named once: Hindi in Settings is the first option, not again in the list.
    expect(languageOptions(choices, ['hi'], null).map((option) => option.label)).toEqual(['Hindi', 'Automatic', 'English']);
    expect(languageOptions(null, ['hi'], null)).toEqual([
      { value: 'settings', label: 'hi' },
      { value: 'auto', label: 'Automatic' },
    ]);
  });
});

describe('what a dictation asked for', () => {
  const names: Record<string, string> = { hi: 'Hindi', en: 'English' };
  it('says the languages and the note templates, the clinic’s own by their title', () => {
    expect(askedForLine({ languages: ['hi'], templates: ['eka_emr_template', 'clinical_notes_template'] }, (code) => names[code] ?? code)).toBe(
      'Asked for: Hindi · Prescription + Clinical notes',
    );
    expect(askedForLine({ languages: [], templates: ['sandbox_clinic_referral'] }, (code) => code, () => 'Referral letter')).toBe('Asked for: Language detected by the service · Referral letter');
    expect(askedForLine({ languages: ['hi', 'en'], templates: ['own_template'] }, (code) => names[code] ?? code)).toBe('Asked for: Hindi + English · own_template');
  });
});
