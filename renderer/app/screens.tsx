/**
 * The screens. Dictation, the one the app opens on, is in the page's own script; the others are
 * loaded once it is drawn and the page is idle (or at once, when one is chosen before that), so
 * that their code is not compiled on the way to a working Record.
 */
import { lazy, type ComponentType } from 'react';
import { DictationScreen } from '../features/dictation/DictationScreen';
import type { ScreenId } from './navigation-store';

type Loader = () => Promise<{ default: ComponentType }>;

const LATER: Record<Exclude<ScreenId, 'dictation'>, Loader> = {
  'lab-reports': () => import('../features/lab-reports/LabReportsScreen').then((module) => ({ default: module.LabReportsScreen })),
  registration: () => import('../features/registration/RegistrationScreen').then((module) => ({ default: module.RegistrationScreen })),
  patients: () => import('../features/patients/PatientsScreen').then((module) => ({ default: module.PatientsScreen })),
  settings: () => import('../features/settings/SettingsScreen').then((module) => ({ default: module.SettingsScreen })),
};

export const SCREEN_COMPONENTS: Record<ScreenId, ComponentType> = {
  dictation: DictationScreen,
  'lab-reports': lazy(LATER['lab-reports']),
  registration: lazy(LATER.registration),
  patients: lazy(LATER.patients),
  settings: lazy(LATER.settings),
};

/** Loads the other screens' code once the page has nothing else to do (at most a few seconds after it asks). */
export function loadOtherScreensWhenIdle(): () => void {
  const handle = requestIdleCallback(() => {
    for (const load of Object.values(LATER)) void load();
  }, { timeout: 3_000 });
  return () => cancelIdleCallback(handle);
}
