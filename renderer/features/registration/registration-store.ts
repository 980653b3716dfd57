/**
 * The registration form. What the receptionist types (the Aadhaar number, the OTP, the mobile
 * number, the address) lives only here, in memory, for as long as the registration lasts:
 * it is never stored, and Start over (or leaving the app) forgets it. Main keeps the
 * registration itself (RegistrationView); every field is checked here before it is sent, and
 * again in main.
 */
import { create } from 'zustand';
import type { Clock, ClockTimer } from '../../../contract/clock';
import { AADHAAR_LENGTH, aadhaarProblem } from '../../../contract/aadhaar';
import { CONSENT_TEXT, type Copyable, type RegistrationField, type RegistrationView } from '../../../contract/registration';
import { abhaNameProblem, fullAbhaAddress, mobileProblem, normalizeAbhaName, normalizeMobile, normalizeOtp, otpProblem } from '../../../contract/registration-rules';
import type { ScribeBridge, ShortcutCopyOutcome } from '../../../contract/ipc';
import type { AppError, Result } from '../../../contract/result';
import { errorOf, valueReader, type ReportProblem } from '../../app/answers';
import type { StoreContext } from '../../app/store-context';

type FieldErrors = Partial<Record<RegistrationField, string>>;
type Action = 'send' | 'resend' | 'verify' | 'verify-mobile' | 'create' | 'choose';

/** The address as typed, and what is known about it. */
export interface AddressStatus {
  name: string;
  state: 'empty' | 'incomplete' | 'checking' | 'available' | 'taken' | 'unknown';
  /** The rule it breaks, while typing. */
  message: string | null;
}

export interface RegistrationState {
  digits: string;
  showNumber: boolean;
  consent: boolean;
  otp: string;
  mobile: string;
  address: AddressStatus;
  chosenAddress: string | null;
  view: RegistrationView | null;
  /** Why the last request failed; null after a success. */
  error: AppError | null;
  /** Messages next to the fields, from the checks here or from main. */
  fieldErrors: FieldErrors;
  /** What just happened that is not an error (a copy, a saved card). */
  notice: string | null;
  busy: boolean;
  lastAction: Action | null;
  /** After Start over: the Aadhaar number field takes the keyboard once it is shown. */
  focusAadhaar: boolean;
  /** The visit's patient when this registration began (null: none chosen); undefined before it began. */
  startedFor: string | null | undefined;
  /** The registration is for this patient of the visit (it began, or the doctor went on with it for them). */
  followVisit(patientId: string | null): void;
  load(): Promise<void>;
  setDigits(raw: string): void;
  toggleShow(): void;
  setConsent(consent: boolean): void;
  send(): Promise<void>;
  setOtp(raw: string): void;
  setMobile(raw: string): void;
  verifyOtp(): Promise<void>;
  verifyMobileOtp(): Promise<void>;
  resend(): Promise<void>;
  setAddress(raw: string): void;
  createAddress(): Promise<void>;
  setChosenAddress(address: string): void;
  chooseAddress(): Promise<void>;
  copy(value: Copyable): Promise<void>;
  /** The copy shortcut copied, or refused: "ABHA number copied." gives way to what it did. */
  shortcutCopied(outcome: ShortcutCopyOutcome): void;
  printCard(): Promise<void>;
  saveCard(): Promise<void>;
  retry(): Promise<void>;
  startOver(): Promise<void>;
  aadhaarFocused(): void;
}

const EMPTY_ADDRESS: AddressStatus = { name: '', state: 'empty', message: null };
/** Wait for a pause in typing before asking whether an address is free. */
const CHECK_DELAY_MS = 350;

/** What the receptionist has typed and been told, as at the start of a registration. */
function initialState() {
  return {
    digits: '',
    showNumber: false,
    consent: false,
    otp: '',
    mobile: '',
    address: EMPTY_ADDRESS,
    chosenAddress: null,
    error: null,
    fieldErrors: {},
    notice: null,
    lastAction: null,
    focusAadhaar: false,
    startedFor: undefined,
  } satisfies Partial<RegistrationState>;
}

function firstProblem(problems: FieldErrors): FieldErrors | null {
  const found = Object.fromEntries(Object.entries(problems).filter(([, message]) => message));
  return Object.keys(found).length > 0 ? found : null;
}

type Request = (action: Action, call: () => Promise<Result<RegistrationView>>, onSuccess?: Partial<RegistrationState>) => Promise<void>;

/** One request to main; its view or its error replaces the last. After an error, the view tells what to offer next. */
function requester({ bridge, set }: StoreContext<RegistrationState>): Request {
  return async (action, call, onSuccess = {}) => {
    set({ busy: true, lastAction: action, notice: null });
    try {
      const result = await call();
      if (result.ok) {
        set({ view: result.value, error: null, fieldErrors: {}, ...onSuccess });
        return;
      }
      // A refused OTP cannot be used again: the field is cleared for the next one.
      set({ error: result.error, fieldErrors: result.error.fields ?? {}, ...(result.error.fields?.otp ? { otp: '' } : {}) });
      const view = await bridge.getRegistration();
      if (view.ok) set({ view: view.value });
    } finally {
      set({ busy: false });
    }
  };
}

/** The Aadhaar number, the consent and the OTPs (with the mobile number): each checked here before it is sent. */
function aadhaarAndOtpActions({ bridge, set, get }: StoreContext<RegistrationState>, request: Request) {
  return {
    setDigits: (raw: string) => set({ digits: raw.replace(/\D/g, '').slice(0, AADHAAR_LENGTH), fieldErrors: {} }),
    toggleShow: () => set({ showNumber: !get().showNumber }),
    setConsent: (consent: boolean) => set({ consent, fieldErrors: {} }),
    send: async () => {
      const { digits, consent } = get();
      const problem = aadhaarProblem(digits);
      if (problem) return set({ fieldErrors: { aadhaarNumber: problem }, error: null });
      // Said under the consent box, not the number: the number is fine.
      if (!consent) return set({ fieldErrors: { consent: "Record the patient's consent before sending the OTP." }, error: null });
      await request('send', () => bridge.startRegistration({ aadhaarNumber: digits, consentText: CONSENT_TEXT }));
    },
    setOtp: (raw: string) => set(({ fieldErrors }) => ({ otp: normalizeOtp(raw).slice(0, 12), fieldErrors: { ...fieldErrors, otp: undefined } })),
    setMobile: (raw: string) => set(({ fieldErrors }) => ({ mobile: raw.slice(0, 20), fieldErrors: { ...fieldErrors, mobile: undefined } })),
    verifyOtp: async () => {
      const { otp, mobile } = get();
      const problems = firstProblem({ otp: otpProblem(otp) ?? undefined, mobile: mobileProblem(normalizeMobile(mobile)) ?? undefined });
      if (problems) return set({ fieldErrors: problems, error: null });
      await request('verify', () => bridge.verifyRegistrationOtp({ otp, mobile: normalizeMobile(mobile) }), { otp: '' });
    },
    verifyMobileOtp: async () => {
      const { otp } = get();
      const problem = otpProblem(otp);
      if (problem) return set({ fieldErrors: { otp: problem }, error: null });
      await request('verify-mobile', () => bridge.verifyRegistrationMobileOtp({ otp }), { otp: '' });
    },
    resend: async () => {
      await request('resend', () => bridge.resendRegistrationOtp(), { otp: '' });
    },
  } satisfies Partial<RegistrationState>;
}

const COPIED_NOTICES: Record<Copyable, string> = { abhaNumber: 'ABHA number copied.', abhaAddress: 'ABHA address copied.' };

/** The finished ABHA: its number and address copied, its card printed or saved. */
function abhaActions({ bridge, set, get }: StoreContext<RegistrationState>) {
  return {
    copy: async (value: Copyable) => {
      const error = await errorOf(bridge.copyRegistrationValue({ value }));
      set(error ? { error } : { notice: COPIED_NOTICES[value], error: null });
    },
    shortcutCopied: (outcome: ShortcutCopyOutcome) => {
      if (Object.values(COPIED_NOTICES).includes(get().notice ?? '')) set({ notice: outcome.message });
    },
    printCard: async () => {
      set({ busy: true, notice: null });
      const result = await bridge.printAbhaCard();
      set({ busy: false, ...(result.ok ? { notice: result.value ? 'The card was sent to the printer.' : null, error: null } : { error: result.error }) });
    },
    saveCard: async () => {
      set({ busy: true, notice: null });
      const result = await bridge.saveAbhaCard();
      set({ busy: false, ...(result.ok ? { notice: result.value ? `Card saved to ${result.value}` : null, error: null } : { error: result.error }) });
    },
  } satisfies Partial<RegistrationState>;
}

/** `clock`: the page's (app/clock.ts), on which a typed address waits a moment before it is checked. */
export function createRegistrationStore(bridge: ScribeBridge, report: ReportProblem, clock: Clock) {
  const valueOrReport = valueReader(report);
  let checkTimer: ClockTimer | null = null;
  return create<RegistrationState>((set, get) => {
    const context: StoreContext<RegistrationState> = { bridge, valueOrReport, set, get };
    const request = requester(context);

    const checkAddress = async (name: string) => {
      const result = await bridge.checkAbhaAddress({ address: name });
      if (get().address.name !== name) return; // typed on since
      if (result.ok) set({ address: { name, state: result.value.available ? 'available' : 'taken', message: null } });
      else set({ address: { name, state: 'unknown', message: result.error.message } });
    };

    return {
      ...initialState(),
      view: null,
      busy: false,
      load: async () => {
        const view = await valueOrReport(bridge.getRegistration());
        if (view) set({ view });
      },
      ...aadhaarAndOtpActions(context, request),
      setAddress: (raw) => {
        const name = normalizeAbhaName(raw).slice(0, 40);
        clock.clearTimeout(checkTimer);
        set(({ fieldErrors }) => ({ fieldErrors: { ...fieldErrors, address: undefined } }));
        if (name === '') return set({ address: EMPTY_ADDRESS });
        const problem = abhaNameProblem(name);
        if (problem) return set({ address: { name, state: 'incomplete', message: problem } });
        set({ address: { name, state: 'checking', message: null } });
        checkTimer = clock.setTimeout(() => void checkAddress(name), CHECK_DELAY_MS);
      },
      createAddress: async () => {
        const { address } = get();
        const problem = abhaNameProblem(address.name) ?? (address.state === 'taken' ? `${fullAbhaAddress(address.name)} is already taken. Choose another one.` : null);
        if (problem) return set({ fieldErrors: { address: problem }, error: null });
        await request('create', () => bridge.createAbhaAddress({ address: address.name }));
      },
      setChosenAddress: (chosenAddress) => set(({ fieldErrors }) => ({ chosenAddress, fieldErrors: { ...fieldErrors, address: undefined } })),
      chooseAddress: async () => {
        const { chosenAddress } = get();
        if (!chosenAddress) return set({ fieldErrors: { address: 'Choose one of the addresses first.' }, error: null });
        await request('choose', () => bridge.chooseAbhaAddress({ address: chosenAddress }));
      },
      ...abhaActions(context),
      retry: async () => {
        const actions: Record<Action, () => Promise<void>> = {
          send: get().send,
          resend: get().resend,
          verify: get().verifyOtp,
          'verify-mobile': get().verifyMobileOtp,
          create: get().createAddress,
          choose: get().chooseAddress,
        };
        const last = get().lastAction;
        if (last) await actions[last]();
      },
      aadhaarFocused: () => set({ focusAadhaar: false }),
      followVisit: (patientId) => set({ startedFor: patientId }),
      startOver: async () => {
        clock.clearTimeout(checkTimer);
        set(initialState());
        const view = await valueOrReport(bridge.resetRegistration());
        if (view) set({ view, focusAadhaar: true });
      },
    };
  });
}
