/**
 * The registration form. The Aadhaar number lives only here, in memory, for as long as the
 * registration lasts: it is never stored, and Start over (or leaving the app) forgets it.
 */
import { create } from 'zustand';
import { AADHAAR_LENGTH, aadhaarProblem } from '../../../contract/aadhaar';
import { CONSENT_TEXT, type RegistrationView } from '../../../contract/registration';
import { scribe } from '../../bridge';

interface RegistrationState {
  digits: string;
  showNumber: boolean;
  consent: boolean;
  view: RegistrationView | null;
  inlineError: string | null;
  busy: boolean;
  lastAction: 'send' | 'resend' | null;
  load(): Promise<void>;
  setDigits(raw: string): void;
  toggleShow(): void;
  setConsent(consent: boolean): void;
  send(): Promise<void>;
  resend(): Promise<void>;
  retry(): Promise<void>;
  startOver(): Promise<void>;
}

export const useRegistrationStore = create<RegistrationState>((set, get) => ({
  digits: '',
  showNumber: false,
  consent: false,
  view: null,
  inlineError: null,
  busy: false,
  lastAction: null,
  load: async () => set({ view: await scribe.getRegistration() }),
  setDigits: (raw) => set({ digits: raw.replace(/\D/g, '').slice(0, AADHAAR_LENGTH), inlineError: null }),
  toggleShow: () => set({ showNumber: !get().showNumber }),
  setConsent: (consent) => set({ consent, inlineError: null }),
  send: async () => {
    const { digits, consent } = get();
    const problem = aadhaarProblem(digits);
    if (problem) return set({ inlineError: problem });
    if (!consent) return set({ inlineError: "Record the patient's consent before sending the OTP." });
    set({ busy: true, inlineError: null, lastAction: 'send' });
    try {
      const { view } = await scribe.startRegistration({ aadhaarNumber: digits, consentText: CONSENT_TEXT });
      set({ view });
    } finally {
      set({ busy: false });
    }
  },
  resend: async () => {
    set({ busy: true, lastAction: 'resend' });
    try {
      set({ view: (await scribe.resendRegistrationOtp()).view });
    } finally {
      set({ busy: false });
    }
  },
  retry: async () => (get().lastAction === 'resend' ? get().resend() : get().send()),
  startOver: async () => {
    set({ digits: '', showNumber: false, consent: false, inlineError: null, lastAction: null, view: await scribe.resetRegistration() });
  },
}));
