/** Settings: their schema, defaults and rules, for main (validation, storage) and the types the page uses. Imports nothing from Electron. */
import { z } from 'zod';
import { clientIdProblem } from './auth';
import { insertProfilesSchema } from './insert-profile-schema';
import { ACCESS_TOKEN_MAX_CHARS, CLIENT_SECRET_MAX_CHARS } from './limits';
import {
  BUILT_IN_NOTE_TEMPLATES,
  JWE_CLIENT_KEY_BYTES,
  LANGUAGE_CODE,
  MAX_LANGUAGE_HINTS,
  MAX_NOTE_TEMPLATES,
  NOTE_TEMPLATE_ID,
  RECORD_SHORTCUT_MODES,
  SERVICE_KINDS,
  TRANSCRIPTION_APIS,
  TRANSCRIPTION_MODELS,
  UPLOAD_AUDIO_FORMATS,
  type SecretName,
  type TranscriptionApi,
} from './setting-choices';
import { acceleratorIdentity, acceleratorProblem } from './shortcut-rules';
import { transportProblem } from './url-rules';

export { acceleratorIdentity, acceleratorProblem } from './shortcut-rules';
export {
  JWE_CLIENT_KEY_BYTES,
  RECORD_SHORTCUT_MODES,
  SECRET_LABELS,
  SECRET_NAMES,
  SERVICE_BASE_URLS,
  serviceBaseUrl,
  SERVICE_KINDS,
  SERVICE_LABELS,
  TRANSCRIPTION_APIS,
  TRANSCRIPTION_MODELS,
  UPLOAD_AUDIO_FORMATS,
} from './setting-choices';
export type { RecordShortcutMode, SecretName, ServiceKind, TranscriptionApi, TranscriptionModel, UploadAudioFormat } from './setting-choices';

/** How a new install sends dictations: in parts while the doctor speaks. */
export const NEW_INSTALL_TRANSCRIPTION_API: TranscriptionApi = 'sessions';
/** How an install whose settings.json predates the choice goes on sending them. */
export const EARLIER_INSTALL_TRANSCRIPTION_API: TranscriptionApi = 'voice-upload';

const shortText = (label: string) =>
  z
    .string()
    .trim()
    .max(200, `${label} is too long (200 characters at most).`)
    .regex(/^[\x20-\x7E]*$/, `${label} may contain only plain letters, digits and punctuation.`);

/** An https address (http only on this computer), or empty. */
const optionalServiceUrlSchema = z
  .string()
  .trim()
  .max(2048)
  .refine((value) => value === '' || transportProblem(value) === null, {
    error: (issue) => transportProblem(String(issue.input).trim()) ?? 'This address cannot be used.',
  });

/** A global shortcut setting: an accelerator (checked by `acceleratorProblem`) or empty for none. */
const shortcutSchema = z
  .string()
  .trim()
  .max(60)
  .refine((value) => acceleratorProblem(value) === null, { error: (issue) => acceleratorProblem(String(issue.input)) ?? 'Invalid shortcut.' });

const noDuplicates = (list: string[]) => new Set(list).size === list.length;

const LANGUAGE_CODE_MESSAGE = 'A language is written as its two-letter code, for example en or hi.';

/** ISO 639-1 codes of the languages spoken; empty: the service detects the language. Also one dictation's choice. */
export const languageHintsSchema = z
  .array(z.string({ error: LANGUAGE_CODE_MESSAGE }).regex(LANGUAGE_CODE, LANGUAGE_CODE_MESSAGE), { error: 'Give the languages as a list of two-letter codes, for example ["en", "hi"].' })
  .max(MAX_LANGUAGE_HINTS, `Choose at most ${MAX_LANGUAGE_HINTS} languages, or none to let the service detect the language.`)
  .refine(noDuplicates, 'Each language can be chosen only once.');

const TEMPLATE_ID_MESSAGE = 'A note template is named by its id (letters, digits and _ . : -), for example clinical_notes_template.';

const noteTemplatesSchema = z
  .array(z.string({ error: TEMPLATE_ID_MESSAGE }).regex(NOTE_TEMPLATE_ID, TEMPLATE_ID_MESSAGE), { error: 'Give the note templates as a list of template ids.' })
  .min(1, 'Choose at least one note template.')
  .max(MAX_NOTE_TEMPLATES, `Choose at most ${MAX_NOTE_TEMPLATES} note templates.`)
  .refine(noDuplicates, 'Each note template can be chosen only once.');

export const settingsSchema = z.object({
  service: z.enum(SERVICE_KINDS),
  customServiceUrl: optionalServiceUrlSchema,
  /** The clinic's client id for signing in (with the client secret, kept as a secret). */
  clientId: z
    .string()
    .trim()
    .refine((value) => value === '' || clientIdProblem(value) === null, { error: (issue) => clientIdProblem(String(issue.input)) ?? 'Invalid client id.' }),
  userOid: shortText('User OID'),
  partnerUserId: shortText('Partner user id'),
  partnerHipId: shortText('Partner HIP id'),
  jweKid: shortText('Key id (kid)'),
  /** Device name as PvRecorder lists it; empty means the system default microphone. */
  microphone: z.string().max(300),
  uploadAudioFormat: z.enum(UPLOAD_AUDIO_FORMATS),
  /** Days after which the recording of a completed dictation is deleted (0: keep them). */
  audioRetentionDays: z.number().int().min(0, 'Enter 0 (keep) or a number of days.').max(3650, 'At most 3650 days.'),
  /** Send dictations by themselves whenever the service can be reached. */
  autoSync: z.boolean(),
  /** Check for and download updates (an administrator's policy can turn this off). */
  updatesEnabled: z.boolean(),
  /** The web folder holding update metadata (latest.yml, …) and installers; empty: no updates. */
  updateUrl: optionalServiceUrlSchema,
  /** Update channel: `latest`, or another name the update server publishes (`beta`, …). */
  updateChannel: z.string().trim().regex(/^[a-z0-9-]{1,32}$/, 'A channel name has lowercase letters, digits and dashes, for example latest or beta.'),
  /** The one version this computer may update to (an administrator's pin); empty: every newer version the channel offers. */
  updatePinnedVersion: z
    .string()
    .trim()
    .max(64, 'A version number is at most 64 characters.')
    .regex(/^(?:\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?)?$/, 'A version is written as three numbers, for example 1.4.2 (or 1.5.0-beta.1); empty for no pin.'),
  /** Seconds before an OTP may be sent again. */
  otpResendSeconds: z.number().int().min(5, 'Wait at least 5 seconds between OTPs.').max(600, 'Wait at most 10 minutes between OTPs.'),
  /** Global shortcut that starts and stops recording, even with the app in the background. */
  recordShortcut: shortcutSchema,
  /** `toggle`: the shortcut starts and stops; `hold`: it records while held (where the OS lets the app see key releases). */
  recordShortcutMode: z.enum(RECORD_SHORTCUT_MODES),
  /** A short sound when the shortcut starts and stops recording. */
  recordCues: z.boolean(),
  /** In Consultation mode, the computer's sound output (the patient on a call) is recorded with the microphone. */
  includeCallSound: z.boolean(),
  /** Global shortcut that copies the note of the newest finished dictation. */
  copyNoteShortcut: shortcutSchema,
  /** After that shortcut, also paste the note into the field that has focus in the other program. */
  insertCopiedNote: z.boolean(),
  /** How the note goes into each program (rich, plain, typed), the doctor's or the clinic's; built-in ones cover browsers, office programs and remote desktops. */
  insertProfiles: insertProfilesSchema,
  /** Copy, the copy shortcut and export take only notes the doctor marked reviewed. */
  requireReview: z.boolean(),
  /** Take a copied note off the clipboard two minutes later, if it is still there. */
  clearCopiedNote: z.boolean(),
  /** `sessions`: audio goes to a transcription session while recording; `voice-upload`: the whole recording after Stop. */
  transcriptionApi: z.enum(TRANSCRIPTION_APIS, { error: 'Choose how dictations are sent: while you speak (sessions) or after Stop (voice upload).' }),
  languageHints: languageHintsSchema,
  /** The notes the service writes from a session: one or two templates, by id. */
  noteTemplates: noteTemplatesSchema,
  transcriptionModel: z.enum(TRANSCRIPTION_MODELS, { error: 'Choose the Pro or the Lite model.' }),
  /** Tell the transcription session the patient's name, age, sex and ABHA number (`patient_details`); off: nothing that names the patient. */
  sendPatientDetails: z.boolean(),
});
export type Settings = z.infer<typeof settingsSchema>;
export type SettingName = keyof Settings;

export const DEFAULT_SETTINGS: Settings = {
  service: 'sandbox',
  customServiceUrl: '',
  clientId: '',
  userOid: '',
  partnerUserId: '',
  partnerHipId: '',
  jweKid: '',
  microphone: '',
  uploadAudioFormat: 'mp3',
  autoSync: true,
  audioRetentionDays: 30,
  updatesEnabled: true,
  updateUrl: '',
  updateChannel: 'latest',
  updatePinnedVersion: '',
  otpResendSeconds: 60,
  recordShortcut: 'CommandOrControl+Alt+R',
  recordShortcutMode: 'toggle',
  recordCues: true,
  includeCallSound: false,
  copyNoteShortcut: 'CommandOrControl+Alt+C',
  insertCopiedNote: false,
  insertProfiles: [],
  requireReview: false,
  clearCopiedNote: true,
  transcriptionApi: NEW_INSTALL_TRANSCRIPTION_API,
  languageHints: [],
  noteTemplates: BUILT_IN_NOTE_TEMPLATES.map((template) => template.id),
  transcriptionModel: 'pro',
  sendPatientDetails: false,
};

/** Checks a secret's value; an empty string means "clear it". Returns a message, or null when valid. */
export function secretProblem(name: SecretName, value: string): string | null {
  if (value === '') return null;
  if (name === 'clientSecret') {
    if (value.trim() === '') return 'The client secret cannot be only spaces.';
    if (value.trim() !== value) return 'The client secret cannot start or end with a space.';
    if (value.length > CLIENT_SECRET_MAX_CHARS) return 'The client secret is too long.';
    return null;
  }
  if (name === 'accessToken') {
    if (/\s/.test(value.trim())) return 'The access token cannot contain spaces.';
    if (value.length > ACCESS_TOKEN_MAX_CHARS) return 'The access token is too long.';
    return null;
  }
  const bytes = new TextEncoder().encode(value).length;
  if (bytes !== JWE_CLIENT_KEY_BYTES) {
    return `The encryption client key must be exactly ${JWE_CLIENT_KEY_BYTES} bytes; this one is ${bytes}.`;
  }
  return null;
}

/** Rules that involve more than one setting. */
export function crossFieldProblems(settings: Settings): Partial<Record<SettingName, string>> {
  const problems: Partial<Record<SettingName, string>> = {};
  if (settings.service === 'custom' && settings.customServiceUrl === '') {
    problems.customServiceUrl = 'Enter the address of the custom service.';
  }
  if (settings.copyNoteShortcut !== '' && acceleratorIdentity(settings.copyNoteShortcut) === acceleratorIdentity(settings.recordShortcut)) {
    problems.copyNoteShortcut = 'The copy shortcut must differ from the record shortcut.';
  }
  return problems;
}
