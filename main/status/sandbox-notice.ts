/**
 * The notice at the first start against the built-in sandbox, that nothing it shows is real:
 * said until the user hides it, then never again for this data folder (a small file in it
 * remembers when). Plain Node.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { OperationHandlers } from '../../contract/operation-handlers';
import { isoNow, type Clock } from '../core/clock';
import { refuse } from '../core/refusal';
import { writeFileAtomic } from '../storage/atomic-file';
import { storageProblem } from '../storage/storage-problem';

/** In the data folder: when the notice was hidden. */
export const SANDBOX_NOTICE_FILE = 'sandbox-notice-hidden';

/** `clock`: when the notice was hidden. */
export function sandboxNoticeHandlers(userData: string, clock: Pick<Clock, 'now'>): Pick<OperationHandlers, 'sandboxNoticeHidden' | 'hideSandboxNotice'> {
  const file = join(userData, SANDBOX_NOTICE_FILE);
  return {
    sandboxNoticeHidden: () => existsSync(file),
    hideSandboxNotice: () => {
      try {
        writeFileAtomic(file, `${isoNow(clock)}\n`);
      } catch (error) {
        refuse('storage', `The notice is hidden until the app closes, but this could not be remembered. ${storageProblem(error)}`);
      }
    },
  };
}
