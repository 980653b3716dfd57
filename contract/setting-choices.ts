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
