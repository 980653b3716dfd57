/**
 * Effective settings: what the user saved, overridden by the administrator's policy.
 * Validates every change, refuses changes to locked values, and tells listeners.
 * Imports nothing from Electron: persistence and secrets are passed in.
 */
import { clientIdProblem } from '../../contract/auth';
import {
  DEFAULT_SETTINGS,
  SECRET_NAMES,
  crossFieldProblems,
  serviceBaseUrl,
  secretProblem,
  settingsSchema,
  type SecretName,
  type SettingName,
  type Settings,
} from '../../contract/settings';
import type { DataProtection, SettingsView, ShortcutAccess } from '../../contract/ipc';
import { USE_SANDBOX_LABEL, sameSettingValue } from '../../contract/setting-choices';
import { Emitter } from '../core/emitter';
import { refuse } from '../core/refusal';
import type { ConsentNotices } from '../../contract/consent';
import { consentNoticesOf } from '../consent/consent-policy';
import { linkingOf, type Linking } from './health-record-policy';
import { failClosedLines, failClosedSettings } from './fail-closed';
import type { LoadedPolicy } from './policy';
import type { SecretVault } from './secret-vault';

/** Where user settings are kept (settings.json in the data folder, see settings-file.ts). */
export interface SettingsPersistence {
  read(): Record<string, unknown>;
  write(settings: Settings): void;
}

const SETTING_NAMES = Object.keys(settingsSchema.shape) as SettingName[];

export const LOCKED_MESSAGE = 'Set by your administrator; it cannot be changed here.';

/** Why a setting cannot be changed while the policy file cannot be used. */
export const FAIL_CLOSED_MESSAGE =
  "Your administrator's policy file cannot be used, so this stays at its safest value until it is mended (only the built-in sandbox can be chosen).";

function refuseFields(fields: Partial<Record<SettingName | SecretName, string>>): never {
  const messages = Object.values(fields).filter((message) => message !== undefined);
  refuse('invalid-input', messages.length === 1 ? messages[0]! : `${messages.length} settings need correcting.`, fields);
}

type Problems = Partial<Record<SettingName | SecretName, string>>;

/** Shortcut access before the shortcuts have been applied: nothing known to be wrong. */
export const SHORTCUTS_UNCHECKED: ShortcutAccess = { recordShortcut: null, holdToRecord: null, copyNoteShortcut: null, insertNote: null, lastProgram: null, lastProgramMatch: null };

/** Why nothing is sent while the policy file cannot be used, in plain words. */
export function policyHoldMessage(error: string): string {
  return `${error} Until your administrator mends it, nothing is sent: the built-in sandbox would answer with test data. To try the app with test data meanwhile, press “${USE_SANDBOX_LABEL}” at the top of the screen.`;
}

/** The service a secret is kept for: its address, or the built-in sandbox. */
export function secretService(settings: Pick<Settings, 'service' | 'customServiceUrl'>): string {
  return serviceBaseUrl(settings) ?? 'sandbox';
}

export class SettingsService {
  private saved: Settings;
  private shortcutAccess: ShortcutAccess = SHORTCUTS_UNCHECKED;
  /** The user chose the sandbox (test data) while the policy file cannot be used; for this session only. */
  private sandboxChosen = false;
  private readonly changes = new Emitter<SettingsView>();
  /** The policy's notices, read once: the policy does not change while the app runs. */
  private notices: ConsentNotices | null = null;

  constructor(
    private readonly persistence: SettingsPersistence,
    private readonly vault: SecretVault,
    private readonly policy: LoadedPolicy,
    private readonly dataProtection: () => DataProtection = () => ({ keptBy: null, warning: null, problem: null }),
  ) {
    this.saved = SettingsService.sanitize(persistence.read());
    this.bindEarlierSecrets();
  }

  /**
   * A secret an earlier version kept has no service of its own: it is bound to the service in
   * effect now, unless the policy cannot be used (then what the administrator wanted is
   * unknown: it waits, and is sent nowhere meanwhile).
   */
  private bindEarlierSecrets(): void {
    if (this.policy.error !== null) return;
    for (const name of SECRET_NAMES) {
      if (this.vault.get(name) !== null && this.vault.serviceOf(name) === null) this.vault.bind(name, secretService(this.current()));
    }
  }

  /** Stored values that no longer pass validation fall back to their defaults, one by one. */
  private static sanitize(raw: Record<string, unknown>): Settings {
    const settings: Record<string, unknown> = { ...DEFAULT_SETTINGS };
    for (const name of SETTING_NAMES) {
      const parsed = settingsSchema.shape[name].safeParse(raw[name]);
      if (parsed.success) settings[name] = parsed.data;
    }
    return settings as Settings;
  }

  /** The policy file cannot be used: the app fails closed (fail-closed.ts). */
  private get policyBroken(): boolean {
    return this.policy.error !== null;
  }

  /**
   * What the policy fixes. While a policy file exists but cannot be used, what the administrator
   * wanted is unknown: every key is held as fail-closed.ts says (only the built-in sandbox can be
   * chosen, so no service, and no address of the user's, receives anything meanwhile).
   */
  private policySettings(): Partial<Settings> {
    if (this.policyBroken) return failClosedSettings(this.saved);
    const {
      clientSecret: _secret,
      accessToken: _token,
      jweClientKey: _key,
      requireProtectedStorage: _storage,
      consultationConsent: _consent,
      consentNotices: _notices,
      auditRetentionDays: _days,
      auditExportNames: _names,
      healthRecordLinking: _linking,
      hipId: _hip,
      facilityName: _facility,
      clinicHeader: _header,
      ...settings
    } = this.policy.values;
    return settings;
  }

  private lockedMessage(): string {
    return this.policyBroken ? FAIL_CLOSED_MESSAGE : LOCKED_MESSAGE;
  }

  current(): Settings {
    return { ...this.saved, ...this.policySettings() };
  }

  /** How consent to a consultation is had here, and the notices read to the patient (the administrator's alone). */
  consentNotices(): ConsentNotices {
    return (this.notices ??= consentNoticesOf(this.policy));
  }

  /** Whether and how visits are linked to the patient's health record, and the clinic's HIP id (the administrator's alone). */
  healthRecordLinking(): Linking {
    return linkingOf(this.policy);
  }

  /** The lines that head a printed handout (the clinic's name first), as the administrator set them; none while the policy cannot be used. */
  clinicHeader(): string[] {
    return this.policy.error === null ? (this.policy.values.clinicHeader ?? []) : [];
  }

  /** The secret for the service in effect: the policy's, or the one entered for this very service (never one entered for another). */
  secret(name: SecretName): string | null {
    const fromPolicy = this.policy.values[name];
    if (fromPolicy !== undefined) return fromPolicy;
    const entered = this.vault.get(name);
    return entered !== null && this.vault.serviceOf(name) === secretService(this.current()) ? entered : null;
  }

  /** Where a secret entered here is kept for another service than the one in effect (it is not sent here), or null. */
  secretEnteredFor(name: SecretName): string | null {
    if (this.policy.values[name] !== undefined || this.vault.get(name) === null) return null;
    const service = this.vault.serviceOf(name);
    return service !== secretService(this.current()) ? (service ?? 'another service') : null;
  }

  lockedNames(): Array<SettingName | SecretName> {
    const fixed: Record<string, unknown> = { ...this.policySettings(), ...this.policy.values };
    return [...SETTING_NAMES, ...SECRET_NAMES].filter((name) => fixed[name] !== undefined);
  }

  view(): SettingsView {
    return {
      values: this.current(),
      secrets: Object.fromEntries(SECRET_NAMES.map((name) => [name, this.secret(name) ? 'set' : 'not set'])) as SettingsView['secrets'],
      locked: this.lockedNames(),
      policy: { path: this.policy.path, error: this.policy.error, sandboxChosen: this.sandboxChosen, forced: this.policyBroken ? failClosedLines() : [], unusedNotices: this.consentNotices().refused.map((notice) => notice.why) },
      secretProtection: this.vault.protection(SECRET_NAMES.filter((name) => this.policy.values[name] !== undefined)),
      dataProtection: this.dataProtection(),
      shortcutAccess: this.shortcutAccess,
    };
  }

  /**
   * Why nothing may be sent: a policy file exists but cannot be used, so what the administrator
   * wanted is unknown; null once the user chose the sandbox for this session, or with no such problem.
   */
  policyHold(): string | null {
    return this.policy.error !== null && !this.sandboxChosen ? policyHoldMessage(this.policy.error) : null;
  }

  /** The user's choice, while the policy file cannot be used: the built-in sandbox, whose results are test data. */
  useSandboxDespitePolicy(): SettingsView {
    if (this.policy.error === null) refuse('refused', 'The policy file is in effect; there is nothing to choose.');
    this.sandboxChosen = true;
    if (this.saved.service !== 'sandbox') {
      this.saved = { ...this.saved, service: 'sandbox' };
      this.persistence.write(this.saved);
    }
    return this.changed();
  }

  /** What the shortcuts can do on this desktop, as their owner found when it applied the settings; listeners hear of a change. */
  reportShortcutAccess(access: ShortcutAccess): void {
    const keys = Object.keys(access) as Array<keyof ShortcutAccess>;
    if (keys.every((key) => access[key] === this.shortcutAccess[key])) return;
    this.shortcutAccess = { ...access };
    this.changed();
  }

  /** Saves a change; throws an invalid-input failure naming each refused field, saving nothing. */
  update(patch: Partial<Record<SettingName, unknown>>): SettingsView {
    const { candidate, problems } = this.checked(patch);
    if (Object.keys(problems).length > 0) refuseFields(problems);
    this.saved = candidate;
    this.persistence.write(candidate);
    return this.changed();
  }

  /** The saved settings with `patch` applied, and what is wrong with it (locked, invalid, or not fitting together). */
  private checked(patch: Partial<Record<SettingName, unknown>>): { candidate: Settings; problems: Problems } {
    const problems: Problems = {};
    const locked = new Set(this.lockedNames());
    const next: Record<string, unknown> = { ...this.saved };
    for (const [name, value] of Object.entries(patch) as Array<[SettingName, unknown]>) {
      if (locked.has(name)) {
        if (!sameSettingValue(value, this.current()[name])) problems[name] = this.lockedMessage();
        continue;
      }
      const parsed = settingsSchema.shape[name].safeParse(value);
      if (parsed.success) next[name] = parsed.data;
      else problems[name] = parsed.error.issues[0]?.message ?? 'This value is not valid.';
    }
    const candidate = next as Settings;
    for (const [name, problem] of Object.entries(crossFieldProblems({ ...candidate, ...this.policySettings() }))) {
      problems[name as SettingName] ??= problem;
    }
    return { candidate, problems };
  }

  setSecret(name: SecretName, value: string): SettingsView {
    if (this.policy.values[name] !== undefined) refuseFields({ [name]: LOCKED_MESSAGE });
    // A pasted token may carry stray spaces; the client secret and key are taken exactly as typed.
    const secret = name === 'accessToken' ? value.trim() : value;
    const problem = secretProblem(name, secret);
    if (problem) refuseFields({ [name]: problem });
    this.vault.set(name, secret);
    if (secret !== '') this.vault.bind(name, secretService(this.current()));
    return this.changed();
  }

  /**
   * Saves the client id and secret together, or neither; both must be valid. With `service` (the
   * service chosen on the same screen), it is saved with them in one change, or nothing is: the
   * sign-in that follows goes to that service, never to the one saved before.
   */
  saveCredentials(clientId: string, clientSecret: string, service?: Pick<Settings, 'service' | 'customServiceUrl'>): SettingsView {
    const locked = new Set(this.lockedNames());
    const idProblem = locked.has('clientId') ? LOCKED_MESSAGE : clientIdProblem(clientId);
    const keyProblem = locked.has('clientSecret')
      ? LOCKED_MESSAGE
      : clientSecret === ''
        ? 'Enter the client secret.'
        : secretProblem('clientSecret', clientSecret);
    const { candidate, problems }: { candidate: Settings; problems: Problems } = service ? this.checked(service) : { candidate: this.saved, problems: {} };
    if (idProblem) problems.clientId = idProblem;
    if (keyProblem) problems.clientSecret = keyProblem;
    if (Object.keys(problems).length > 0) refuseFields(problems);
    this.saved = { ...candidate, clientId: clientId.trim() };
    this.persistence.write(this.saved);
    this.vault.set('clientSecret', clientSecret);
    this.vault.bind('clientSecret', secretService(this.current()));
    return this.changed();
  }

  onChange(listener: (view: SettingsView) => void): () => void {
    return this.changes.on(listener);
  }

  private changed(): SettingsView {
    const view = this.view();
    this.changes.emit(view);
    return view;
  }
}
