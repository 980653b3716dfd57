/**
 * Which screen is on view, with the keys that show each, and leaving a screen that asks first
 * (unsaved changes).
 */
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
  /** The screen asked for while the one on view asks first whether to leave it (unsaved changes); null when nothing is asked. */
  leaving: ScreenId | null;
  /** Shows `screen`, or asks first when the screen on view has a leave check that says so. */
  show(screen: ScreenId): void;
  /** Settings' part for the clinic's IT opens with the screen (the sign-in to mend is there); cleared once read. */
  clinicSettingsAsked: boolean;
  /** Shows Settings with its part for the clinic's IT open. */
  showClinicSettings(): void;
  /** Settings read the request to open its clinic part. */
  takeClinicSettingsAsked(): boolean;
  /** The screen on view says whether leaving it needs asking (true: ask); null: it never does. */
  setLeaveCheck(check: (() => boolean) | null): void;
  /** The answer to the question: leave for the screen asked for, or stay. */
  leave(): void;
  stay(): void;
}

export function createNavigationStore() {
  let leaveCheck: (() => boolean) | null = null;
  return create<NavigationState>((set, get) => ({
    screen: 'dictation',
    leaving: null,
    clinicSettingsAsked: false,
    showClinicSettings: () => {
      set({ clinicSettingsAsked: true });
      get().show('settings');
    },
    takeClinicSettingsAsked: () => {
      const asked = get().clinicSettingsAsked;
      if (asked) set({ clinicSettingsAsked: false });
      return asked;
    },
    show: (screen) => {
      if (screen === get().screen) return set({ leaving: null });
      if (leaveCheck?.()) return set({ leaving: screen });
      set({ screen, leaving: null });
    },
    setLeaveCheck: (check) => {
      leaveCheck = check;
    },
    leave: () => {
      const target = get().leaving;
      if (target === null) return;
      leaveCheck = null;
      set({ screen: target, leaving: null });
    },
    stay: () => set({ leaving: null }),
  }));
}

/** The page's one navigation store (it needs no bridge). */
export const useNavigationStore = createNavigationStore();
