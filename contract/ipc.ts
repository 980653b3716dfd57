/**
 * The whole bridge between renderer and main: every operation (name, input schema, output
 * type) and every event. Main registers handlers from it, preload exposes one method per
 * entry, and the renderer's `window.scribe` type is derived from it.
 */
import { z } from 'zod';
import { SECRET_NAMES, type SecretName, type ServiceKind, type Settings, type SettingName } from './settings';

/** Declares an operation: its input schema (checked in main) and its output type. */
const operation =
  <Output>() =>
  <Input extends z.ZodType>(input: Input) => ({ input, output: undefined as unknown as Output });

/** Declares an event and its payload type. */
const event = <Payload>() => ({ payload: undefined as unknown as Payload });

const noInput = z.undefined();

const settingsPatchSchema = z
  .object({
    service: z.string().max(32),
    customServiceUrl: z.string().max(2048),
    userOid: z.string().max(2048),
    partnerUserId: z.string().max(2048),
    partnerHipId: z.string().max(2048),
    jweKid: z.string().max(2048),
    microphone: z.string().max(2048),
    uploadAudioFormat: z.string().max(16),
  } satisfies Record<SettingName, z.ZodType>)
  .partial()
  .strict();

export type SecretState = 'set' | 'not set';

export interface SecretProtection {
  /** True when secrets are written to disk encrypted by the operating system. */
  persisted: boolean;
  /** safeStorage backend on Linux (`gnome_libsecret`, `kwallet`, `basic_text`, ...); the OS name elsewhere. */
  backend: string;
  /** Shown in settings when secrets are not protected; null when they are. */
  warning: string | null;
}

export interface PolicyState {
  /** Path of the policy file in effect, or null when none was found. */
  path: string | null;
  /** Why the policy file was ignored, or null. */
  error: string | null;
}

export interface SettingsView {
  values: Settings;
  secrets: Record<SecretName, SecretState>;
  /** Settings and secrets fixed by the administrator's policy. */
  locked: Array<SettingName | SecretName>;
  policy: PolicyState;
  secretProtection: SecretProtection;
}

export type SaveResult =
  | { ok: true; view: SettingsView }
  | { ok: false; errors: Partial<Record<SettingName | SecretName, string>> };

export interface ServiceTarget {
  kind: ServiceKind;
  label: string;
  /** Address shown to the user; for the sandbox, its loopback address once started. */
  baseUrl: string | null;
}

export interface AppStatus {
  online: boolean;
  service: ServiceTarget;
  /** Items (dictations, records) waiting to be sent. */
  pendingSync: number;
}

export interface MicrophoneList {
  devices: string[];
  /** Why the list could not be read, or null. */
  error: string | null;
}

export const operations = {
  getSettings: operation<SettingsView>()(noInput),
  updateSettings: operation<SaveResult>()(settingsPatchSchema),
  setSecret: operation<SaveResult>()(
    z.object({ name: z.enum(SECRET_NAMES), value: z.string().max(16_384) }).strict(),
  ),
  listMicrophones: operation<MicrophoneList>()(noInput),
  getStatus: operation<AppStatus>()(noInput),
};

export const events = {
  statusChanged: event<AppStatus>(),
  settingsChanged: event<SettingsView>(),
};

export type Operations = typeof operations;
export type OperationName = keyof Operations;
export type OperationInput<K extends OperationName> = z.output<Operations[K]['input']>;
export type OperationOutput<K extends OperationName> = Operations[K]['output'];

export type Events = typeof events;
export type EventName = keyof Events;
export type EventPayload<K extends EventName> = Events[K]['payload'];

export const OPERATION_NAMES = Object.keys(operations) as OperationName[];
export const EVENT_NAMES = Object.keys(events) as EventName[];

export const operationChannel = (name: OperationName): string => `scribe:op:${name}`;
export const eventChannel = (name: EventName): string => `scribe:event:${name}`;

type BridgeMethod<K extends OperationName> =
  OperationInput<K> extends undefined
    ? () => Promise<OperationOutput<K>>
    : (input: OperationInput<K>) => Promise<OperationOutput<K>>;

/** What preload exposes as `window.scribe`. */
export type ScribeBridge = { [K in OperationName]: BridgeMethod<K> } & {
  on: { [K in EventName]: (listener: (payload: EventPayload<K>) => void) => () => void };
};
