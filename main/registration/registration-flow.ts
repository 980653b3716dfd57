/**
 * One registration at a time, in memory only: the Aadhaar OTP (sent, sent again, verified with
 * the mobile number to link), the mobile OTP when that number is not the Aadhaar-linked one,
 * the ABHA address (one of the patient's, or a new one), and the patient's ABHA at the end.
 * The Aadhaar number and the OTPs pass through to the service and are not kept; the profile
 * and the card are kept until Start over, because the screen shows them. Nothing is written
 * or logged but events without personal data.
 */
import type { Clock } from '../core/clock';
import { aadhaarProblem } from '../../contract/aadhaar';
import {
  CONSENT_TEXT,
  MAX_OTP_RESENDS,
  type AbhaAccount,
  type AbhaAddressCheck,
  type Copyable,
  type RegistrationNext,
  type RegistrationView,
} from '../../contract/registration';
import {
  abhaNameProblem,
  fullAbhaAddress,
  mobileProblem,
  normalizeAbhaName,
  normalizeMobile,
  normalizeOtp,
  otpProblem,
} from '../../contract/registration-rules';
import { otpHint } from '../api/registration-api';
import type { AbhaStep, RegistrationOtp, SuggestionRequest } from '../api/service-client';
import { isServiceError } from '../api/service-error';
import { refuse } from '../core/refusal';
import { forOtp, problemRefusal, registrationProblem, type OtpStanding, type RegistrationCall } from './abdm-problems';
import { accountsView, addressChoices, isoDateOfBirth, profileView, suggestionNames } from './abha-profile';
import { OtpAttempts } from './otp-attempts';

export interface RegistrationClient {
  startRegistration(input: { aadhaarNumber: string }): Promise<RegistrationOtp>;
  resendRegistrationOtp(input: { txnId: string }): Promise<RegistrationOtp>;
  verifyAadhaarOtp(input: { txnId: string; otp: string; mobile: string }): Promise<AbhaStep>;
  verifyMobileOtp(input: { txnId: string; otp: string }): Promise<AbhaStep>;
  resendMobileOtp(input: { txnId: string }): Promise<RegistrationOtp>;
  suggestAbhaAddresses(input: SuggestionRequest): Promise<string[]>;
  abhaAddressExists(input: { abhaAddress: string }): Promise<boolean>;
  createAbhaAddress(input: { txnId: string; abhaAddress: string }): Promise<AbhaStep>;
  abhaCard(input: { oid: string }): Promise<Buffer>;
}

export interface RegistrationFlowDeps {
  client: RegistrationClient;
  resendSeconds(): number;
  /** When an OTP was sent, and so when it may be sent again. */
  clock: Pick<Clock, 'now'>;
  /** Audit line without personal data. */
  audit?(event: string): void;
  /** True while the service is the built-in sandbox: what it answers is test data. */
  sendsToSandbox?(): boolean;
}

type ProfileAnswer = NonNullable<AbhaStep['profile']>;
type Outcome = NonNullable<RegistrationView['outcome']>;

/** One OTP: where it went, when, how often it was sent again and how often it was mistyped. */
interface OtpRound {
  kind: 'aadhaar' | 'mobile';
  txnId: string;
  hint: string | null;
  sentAt: number;
  resendsUsed: number;
  attempts: OtpAttempts;
}

/** What the national system told about the patient so far. */
interface Found {
  profile: ProfileAnswer | null;
  accounts: AbhaAccount[];
}

type Stage =
  | { step: 'aadhaar' }
  | { step: 'aadhaar-otp'; otp: OtpRound }
  | { step: 'mobile-otp'; otp: OtpRound; found: Found }
  | { step: 'choose-address'; txnId: string; found: Found; choices: string[] }
  | { step: 'create-address'; txnId: string; found: Found; suggestions: string[] }
  | { step: 'done'; found: Found; outcome: Outcome; card: Buffer | null };

const NOTHING_FOUND: Found = { profile: null, accounts: [] };

export class RegistrationFlow {
  private stage: Stage = { step: 'aadhaar' };
  private next: RegistrationNext | null = null;
  private busy = false;
  /** Start over makes answers still on their way belong to nothing. */
  private generation = 0;
  /** This registration was started with the built-in sandbox. */
  private sandboxAnswers = false;

  constructor(private readonly deps: RegistrationFlowDeps) {}

  private now(): number {
    return this.deps.clock.now();
  }

  view(): RegistrationView {
    const stage = this.stage;
    const found = 'found' in stage ? stage.found : NOTHING_FOUND;
    const otp = 'otp' in stage ? stage.otp : null;
    return {
      step: stage.step,
      otp: otp
        ? {
            hint: otp.hint,
            resendAvailableAt: new Date(otp.sentAt + this.deps.resendSeconds() * 1000).toISOString(),
            resendsLeft: MAX_OTP_RESENDS - otp.resendsUsed,
            attemptsLeft: otp.attempts.left,
          }
        : null,
      profile: found.profile ? profileView(found.profile) : null,
      accounts: found.accounts,
      addressChoices: stage.step === 'choose-address' ? stage.choices : [],
      suggestions: stage.step === 'create-address' ? stage.suggestions : [],
      outcome: stage.step === 'done' ? stage.outcome : null,
      card: stage.step === 'done' && stage.card ? `data:image/png;base64,${stage.card.toString('base64')}` : null,
      next: this.next,
      testData: this.sandboxAnswers,
    };
  }

  /** Sends the OTP; a refusal (by the checks or the service) is thrown. */
  async start(aadhaarNumber: string, consentText: string): Promise<RegistrationView> {
    const problem = aadhaarProblem(aadhaarNumber);
    if (problem) refuse('invalid-input', problem, { aadhaarNumber: problem });
    if (consentText !== CONSENT_TEXT) refuse('invalid-input', "The patient's consent must be recorded before the OTP is sent.");
    if (this.busy) refuse('busy', 'The OTP is being sent; wait a moment.');
    this.reset();
    this.sandboxAnswers = this.deps.sendsToSandbox?.() ?? false;
    this.deps.audit?.('registration: consent recorded; OTP requested');
    return this.run('start', async (guard) => {
      const sent = await this.deps.client.startRegistration({ aadhaarNumber });
      guard();
      this.stage = { step: 'aadhaar-otp', otp: this.round('aadhaar', sent) };
      return this.view();
    });
  }

  /** Sends the current OTP (Aadhaar or mobile) again, after the cool-down and within the limit. */
  async resend(): Promise<RegistrationView> {
    const stage = this.stage;
    if (stage.step !== 'aadhaar-otp' && stage.step !== 'mobile-otp') return refuse('refused', 'There is no OTP to send again. Start the registration first.');
    const round = stage.otp;
    if (round.resendsUsed >= MAX_OTP_RESENDS) {
      refuse('refused', `The OTP was already sent again ${MAX_OTP_RESENDS} times. Start over if the patient still has not received it.`);
    }
    const wait = round.sentAt + this.deps.resendSeconds() * 1000 - this.now();
    if (wait > 0) refuse('busy', `The OTP can be sent again in ${Math.ceil(wait / 1000)} seconds.`);
    return this.run('resend', async (guard) => {
      const { client } = this.deps;
      const sent = round.kind === 'aadhaar' ? await client.resendRegistrationOtp({ txnId: round.txnId }) : await client.resendMobileOtp({ txnId: round.txnId });
      guard();
      Object.assign(round, this.round(round.kind, sent), { resendsUsed: round.resendsUsed + 1 });
      this.next = null;
      this.deps.audit?.(`registration: ${round.kind} OTP sent again`);
      return this.view();
    });
  }

  /** The Aadhaar OTP, and the mobile number the ABHA is to be linked to. */
  async verifyOtp(otpInput: string, mobileInput: string): Promise<RegistrationView> {
    const otp = normalizeOtp(otpInput);
    const mobile = normalizeMobile(mobileInput);
    checkFields({ otp: otpProblem(otp), mobile: mobileProblem(mobile) });
    const stage = this.stage;
    if (stage.step !== 'aadhaar-otp') return refuse('refused', 'There is no Aadhaar OTP to check now. Start the registration first.');
    this.assertAttemptsLeft(stage.otp);
    return this.run(
      'verify-otp',
      async (guard) => {
        const answer = await this.deps.client.verifyAadhaarOtp({ txnId: stage.otp.txnId, otp, mobile });
        guard();
        this.deps.audit?.(`registration: Aadhaar OTP verified; next ${answer.skip_state}`);
        return this.advance(answer, stage.otp.txnId, NOTHING_FOUND, 'found', guard);
      },
      stage.otp,
    );
  }

  /** The OTP sent to a mobile number other than the Aadhaar-linked one. */
  async verifyMobileOtp(otpInput: string): Promise<RegistrationView> {
    const otp = normalizeOtp(otpInput);
    checkFields({ otp: otpProblem(otp) });
    const stage = this.stage;
    if (stage.step !== 'mobile-otp') return refuse('refused', 'There is no mobile OTP to check now.');
    this.assertAttemptsLeft(stage.otp);
    return this.run(
      'verify-mobile-otp',
      async (guard) => {
        const answer = await this.deps.client.verifyMobileOtp({ txnId: stage.otp.txnId, otp });
        guard();
        this.deps.audit?.(`registration: mobile OTP verified; next ${answer.skip_state}`);
        return this.advance(answer, stage.otp.txnId, stage.found, 'found', guard);
      },
      stage.otp,
    );
  }

  /** Whether a new address is free. Asked as it is typed, so it neither waits for nor holds other requests. */
  async checkAddress(input: string): Promise<AbhaAddressCheck> {
    const name = normalizeAbhaName(input);
    checkFields({ address: abhaNameProblem(name) });
    if (this.stage.step !== 'create-address') refuse('refused', 'An ABHA address is not being chosen now.');
    const generation = this.generation;
    const address = fullAbhaAddress(name);
    try {
      const exists = await this.deps.client.abhaAddressExists({ abhaAddress: address });
      return { address, available: !exists };
    } catch (error) {
      if (generation !== this.generation) refuse('cancelled', 'The registration was started over.');
      throw this.failure(error, 'check-address', null, false);
    }
  }

  /** A new address for the patient's ABHA number. */
  async createAddress(input: string): Promise<RegistrationView> {
    const name = normalizeAbhaName(input);
    checkFields({ address: abhaNameProblem(name) });
    const stage = this.stage;
    if (stage.step !== 'create-address') return refuse('refused', 'An ABHA address is not being chosen now.');
    return this.linkAddress('create-address', stage.txnId, fullAbhaAddress(name), stage.found, 'created');
  }

  /** One of the patient's existing addresses. */
  async chooseAddress(address: string): Promise<RegistrationView> {
    const stage = this.stage;
    if (stage.step !== 'choose-address') return refuse('refused', 'An ABHA address is not being chosen now.');
    if (!stage.choices.includes(address)) {
      const message = "Choose one of the patient's ABHA addresses listed.";
      refuse('invalid-input', message, { address: message });
    }
    return this.linkAddress('choose-address', stage.txnId, address, stage.found, 'chosen');
  }

  /** Start over: forget the transaction, the patient's profile and card, and any error. */
  reset(): RegistrationView {
    if (this.stage.step !== 'aadhaar') this.deps.audit?.('registration: started over; everything about the patient forgotten');
    this.generation += 1;
    this.busy = false;
    this.stage = { step: 'aadhaar' };
    this.next = null;
    this.sandboxAnswers = false;
    return this.view();
  }

  /** The ABHA card, for printing or saving. */
  card(): Buffer {
    const stage = this.stage;
    if (stage.step !== 'done' || !stage.card) return refuse('not-found', 'There is no ABHA card to print or save: the national health system did not provide one.');
    return stage.card;
  }

  /** Whether the patient, the ABHA and the card are the built-in sandbox's test data. */
  testData(): boolean {
    return this.sandboxAnswers;
  }

  /** The ABHA number (as shown) or address, for the clipboard. */
  copyable(which: Copyable): string {
    const profile = this.view().profile;
    const value = which === 'abhaNumber' ? profile?.abhaNumber : profile?.abhaAddress;
    if (!value) return refuse('not-found', 'There is nothing to copy yet.');
    return value;
  }

  private linkAddress(call: RegistrationCall, txnId: string, address: string, found: Found, outcome: Outcome): Promise<RegistrationView> {
    return this.run(call, async (guard) => {
      const answer = await this.deps.client.createAbhaAddress({ txnId, abhaAddress: address });
      guard();
      this.deps.audit?.(`registration: ABHA address ${outcome === 'created' ? 'created' : 'chosen'}`);
      // The answer's profile may leave out the address it was just given.
      const profile = answer.profile ?? found.profile;
      const completed = { ...answer, profile: profile ? { ...profile, abha_address: profile.abha_address ?? address } : null };
      return this.advance(completed, txnId, found, outcome, guard);
    });
  }

  /** Moves on as the service's `skip_state` says. */
  private async advance(answer: AbhaStep, txnId: string, before: Found, outcome: Outcome, guard: () => void): Promise<RegistrationView> {
    const accounts = accountsView(answer);
    const found: Found = { profile: answer.profile ?? before.profile, accounts: accounts.length > 0 ? accounts : before.accounts };
    const nextTxnId = answer.txn_id?.trim() || txnId;
    const choices = addressChoices(found.accounts, found.profile);
    switch (answer.skip_state) {
      case 'abha_end': {
        const oid = answer.eka?.oid?.trim();
        const card = oid ? await this.fetchCard(oid) : null;
        guard();
        this.stage = { step: 'done', found, outcome, card };
        this.deps.audit?.(`registration: finished (${outcome}; card ${card ? 'received' : 'not provided'})`);
        break;
      }
      case 'confirm_mobile_otp':
        this.stage = { step: 'mobile-otp', otp: this.round('mobile', { txnId: nextTxnId, hint: answer.hint ? otpHint(answer.hint) : null }), found };
        break;
      case 'abha_select':
      case 'abha_create': {
        if (answer.skip_state === 'abha_select' && choices.length > 0) {
          this.stage = { step: 'choose-address', txnId: nextTxnId, found, choices };
          break;
        }
        // A new address, also when none of the patient's was listed to choose from.
        const suggestions = await this.suggest(nextTxnId, found.profile);
        guard();
        this.stage = { step: 'create-address', txnId: nextTxnId, found, suggestions };
        break;
      }
    }
    this.next = null;
    return this.view();
  }

  /** Suggestions help but are not needed: without them the receptionist types an address. */
  private async suggest(txnId: string, profile: ProfileAnswer | null): Promise<string[]> {
    if (!profile?.first_name && !profile?.last_name) return [];
    try {
      const suggestions = await this.deps.client.suggestAbhaAddresses({
        txnId,
        firstName: profile.first_name ?? null,
        middleName: profile.middle_name ?? null,
        lastName: profile.last_name ?? null,
        dateOfBirth: isoDateOfBirth(profile),
      });
      return suggestionNames(suggestions);
    } catch {
      this.deps.audit?.('registration: no address suggestions (the service did not give any)');
      return [];
    }
  }

  /** The card is shown where the service provides it; without it the ABHA is still complete. */
  private async fetchCard(oid: string): Promise<Buffer | null> {
    try {
      return await this.deps.client.abhaCard({ oid });
    } catch {
      return null;
    }
  }

  private round(kind: OtpRound['kind'], sent: RegistrationOtp): OtpRound {
    return { kind, txnId: sent.txnId, hint: sent.hint, sentAt: this.now(), resendsUsed: 0, attempts: new OtpAttempts() };
  }

  private assertAttemptsLeft(round: OtpRound): void {
    round.attempts.assertLeft(round.resendsUsed < MAX_OTP_RESENDS);
  }

  /**
   * One request to the service at a time. A failure becomes the page's error, with `next`
   * set; an answer that arrives after Start over is set aside.
   */
  private async run<T>(call: RegistrationCall, body: (guard: () => void) => Promise<T>, round: OtpRound | null = null): Promise<T> {
    if (this.busy) refuse('busy', 'The previous request is still under way; wait a moment.');
    const generation = this.generation;
    const guard = () => {
      if (generation !== this.generation) refuse('cancelled', 'The registration was started over, so this answer was set aside.');
    };
    this.busy = true;
    try {
      return await body(guard);
    } catch (error) {
      guard();
      throw this.failure(error, call, round, true);
    } finally {
      if (generation === this.generation) this.busy = false;
    }
  }

  /**
   * A service error as the page is to read it: a refusal of the national health system in
   * words for this step (a wrong OTP counted first), any other error as it is.
   */
  private failure(error: unknown, call: RegistrationCall, round: OtpRound | null, setsNext: boolean): unknown {
    if (!isServiceError(error)) return error;
    const known = registrationProblem(error, call);
    if (known?.wrongOtp && round) round.attempts.countWrong();
    const problem = known && forOtp(known, round && standing(round));
    if (setsNext) this.next = problem ? problem.next : error.retryable ? 'try-again' : null;
    return problem ? problemRefusal(problem, error) : error;
  }
}

function standing(round: OtpRound): OtpStanding {
  return { attemptsLeft: round.attempts.left, resendsLeft: MAX_OTP_RESENDS - round.resendsUsed };
}

/** Refuses input that breaks the rules, naming each field; nothing is sent. */
function checkFields(problems: Record<string, string | null>): void {
  const fields = Object.fromEntries(Object.entries(problems).filter((entry): entry is [string, string] => entry[1] !== null));
  const messages = Object.values(fields);
  if (messages.length > 0) refuse('invalid-input', messages.join(' '), fields);
}
