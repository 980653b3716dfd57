/**
 * The choices settings offer, as plain values the page can import without the validation
 * library (the schemas are in contract/settings.ts).
 */

export const SERVICE_KINDS = ['sandbox', 'production', 'development', 'custom'] as const;
export type ServiceKind = (typeof SERVICE_KINDS)[number];

export const SERVICE_LABELS: Record<ServiceKind, string> = {
  sandbox: 'Sandbox (built-in test service)',
  production: 'Production',
  development: 'Development',
  custom: 'Custom address',
};

/** Published base addresses of the real service (public documentation, `servers`). */
export const SERVICE_BASE_URLS: Record<'production' | 'development', string> = {
  production: 'https://api.eka.care',
  development: 'https://api.dev.eka.care',
};

/** The button that sends to the built-in sandbox while the policy file cannot be used; main's messages name it by these words. */
export const USE_SANDBOX_LABEL = 'Use the sandbox (test data) until then';

export const UPLOAD_AUDIO_FORMATS = ['mp3', 'wav'] as const;
export type UploadAudioFormat = (typeof UPLOAD_AUDIO_FORMATS)[number];

export const SECRET_NAMES = ['clientSecret', 'accessToken', 'jweClientKey'] as const;
export type SecretName = (typeof SECRET_NAMES)[number];

export const SECRET_LABELS: Record<SecretName, string> = {
  clientSecret: 'Client secret',
  accessToken: 'Access token',
  jweClientKey: 'Encryption client key',
};

export const JWE_CLIENT_KEY_BYTES = 16;

/** How the record shortcut works: press to start and press again to stop, or record while it is held. */
export const RECORD_SHORTCUT_MODES = ['toggle', 'hold'] as const;
export type RecordShortcutMode = (typeof RECORD_SHORTCUT_MODES)[number];

export const RECORD_SHORTCUT_MODE_LABELS: Record<RecordShortcutMode, string> = {
  toggle: 'Press to start, press again to stop',
  hold: 'Hold to record, release to stop',
};

/** How dictations reach the service: a transcription session while recording, or one upload after Stop. */
export const TRANSCRIPTION_APIS = ['sessions', 'voice-upload'] as const;
export type TranscriptionApi = (typeof TRANSCRIPTION_APIS)[number];

export const TRANSCRIPTION_API_LABELS: Record<TranscriptionApi, string> = {
  sessions: 'Send audio while you speak (recommended)',
  'voice-upload': 'Send the whole recording after Stop (older service API)',
};

export const TRANSCRIPTION_MODELS = ['pro', 'lite'] as const;
export type TranscriptionModel = (typeof TRANSCRIPTION_MODELS)[number];

export const TRANSCRIPTION_MODEL_LABELS: Record<TranscriptionModel, string> = { pro: 'Pro', lite: 'Lite' };

/** ISO 639-1: two lowercase letters. */
export const LANGUAGE_CODE = /^[a-z]{2}$/;
export const MAX_LANGUAGE_HINTS = 5;

export const NOTE_TEMPLATE_ID = /^[A-Za-z0-9_.:-]{1,200}$/;
export const MAX_NOTE_TEMPLATES = 2;
/** The service's own templates every account has, with the names the app shows before it has the service's list. */
export const BUILT_IN_NOTE_TEMPLATES = [
  { id: 'eka_emr_template', title: 'Prescription (EMR)' },
  { id: 'clinical_notes_template', title: 'Clinical notes' },
] as const;

/** Equal setting values: lists by their items, in order, and records (a program profile) by their fields; everything else as `===`. */
export function sameSettingValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => sameSettingValue(item, b[index]));
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => sameSettingValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
  }
  return a === b;
}

/** The address the client talks to for a non-sandbox service; null for the sandbox. */
export function serviceBaseUrl(settings: { service: ServiceKind; customServiceUrl: string }): string | null {
  switch (settings.service) {
    case 'sandbox':
      return null;
    case 'custom':
      return settings.customServiceUrl.replace(/\/+$/, '');
    default:
      return SERVICE_BASE_URLS[settings.service];
  }
}
