/**
 * The clipboard, assembled: the one copy path every feature copies patient data through, on
 * Electron's clipboard. Quitting takes what the app copied off the clipboard.
 */
import * as electron from 'electron';
import type { Clock } from '../../core/clock';
import type { Feature } from '../../core/feature';
import { log } from '../log';
import type { SettingsService } from '../../settings/settings-service';
import { clipboardHeld } from '../../clipboard/clipboard-owner';
import { CopyPath } from '../../clipboard/copy-path';
import { PatientClipboard } from '../../clipboard/patient-clipboard';

export function createClipboardFeature(deps: { settings: SettingsService; clock: Clock }) {
  const tell = (event: string) => log.info(event);
  const clipboard = new PatientClipboard(electron, { clearLater: () => deps.settings.current().clearCopiedNote, log: tell, held: clipboardHeld, clock: deps.clock });
  const copies = new CopyPath(clipboard, { requireReview: () => deps.settings.current().requireReview, log: tell });
  return {
    copies,
    handlers: {},
    start: () => {},
    stop: () => copies.dispose(),
  } satisfies Feature;
}
