/**
 * The languages of one dictation as the recorder's single select offers them: as in Settings,
 * detected by the service, or one language (a list chosen elsewhere shows as it is).
 */
import type { TranscriptionChoices } from '../../../contract/transcription-choices';

const AS_IN_SETTINGS = 'settings';
const DETECTED = 'auto';

export function languagesChoice(languages: string[] | null): string {
  return languages === null ? AS_IN_SETTINGS : languages.length === 0 ? DETECTED : languages.join('+');
}

export function chosenLanguages(choice: string): string[] | null {
  return choice === AS_IN_SETTINGS ? null : choice === DETECTED ? [] : choice.split('+');
}

export function languageOptions(
  choices: Pick<TranscriptionChoices, 'languages' | 'autoDetection'> | null,
  settingsLanguages: string[],
  chosen: string[] | null,
): Array<{ value: string; label: string }> {
  const nameOf = (code: string) => choices?.languages.find((language) => language.code === code)?.name ?? code;
  // The first option is what Settings says, named short enough for the recorder's one line; its full meaning is the field's hint.
  const inSettings =
    settingsLanguages.length === 0 ? 'Automatic' : settingsLanguages.length <= 2 ? settingsLanguages.map(nameOf).join(', ') : `${settingsLanguages.length} languages`;
  const options = [
    { value: AS_IN_SETTINGS, label: inSettings },
    // With Settings on automatic, the first option is detection already.
    ...(choices?.autoDetection === false || settingsLanguages.length === 0 ? [] : [{ value: DETECTED, label: 'Automatic' }]),
    // Each language once: with one language in Settings, the first option is it already.
    ...(choices?.languages ?? [])
      .filter((language) => !(settingsLanguages.length === 1 && settingsLanguages[0] === language.code))
      .map((language) => ({ value: language.code, label: language.name })),
  ];
  const current = languagesChoice(chosen);
  if (chosen && !options.some((option) => option.value === current)) options.push({ value: current, label: chosen.map(nameOf).join(' + ') || 'Automatic' });
  return options;
}
