/**
 * The recorder's mode as the doctor last chose it, kept in a small file in the data folder: it
 * stays through every recording and a restart until they choose another, so that a day of
 * consultations is never put back to Dictation (where the patient's consent is not asked) behind
 * their back. A file that is missing or cannot be read means Dictation, the mode of a new install.
 * Plain Node.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { DICTATION_MODES, type DictationMode } from '../../contract/dictation';
import { writeFileAtomic } from '../storage/atomic-file';
import { storageProblem } from '../storage/storage-problem';

/** In the data folder: the mode last chosen. */
export const KEPT_MODE_FILE = 'recording-mode.json';

const keptSchema = z.object({ mode: z.enum(DICTATION_MODES) });

export interface KeptMode {
  read(): DictationMode;
  keep(mode: DictationMode): void;
}

/** `onProblem`: told when the choice could not be written (it still holds until the app closes). */
export function keptModeFile(userData: string, onProblem: (message: string) => void): KeptMode {
  const path = join(userData, KEPT_MODE_FILE);
  return {
    read: () => {
      try {
        const kept = keptSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
        return kept.success ? kept.data.mode : 'dictation';
      } catch {
        return 'dictation';
      }
    },
    keep: (mode) => {
      try {
        writeFileAtomic(path, `${JSON.stringify({ mode })}\n`);
      } catch (error) {
        onProblem(`the recording mode could not be kept for the next start. ${storageProblem(error)}`);
      }
    },
  };
}
