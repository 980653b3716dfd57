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
import type { LoadedPolicy } from './policy';
import type { SecretVault } from './secret-vault';

/** Where user settings are kept (settings.json in the data folder, see settings-file.ts). */
export interface SettingsPersistence {
  read(): Record<string, unknown>;
  write(settings: Settings): void;
}

const SETTING_NAMES = Object.keys(settingsSchema.shape) as SettingName[];

export const LOCKED_MESSAGE = 'Set by your administrator; it cannot be changed here.';

/**
 * While a policy file exists but cannot be used, what the administrator wanted is unknown: the
 * safety settings any policy may set are at their strictest, and only the built-in sandbox can
 * be chosen (no service, and no address of the user's, receives anything meanwhile).
 */
export const FAIL_CLOSED: Partial<Settings> = { service: 'sandbox', requireReview: true, clearCopiedNote: true, sendPatientDetails: false };

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

export class SettingsService {
  private saved: Settings;
  private shortcutAccess: ShortcutAccess = SHORTCUTS_UNCHECKED;
  /** The user chose the sandbox (test data) while the policy file cannot be used; for this session only. */
  private sandboxChosen = false;
  private readonly changes = new Emitter<SettingsView>();

  constructor(
    private readonly persistence: SettingsPersistence,
    private readonly vault: SecretVault,
    private readonly policy: LoadedPolicy,
    private readonly dataProtection: () => DataProtection = () => ({ keptBy: null, warning: null, problem: null }),
  ) {
    this.saved = SettingsService.sanitize(persistence.read());
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

  /** The policy file cannot be used: the app fails closed (FAIL_CLOSED). */
  private get policyBroken(): boolean {
    return this.policy.error !== null;
  }

  private policySettings(): Partial<Settings> {
    if (this.policyBroken) return FAIL_CLOSED;
    const { clientSecret: _secret, accessToken: _token, jweClientKey: _key, requireProtectedStorage: _storage, auditRetentionDays: _days, auditExportNames: _names, ...settings } = this.policy.values;
    return settings;
  }

  private lockedMessage(): string {
    return this.policyBroken ? FAIL_CLOSED_MESSAGE : LOCKED_MESSAGE;
  }

  current(): Settings {
    return { ...this.saved, ...this.policySettings() };
  }

  secret(name: SecretName): string | null {
    return this.policy.values[name] ?? this.vault.get(name);
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
      policy: { path: this.policy.path, error: this.policy.error, sandboxChosen: this.sandboxChosen },
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
