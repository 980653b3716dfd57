/**
 * What administrators read about each policy key in the templates: its title, what it does,
 * its group, and the value the example profile shows. Typed by the policy schema's keys, so a
 * key added to the schema without a line here fails the type check; the key's kind (on/off,
 * number, text, choice, list) comes from the schema itself (main/settings/policy-kinds.ts).
 */
import { DEFAULT_SETTINGS } from '../../contract/settings';
import type { PolicyName } from '../../main/settings/policy-kinds';

export const CATEGORIES = {
  service: 'Service and sign-in',
  dictation: 'Dictation',
  copy: 'Copying notes into the EMR',
  updates: 'Updates',
  registration: 'Patient registration',
  healthRecord: 'The patient\u2019s health record (ABDM)',
  protection: 'Data protection',
} as const;
export type CategoryId = keyof typeof CATEGORIES;

export interface CatalogEntry {
  category: CategoryId;
  title: string;
  explain: string;
  /** The value the example configuration profile shows (the default where there is one). */
  example: unknown;
}

/** Who can read a secret set by policy: said in every template beside it. */
export const SECRET_NOTE = {
  windows:
    'This value is kept in clear text in the registry. Under HKEY_LOCAL_MACHINE every user who can sign in to the computer can read it; under HKEY_CURRENT_USER the user and the administrators. Set it by policy only on computers whose users may know it; otherwise leave it unset and enter it once in Scribe Desk\u2019s Settings, where it is kept encrypted by Windows.',
  macos:
    'This value is kept in clear text in the configuration profile and in /Library/Managed Preferences, which the Mac\u2019s users can read (System Settings also shows a profile\u2019s content). Set it by profile only on Macs whose users may know it; otherwise leave it out and enter it once in Scribe Desk\u2019s Settings, where it is kept in the keychain.',
} as const;

const defaults = DEFAULT_SETTINGS as Record<string, unknown>;
const entry = (category: CategoryId, name: PolicyName, title: string, explain: string, example: unknown = defaults[name]): CatalogEntry => ({ category, title, explain, example });

export const POLICY_CATALOG: Record<PolicyName, CatalogEntry> = {
  service: entry('service', 'service', 'Transcription service', 'Which service dictations are sent to: sandbox (built-in, test data only), production, development or custom. Required when the policy sets credentials: they go only to this service.', 'production'),
  customServiceUrl: entry('service', 'customServiceUrl', 'Custom service address', 'The service\u2019s address when the service is custom. https:// only (http:// only for this computer).', 'https://scribe.clinic.example'),
  clientId: entry('service', 'clientId', 'Client id', 'The clinic\u2019s client id; the app signs in with it and the client secret, and renews its tokens itself.', 'EC_REPLACE_WITH_CLIENT_ID'),
  clientSecret: entry('service', 'clientSecret', 'Client secret', 'The clinic\u2019s client secret, used with the client id. The app keeps it in memory and never copies it to its data folder.', 'REPLACE-WITH-THE-CLIENT-SECRET'),
  accessToken: entry('service', 'accessToken', 'Long-lived access token', 'A bearer token to use instead of the client id and secret; never renewed.', 'REPLACE-WITH-AN-ACCESS-TOKEN'),
  sendPatientDetails: entry(
    'service',
    'sendPatientDetails',
    'Send patient details to the service',
    'Enabled: a dictation sent in a session tells the service the patient\u2019s name, age, sex and ABHA number (as patient_details). Disabled (default): the service is told nothing that names the patient.',
  ),
  userOid: entry('service', 'userOid', 'User OID', 'Sent to the service as X-Pt-Id.'),
  partnerUserId: entry('service', 'partnerUserId', 'Partner user id', 'Sent to the service as X-Partner-Pt-Id.'),
  partnerHipId: entry('service', 'partnerHipId', 'Partner HIP id', 'Sent to the service as X-Hip-Id.'),
  jweClientKey: entry('service', 'jweClientKey', 'Payload encryption key', 'The 16-byte key that encrypts requests and responses (JWE); set with its key id to turn encryption on.', 'REPLACE-16-BYTES'),
  jweKid: entry('service', 'jweKid', 'Payload encryption key id', 'The id (kid) of the payload encryption key.', 'REPLACE-WITH-KEY-ID'),
  microphone: entry('dictation', 'microphone', 'Microphone', 'The device name as Settings lists it; empty for the system\u2019s default microphone.'),
  uploadAudioFormat: entry('dictation', 'uploadAudioFormat', 'Upload audio format', 'For the older voice upload: mp3 (compact) or wav (about 10 times larger). Sessions always send MP3.'),
  audioRetentionDays: entry('dictation', 'audioRetentionDays', 'Keep recordings (days)', 'Delete the recordings of completed dictations after this many days; 0 keeps them. Results stay.'),
  autoSync: entry('dictation', 'autoSync', 'Send dictations automatically', 'Enabled: dictations are sent by themselves whenever the service can be reached.'),
  recordShortcut: entry('dictation', 'recordShortcut', 'Record shortcut', 'Global shortcut that starts and stops recording, for example CommandOrControl+Alt+R; empty for none.'),
  recordShortcutMode: entry('dictation', 'recordShortcutMode', 'Record shortcut mode', 'toggle: press to start, press again to stop. hold: records while held.'),
  recordCues: entry('dictation', 'recordCues', 'Sound cues', 'Enabled: a short sound when the shortcut starts and stops recording.'),
  includeCallSound: entry('dictation', 'includeCallSound', 'Include the call’s sound', 'Enabled: in Consultation mode the computer’s sound output (the patient on a call) is recorded with the microphone (Linux).'),
  transcriptionApi: entry('dictation', 'transcriptionApi', 'How dictations are sent', 'sessions: in parts while the doctor speaks. voice-upload: the whole recording after Stop (the older API).'),
  languageHints: entry('dictation', 'languageHints', 'Languages spoken', 'Up to 5 two-letter language codes (ISO 639-1), one per line, for example hi and en; none lets the service detect the language. Sessions only.', ['hi', 'en']),
  noteTemplates: entry('dictation', 'noteTemplates', 'Note templates', 'One or two note template ids, one per line. Sessions only.'),
  transcriptionModel: entry('dictation', 'transcriptionModel', 'Transcription model', 'pro (default) or lite. Sessions only.'),
  copyNoteShortcut: entry('copy', 'copyNoteShortcut', 'Copy-note shortcut', 'Global shortcut that copies the note of the dictation on screen, else of the newest one; empty for none. Must differ from the record shortcut.'),
  insertCopiedNote: entry('copy', 'insertCopiedNote', 'Paste the copied note', 'Enabled: the copy-note shortcut also pastes the note into the field that has focus in the other program.'),
  insertProfiles: entry(
    'copy',
    'insertProfiles',
    'How the note goes into each program',
    'One profile per program the clinic uses (its EMR): program (the Linux window class, the Windows program file such as emr.exe, or the macOS bundle id), match (wm-class, process or bundle), format (rich: pasted with tables and headings; plain: pasted as text; type: typed as keystrokes, for fields that block paste and remote desktops), and optionally insertWhenReady (true: a note still processing is inserted once ready, into the same window) and lineBreak (enter or shift-enter). These come before the doctor\u2019s own and the built-in ones.',
    [{ program: 'emr.exe', match: 'process', format: 'plain' }, { program: 'mstsc.exe', match: 'process', format: 'type' }],
  ),
  clinicHeader: entry(
    'copy',
    'clinicHeader',
    'Clinic header on printed handouts',
    'Up to 6 lines that head every handout printed or saved as PDF for a patient, one per line: the clinic\u2019s name first, then its address and telephone. None: the page is headed by the patient and the document alone.',
    ['Example Clinic', '1 Example Road, Pune 411001', 'Telephone +91 20 0000 0000'],
  ),
  requireReview: entry('copy', 'requireReview', 'Only reviewed notes leave the app', 'Enabled: copy, the copy shortcut, paste and export take only notes the doctor marked reviewed.'),
  clearCopiedNote: entry('copy', 'clearCopiedNote', 'Clear a copied note', 'Enabled: a copied note is taken off the clipboard two minutes later, if it is still there.'),
  updatesEnabled: entry('updates', 'updatesEnabled', 'Updates', 'Disabled: the app never checks for or downloads updates. (A copy installed with apt is updated by apt.)'),
  updateUrl: entry('updates', 'updateUrl', 'Update server', 'The web folder where updates are published, https:// (http:// only for this computer); empty for no updates.', 'https://updates.clinic.example/scribe-desk/'),
  updateChannel: entry('updates', 'updateChannel', 'Update channel', 'latest, or another channel the update server publishes, such as beta.'),
  updatePinnedVersion: entry('updates', 'updatePinnedVersion', 'Stay on version', 'The one version this computer may update to, for example 1.4.2: a newer one is never installed, and the app never goes back to an older one. Empty takes every new version.'),
  otpResendSeconds: entry('registration', 'otpResendSeconds', 'OTP resend wait (seconds)', 'How long before an OTP can be sent again, 5 to 600 seconds.'),
  consultationConsent: entry(
    'protection',
    'consultationConsent',
    'Consent to record a consultation',
    'ask (default): before a consultation is recorded, the app shows the notice to read to the patient and records their answer. clinicRecordsIt: the clinic keeps consent in its own register; the app reminds the doctor at Record and records "consent kept by the clinic". A policy that cannot be read means ask.',
    'ask',
  ),
  consentNotices: entry(
    'protection',
    'consentNotices',
    'Consent notices',
    'The notice read to the patient before a consultation is recorded, one per language, replacing the built-in English or Hindi text or adding a language: language (two-letter code), what (what is recorded), why (what for), who (who receives it), howLong (how long it is kept; {days} is replaced by the days recordings are kept), rightToStop (that the patient may say no or stop at any time), and optionally version. A notice missing a part is refused, by key, and the built-in one is used.',
    [{ language: 'ta', what: '…', why: '…', who: '…', howLong: '… {days} …', rightToStop: '…', version: '2026-01' }],
  ),
  auditRetentionDays: entry(
    'protection',
    'auditRetentionDays',
    'Keep the audit trail (days)',
    'How long the audit trail of who touched which patient\u2019s data is kept: at least 365 days (the default); a smaller value means 365. Files older than this are removed month by month.',
    365,
  ),
  auditExportNames: entry(
    'protection',
    'auditExportNames',
    'Name patients in audit exports',
    'Enabled: scribe-desk --audit-export writes the name of each patient who still exists beside their pseudonym. Disabled (default): pseudonyms only. Honoured from the machine\u2019s policy only.',
    false,
  ),
  healthRecordLinking: entry(
    'healthRecord',
    'healthRecordLinking',
    'Link visits to the patient\u2019s health record',
    'ask (default): at the end of a visit, the app shows the doctor one line to confirm with the patient ("Send this visit to \u2026\u2019s health record?") before the reviewed note (and checked lab reports) is linked to the patient\u2019s ABHA as a care context. always: linked without asking (the clinic\u2019s own consent covers it). off: never. Nothing is linked without hipId, or while the policy cannot be read.',
    'ask',
  ),
  hipId: entry('healthRecord', 'hipId', 'HIP id', 'The clinic\u2019s id as a health information provider in the national health exchange (its HFR facility id). Required for linking.', 'IN0000000000'),
  facilityName: entry('healthRecord', 'facilityName', 'Facility name', 'The clinic\u2019s name as the patient\u2019s health record shows it.', 'Clinic name'),
  requireProtectedStorage: entry('protection', 'requireProtectedStorage', 'Require a system keyring', 'Enabled: refuse to record until the system keyring protects the recordings\u2019 key (Linux without a keyring).', true),
};
