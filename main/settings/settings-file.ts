/**
 * User settings in `settings.json` in the data folder, replaced atomically on every save. A
 * file that cannot be read or is not a JSON object counts as empty (each setting then takes
 * its default) and is reported; it is never a reason not to start. Plain Node.
 */
import { readFileSync } from 'node:fs';
import { EARLIER_INSTALL_TRANSCRIPTION_API, type Settings } from '../../contract/settings';
import { writeFileAtomic } from '../storage/atomic-file';
import type { SettingsPersistence } from './settings-service';

/** An install whose settings were saved before the choice existed goes on sending as it did; only a new install takes the new default. */
function keepEarlierTranscriptionApi(saved: Record<string, unknown>): Record<string, unknown> {
  return 'transcriptionApi' in saved ? { ...saved } : { ...saved, transcriptionApi: EARLIER_INSTALL_TRANSCRIPTION_API };
}

export function settingsFile(path: string, onProblem: (message: string) => void = () => {}): SettingsPersistence {
  return {
    read: () => {
      let text: string;
      try {
        text = readFileSync(path, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') onProblem(`settings.json could not be read (${(error as NodeJS.ErrnoException).code ?? 'error'}); defaults are used.`);
        return {};
      }
      try {
        const value: unknown = JSON.parse(text);
        if (typeof value === 'object' && value !== null && !Array.isArray(value)) return keepEarlierTranscriptionApi(value as Record<string, unknown>);
      } catch {
        // reported below
      }
      onProblem('settings.json is damaged; defaults are used until settings are saved again.');
      return {};
    },
    write: (settings: Settings) => writeFileAtomic(path, `${JSON.stringify(settings, null, 2)}\n`),
  };
}
