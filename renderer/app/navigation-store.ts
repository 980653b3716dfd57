import { create } from 'zustand';

export const SCREENS = [
  { id: 'dictation', label: 'Dictation', shortcut: '1' },
  { id: 'lab-reports', label: 'Records', shortcut: '2' },
  { id: 'registration', label: 'Registration', shortcut: '3' },
  { id: 'patients', label: 'Patients', shortcut: '5' },
  { id: 'settings', label: 'Settings', shortcut: '4' },
] as const;

export type ScreenId = (typeof SCREENS)[number]['id'];

export interface NavigationState {
  screen: ScreenId;
  show(screen: ScreenId): void;
}

export function createNavigationStore() {
  return create<NavigationState>((set) => ({
    screen: 'dictation',
    show: (screen) => set({ screen }),
  }));
}

/** The page's one navigation store (it needs no bridge). */
export const useNavigationStore = createNavigationStore();
