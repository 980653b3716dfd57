/**
 * The screens. Dictation, the one the app opens on, is in the page's own script; the others are
 * loaded once Record works and the page is idle (or at once, when one is chosen before that), so
 * that their code is not served nor compiled on the way to a working Record.
 */
import { lazy, type ComponentType } from 'react';
import { DictationScreen } from '../features/dictation/DictationScreen';
import type { ScreenId } from './navigation-store';
import { idleAfter } from './idle-after';
import { PAGE_IDLE } from './page-idle';

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

/**
 * Loads the other screens' code once Record works (`recordWorks`: main has answered for the
 * recorder) and the page is idle, at most a few seconds after. Requested sooner, their files
 * were served by main and compiled by the page just as main built the features and answered
 * the page's first calls: on the way to a working Record.
 */
export function loadOtherScreensWhenIdle(recordWorks: Promise<unknown>): () => void {
  return idleAfter(recordWorks, () => {
    for (const load of Object.values(LATER)) void load();
  }, 3_000, PAGE_IDLE);
}
