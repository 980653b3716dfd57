/**
 * The registration form. The Aadhaar number lives only here, in memory, for as long as the
 * registration lasts: it is never stored, and Start over (or leaving the app) forgets it.
 */
import { create } from 'zustand';
import { AADHAAR_LENGTH, aadhaarProblem } from '../../../contract/aadhaar';
import { CONSENT_TEXT, type RegistrationView } from '../../../contract/registration';
import type { AppError, Result } from '../../../contract/result';
import { scribe, valueOf } from '../../bridge';

interface RegistrationState {
  digits: string;
  showNumber: boolean;
  consent: boolean;
  view: RegistrationView | null;
  /** Why the last request failed; null after a success. */
  error: AppError | null;
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

export const useRegistrationStore = create<RegistrationState>((set, get) => {
  /** One request to main; its view or its error replaces the last. */
  const request = async (call: Promise<Result<RegistrationView>>) => {
    set({ busy: true });
    try {
      const result = await call;
      if (result.ok) set({ view: result.value, error: null });
      else set({ error: result.error });
    } finally {
      set({ busy: false });
    }
  };
  return {
  digits: '',
  showNumber: false,
  consent: false,
  view: null,
  error: null,
  inlineError: null,
  busy: false,
  lastAction: null,
  load: async () => {
    const view = await valueOf(scribe.getRegistration());
    if (view) set({ view });
  },
  setDigits: (raw) => set({ digits: raw.replace(/\D/g, '').slice(0, AADHAAR_LENGTH), inlineError: null }),
  toggleShow: () => set({ showNumber: !get().showNumber }),
  setConsent: (consent) => set({ consent, inlineError: null }),
  send: async () => {
    const { digits, consent } = get();
    const problem = aadhaarProblem(digits);
    if (problem) return set({ inlineError: problem });
    if (!consent) return set({ inlineError: "Record the patient's consent before sending the OTP." });
    set({ inlineError: null, lastAction: 'send' });
    await request(scribe.startRegistration({ aadhaarNumber: digits, consentText: CONSENT_TEXT }));
  },
  resend: async () => {
    set({ lastAction: 'resend' });
    await request(scribe.resendRegistrationOtp());
  },
  retry: async () => (get().lastAction === 'resend' ? get().resend() : get().send()),
  startOver: async () => {
    set({ digits: '', showNumber: false, consent: false, inlineError: null, lastAction: null, error: null });
    const view = await valueOf(scribe.resetRegistration());
    if (view) set({ view });
  },
  };
});
