/** Why no update check may be made with these settings, or null when it may. Pure. */
import type { Settings } from '../../contract/settings';
import { transportProblem } from '../../contract/url-rules';

export function updatesOffReason(settings: Pick<Settings, 'updatesEnabled' | 'updateUrl'>): string | null {
  if (!settings.updatesEnabled) return 'Updates are turned off (by settings or by your administrator).';
  if (!settings.updateUrl) return 'No update server is set. Your administrator or IT provider can set one.';
  // Settings validation has the same rule; checked again here so that no path leads to a
  // plain-http request to another computer.
  const problem = transportProblem(settings.updateUrl);
  if (problem) return `The update server address is not allowed, so nothing is requested from it. ${problem}`;
  return null;
}
