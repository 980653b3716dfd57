/**
 * The whole bridge between renderer and main: every operation (name, input schema, output
 * type) and every event. Main registers handlers from it, preload exposes one method per
 * entry, and the renderer's `window.scribe` type is derived from it. Every operation answers
 * with a `Result`: its value, or an error with a kind and a message (contract/result.ts).
 */
import { z } from 'zod';
import type { ActivityView } from './audit';
import type { AuthStatus } from './auth';
import type { ConsentNotices } from './consent';
import { DICTATION_MODES, type DictationMode, type CopiedNoteVersion, type DictationDetail, type DictationSummary, type RecorderStatus, type SyncStatus } from './dictation';
import type { EventName, OperationName } from './ipc-names';
import { ACCESS_TOKEN_MAX_CHARS, CLIENT_SECRET_MAX_CHARS, LABEL_MAX_CHARS, MAX_LAB_REPORT_BYTES, MAX_LAB_REPORT_FILES } from './limits';
import { LAB_REPORT_TASKS, type LabReportDetails, type LabReportResultView, type LabReportSummary, type StagedFile } from './lab-reports';
import { CORRECTION_LIMITS } from './note-correction';
import { correctedChapterSchema } from './note-correction-schema';
import { COPYABLE, type AbhaAddressCheck, type RegistrationView } from './registration';
import type { HealthRecordQuestion } from './health-record';
import { patientInputSchema } from './patient-schema';
import { PATIENT_NAME_MAX_CHARS, PATIENT_SEXES, type Patient, type PatientsView } from './patients';
import type { PatientVisit } from './patient-visit';
import type { Result } from './result';
import type { UpdateStatus } from './updates';
import type { ProgramMatch } from './insert-profiles';
import { SECRET_NAMES, languageHintsSchema, settingsSchema, type SecretName, type ServiceKind, type Settings, type SettingName } from './settings';
import type { TranscriptionChoices } from './transcription-choices';
import type { LiveWords } from './live-words';
import type { Withdrawal } from './withdrawal';
import type { DocumentDetail, DocumentSummary, DocumentTemplates } from './visit-documents';

export { EVENT_NAMES, OPERATION_NAMES, eventChannel, operationChannel, type EventName, type OperationName } from './ipc-names';

/**
 * Declares an operation: its input schema (checked in main) and the type of its value. The
 * schema is built at the operation's first call (`z.lazy`), not as main's code loads before the
 * window's first answer.
 */
const operation =
  <Output>() =>
  <Input extends z.ZodType>(input: () => Input) => ({ input: z.lazy(input), output: undefined as unknown as Output });

/** Declares an event and its payload type. */
const event = <Payload>() => ({ payload: undefined as unknown as Payload });

const noInput = z.undefined();
const dictationRef = z.object({ id: z.uuid() }).strict();
const labReportRef = z.object({ id: z.uuid() }).strict();
const documentRef = z.object({ id: z.uuid() }).strict();
/** `anyway`: the doctor chose, by a deliberate click, to let another patient's note (or a prescription that contradicts itself, a lab report that may be another patient's) leave, or to mark such a prescription reviewed. */
const anyway = z.boolean().optional();
const noticeLanguage = z.string().regex(/^[a-z]{2,3}$/);
const noticeVersion = z.string().min(1).max(80);
const consentAnswer = z.object({ noticeLanguage, noticeVersion, callSound: z.boolean().optional() }).strict();
const abhaAddressInput = z.object({ address: z.string().max(64) }).strict();
const labelInput = z.string().max(LABEL_MAX_CHARS, `The label is too long (${LABEL_MAX_CHARS} characters at most).`);
const recordingInput = z
  .object({
    mode: z.enum(DICTATION_MODES),
    label: labelInput,
    /** The languages of this one dictation; null or absent: as in Settings; empty: detected by the service. */
    languages: languageHintsSchema.nullable().optional(),
    /** The patient the page showed as chosen (null: none); absent: the patient chosen for the visit. */
    patientId: z.uuid().nullable().optional(),
    /** A consultation: the patient agreed to the notice read in this language (main checks the policy's consent mode). */
    consent: consentAnswer.optional(),
  })
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

/** How the patient data on this computer (recordings, results, lab reports) is protected at rest. */
export interface DataProtection {
  /** Who keeps the key: the OS keyring, a file only this user can read, or nobody (it cannot be opened). */
  keptBy: 'keyring' | 'file' | null;
  /** Shown in Settings when the key is not kept by a keyring. */
  warning: string | null;
  /** Why nothing can be recorded or read now (the keyring changed, the policy requires one); null when all is well. */
  problem: string | null;
}

export interface PolicyState {
  /** Path of the policy file in effect, or null when none was found. */
  path: string | null;
  /** Why the policy file was ignored, or null. */
  error: string | null;
  /** While the file cannot be used, the user chose to send to the built-in sandbox after all. */
  sandboxChosen: boolean;
  /** While it cannot be used, what is held at its safest, one line each ("updates are off"); empty otherwise. */
  forced: string[];
  /** The policy's consent notices that cannot be used, each with why by the policy's key (for the administrator); empty when all can. */
  unusedNotices: string[];
}

/** What the desktop lets the app's shortcuts do: each message says why not and what happens instead; null when all works. */
export interface ShortcutAccess {
  /** The OS refused the record shortcut. */
  recordShortcut: string | null;
  /** Holding the record shortcut cannot be told from pressing it here: it toggles. */
  holdToRecord: string | null;
  /** The OS refused the copy-note shortcut. */
  copyNoteShortcut: string | null;
  /** The note cannot be pasted into other programs here: it is only copied. */
  insertNote: string | null;
  /** The program the copy shortcut was last pressed in (its class, process or bundle name), for "remember for this program"; null before a press. */
  lastProgram: string | null;
  lastProgramMatch: ProgramMatch | null;
}

/** A short sound the page plays when the shortcut starts or stops recording. */
export type RecordCue = 'start' | 'stop';

/** What one press of the copy shortcut did: copied (which, by initials), or why nothing was (the app's earlier copy then left the clipboard too). */
export interface ShortcutCopyOutcome {
  copied: boolean;
  message: string;
}

/** What must be answered before a recording the shortcut asked for can start. */
export interface RecordQuestion {
  mode: DictationMode;
  /** Which patient it is for (none chosen, or the last visit ended). */
  patient: boolean;
  /** The patient's consent to a consultation. */
  consent: boolean;
  /**
   * Asked by the record shortcut held down (hold to record): the hold is over by the time it is
   * answered, so choosing the patient does not record by itself; the next hold records.
   */
  hold?: boolean;
}

export interface SettingsView {
  values: Settings;
  secrets: Record<SecretName, SecretState>;
  /** Settings and secrets fixed by the administrator's policy. */
  locked: Array<SettingName | SecretName>;
  policy: PolicyState;
  secretProtection: SecretProtection;
  dataProtection: DataProtection;
  shortcutAccess: ShortcutAccess;
}

export interface ServiceTarget {
  kind: ServiceKind;
  label: string;
  /** Address shown to the user; for the sandbox, its loopback address once started. */
  baseUrl: string | null;
}

/**
 * Items (dictations, lab reports) waiting to be sent: how many; 'counting' while the dictations
 * are still being read after start-up; 'unreadable' when they could not be read (the problem
 * banner says why), so that nothing is counted that could be wrong.
 */
export type PendingSync = number | 'counting' | 'unreadable';

export interface AppStatus {
  /** Counts up with every change main sends: the page keeps the newest, however the messages arrive. */
  revision: number;
  /** The computer has a network connection. */
  online: boolean;
  /** The service answered the last time it was tried (true too before it was ever tried: see `serviceReached`). */
  serviceReachable: boolean;
  /** The service has answered since the app started; until then the status says "Not yet connected". */
  serviceReached: boolean;
  service: ServiceTarget;
  pendingSync: PendingSync;
  /** Why sending is on hold, if it is. */
  syncPaused: SyncStatus['paused'];
  /** What to do about the hold, in plain words; null when there is none. */
  holdMessage: string | null;
  /** How the app is signed in to the service. */
  auth: AuthStatus;
}

export const operations = {
  getSettings: operation<SettingsView>()(() => noInput),
  /** Invalid values are refused with `fields` naming each one. */
  updateSettings: operation<SettingsView>()(() => settingsSchema.partial().strict()),
  setSecret: operation<SettingsView>()(() => z.object({ name: z.enum(SECRET_NAMES), value: z.string().max(ACCESS_TOKEN_MAX_CHARS) }).strict()),
  /**
   * Saves the client id and secret together and signs in with them; with `service`, the service
   * chosen on the same screen is saved with them first, so that the secret goes only there.
   */
  signIn: operation<SettingsView>()(() =>
    z
      .object({
        clientId: z.string().max(2048),
        clientSecret: z.string().max(CLIENT_SECRET_MAX_CHARS),
        // The address is checked by main with the settings' own rules, so that its refusal names the address field.
        service: z.object({ service: settingsSchema.shape.service, customServiceUrl: z.string().max(2048) }).strict().optional(),
      })
      .strict(),
  ),
  signInAgain: operation<AuthStatus>()(() => noInput),
  /** Capture devices by name, as the recorder lists them. */
  listMicrophones: operation<string[]>()(() => noInput),
  getStatus: operation<AppStatus>()(() => noInput),
  /** The languages, models and note templates the service offers, and whether it offers sessions; the usual ones, with `problem`, when it cannot be asked. */
  getTranscriptionChoices: operation<TranscriptionChoices>()(() => noInput),

  getRecorder: operation<RecorderStatus>()(() => noInput),
  /** The words heard so far of the dictation being recorded (or just recorded, until its note comes). */
  getLiveWords: operation<LiveWords>()(() => noInput),
  /** The label, mode and languages the Dictation screen shows for the next recording, as they are chosen: every way to start a recording takes them. */
  setRecordingDraft: operation<RecorderStatus>()(() => recordingInput),
  /**
   * Starts a recording with the label, mode and languages given (what the screen showed), or without input, with the draft.
   * Refused (`needs-confirmation`) without a patient, or, for a consultation, without the patient's consent: the page asks first.
   */
  startRecording: operation<RecorderStatus>()(() => recordingInput.optional()),
  /** Record's question is on screen (the patient's consent): the microphone opens, its sound dropped, so that the answer starts at once. */
  prepareRecording: operation<void>()(() => noInput),
  /** The question ended without a recording: the microphone opened for it closes. */
  cancelRecordingQuestion: operation<void>()(() => noInput),
  /** The consent notices (built in and the clinic's), and whether consent is asked at Record or kept by the clinic. */
  getConsentNotices: operation<ConsentNotices>()(() => noInput),
  /** The patient declined the recording of a consultation: nothing is recorded; the answer is kept in the audit trail only. */
  declineConsent: operation<void>()(() => z.object({ patientId: z.uuid(), noticeLanguage, noticeVersion }).strict()),
  /**
   * "Patient withdraws consent" pressed, before the doctor is asked anything: the consultation's capture stops, every
   * request for it is aborted, and nothing more of it is sent, read or recorded until it is destroyed or resumed.
   */
  haltConsultation: operation<void>()(() => dictationRef),
  /** The patient did not withdraw after all: the halted consultation records and is sent as before. */
  resumeConsultation: operation<void>()(() => dictationRef),
  /**
   * The patient withdraws consent: the consultation's recording, parts and result are destroyed and nothing more is sent.
   * Says whether any request about it had reached the service, the ids the service knows it by, and the request to delete them.
   */
  withdrawConsent: operation<Withdrawal>()(() => dictationRef),
  pauseRecording: operation<RecorderStatus>()(() => noInput),
  resumeRecording: operation<RecorderStatus>()(() => noInput),
  stopRecording: operation<RecorderStatus>()(() => noInput),
  discardRecording: operation<RecorderStatus>()(() => noInput),
  /** "Not now" to the offer to record a call that seems to have begun: not offered again for that call. */
  dismissCallOffer: operation<RecorderStatus>()(() => noInput),

  listDictations: operation<DictationSummary[]>()(() => noInput),
  getDictation: operation<DictationDetail>()(() => dictationRef),
  retryDictation: operation<void>()(() => dictationRef),
  cancelDictation: operation<void>()(() => dictationRef),
  deleteDictation: operation<void>()(() => dictationRef),
  /** Where the output was saved; null when the user cancelled the dialog. */
  exportOutput: operation<string | null>()(() => dictationRef.extend({ templateId: z.string().min(1).max(200), anyway }).strict()),
  /**
   * Main puts the dictation's note on the clipboard, as plain text and HTML (the medications as
   * a table): with the doctor's corrections, or the service's original when `original` (what the
   * page shows). Every copy goes through one path in main (review rule, heading, test-data line,
   * clearing); the page never passes patient text to the clipboard. Says which note it took.
   */
  copyNote: operation<{ version: CopiedNoteVersion }>()(() => dictationRef.extend({ original: z.boolean().optional(), anyway }).strict()),
  /** One chapter of the result, as the page shows it (`original`: the service's) or as the service's JSON. */
  copyNoteChapter: operation<void>()(() =>
    dictationRef.extend({ templateId: z.string().min(1).max(200), form: z.enum(['text', 'json']), original: z.boolean().optional(), anyway }).strict(),
  ),
  /** What the service heard (a session's transcript). */
  copyTranscript: operation<void>()(() => dictationRef.extend({ anyway }).strict()),
  /** Saves the note, with the doctor's corrections, as JSON where the user chooses; the path, or null when cancelled. */
  exportNote: operation<string | null>()(() => dictationRef.extend({ anyway }).strict()),
  /** The dictation the window shows (null: none): the copy shortcut copies its note. */
  showingDictation: operation<void>()(() => z.object({ id: z.uuid().nullable() }).strict()),
  renameDictation: operation<DictationSummary>()(() => dictationRef.extend({ label: labelInput }).strict()),
  /** Keeps the doctor's edit of the note; the service's result is never changed. */
  saveNoteCorrection: operation<DictationDetail>()(() => dictationRef.extend({ parts: z.array(correctedChapterSchema).max(CORRECTION_LIMITS.parts) }).strict()),
  /** Back to the service's note: the correction is destroyed. */
  undoNoteCorrections: operation<DictationDetail>()(() => dictationRef),
  /** `anyway`: the doctor's deliberate second click to mark reviewed a prescription that contradicts itself. */
  setNoteReviewed: operation<DictationDetail>()(() => dictationRef.extend({ reviewed: z.boolean(), anyway }).strict()),
  /** While the policy file cannot be used: send to the built-in sandbox (test data) after all. */
  useSandboxDespitePolicy: operation<SettingsView>()(() => noInput),

  /** The patients, latest seen first, and the one chosen for the visit. */
  listPatients: operation<PatientsView>()(() => noInput),
  /** A new patient (no `id`) or changes to one; `choose`: also the patient for this visit. An age outside 0–130 or an unknown sex is refused by field. */
  savePatient: operation<Patient>()(() => z.object({ id: z.uuid().optional(), patient: patientInputSchema, choose: z.boolean().optional() }).strict()),
  /**
   * The patient of the visit (the record shortcut too); null: nobody. Another patient's note leaves
   * the view (main forgets the dictation shown) and the app's copy of it leaves the clipboard.
   */
  choosePatient: operation<PatientsView>()(() => z.object({ id: z.uuid().nullable() }).strict()),
  /** "Next patient": the visit ends, nobody is chosen, and the app's copy of a note leaves the clipboard. */
  endVisit: operation<PatientsView>()(() => noInput),
  /** A patient's dictations (their medicines and state) and lab reports (their flagged values, a mismatch), newest first. */
  getPatientVisit: operation<PatientVisit>()(() => z.object({ id: z.uuid() }).strict()),
  /** Deletes the patient and every dictation and lab report made for them; `items`: how many the confirmation said (refused when that is no longer so). */
  deletePatient: operation<void>()(() => z.object({ id: z.uuid(), items: z.number().int().min(0) }).strict()),
  /** The patient registration has just found or made, as the patient for this visit. */
  /**
   * The patient registration found or made becomes the visit's patient. A patient already on this computer with the same
   * ABHA number is brought up to date; one without an ABHA number who looks the same is refused (`needs-confirmation`)
   * until `as` says: that patient (`as`: their id), or a new one apart (`as: 'new'`).
   */
  useRegisteredPatient: operation<Patient>()(() => z.object({ as: z.union([z.uuid(), z.literal('new')]) }).strict().optional()),
  /** A patient without an ABHA number who looks like the one registration found or made (name, age, sex), or null. */
  registeredLookalike: operation<Patient | null>()(() => noInput),
  /** What the doctor is to confirm with patients whose visits ended: send the visit to their health record? */
  getHealthRecordQuestions: operation<HealthRecordQuestion[]>()(() => noInput),
  /** The patient's answer; agreed, with what their record lacked (checked in main, refused by field). */
  answerHealthRecordQuestion: operation<void>()(() =>
    z
      .object({
        patientId: z.uuid(),
        agreed: z.boolean(),
        abhaAddress: z.string().max(100).nullable().optional(),
        name: z.string().max(PATIENT_NAME_MAX_CHARS).nullable().optional(),
        age: z.number().int().nullable().optional(),
        sex: z.enum(PATIENT_SEXES).nullable().optional(),
      })
      .strict(),
  ),
  /** Asks again about the patient's records never asked about (from their view). */
  askHealthRecordAgain: operation<void>()(() => z.object({ patientId: z.uuid() }).strict()),
  /** Sends a link the exchange refused again. */
  linkAgain: operation<void>()(() => z.object({ id: z.uuid() }).strict()),
  /** Puts a dictation under another patient (null: none); a session not yet ended is told when it ends (sendPatientDetails). */
  setDictationPatient: operation<DictationSummary>()(() => dictationRef.extend({ patientId: z.uuid().nullable() }).strict()),
  /** The language the patient reads (ISO 639-1; null: not known), asked once, for what is made for them to take home. */
  setPatientLanguage: operation<Patient>()(() => z.object({ id: z.uuid(), language: z.string().max(8).nullable() }).strict()),

  /** The templates another document may be made of, the doctor's favourites first. */
  listDocumentTemplates: operation<DocumentTemplates>()(() => noInput),
  /** Every document made (or asked for) from a recording. */
  listDocuments: operation<DocumentSummary[]>()(() => noInput),
  /**
   * Another document from a finished recording (a dictation sent in a session), queued like everything sent; `forPatient`: in the
   * language of the dictation's patient. The same template (and language) asked again is the same document, not a second one.
   */
  requestDocument: operation<DocumentSummary>()(() => z.object({ dictationId: z.uuid(), templateId: z.string().min(1).max(200), forPatient: z.boolean() }).strict()),
  /** A document with its text and where it says the prescription otherwise than the note. */
  openDocument: operation<DocumentDetail>()(() => documentRef),
  retryDocument: operation<void>()(() => documentRef),
  deleteDocument: operation<void>()(() => documentRef),
  setDocumentReviewed: operation<DocumentSummary>()(() => documentRef.extend({ reviewed: z.boolean() }).strict()),
  /** Through the one copy path, as the note leaves (review rule, heading, test-data line); `anyway`: another patient's, or a note that contradicts itself. */
  copyDocument: operation<void>()(() => documentRef.extend({ anyway }).strict()),
  /** A handout on paper, headed by the clinic and its patient: only the visit's patient's. False when the print dialog was cancelled. */
  printDocument: operation<boolean>()(() => documentRef),
  /** The same page as a PDF where the user chooses; the path, or null when cancelled. */
  saveDocumentPdf: operation<string | null>()(() => documentRef),
  /** The document the window shows (null: none): the copy shortcut copies it. */
  showingDocument: operation<void>()(() => z.object({ id: z.uuid().nullable() }).strict()),

  pickLabReportFiles: operation<StagedFile[]>()(() => noInput),
  stageLabReportFiles: operation<StagedFile[]>()(() =>
    z
      .object({
        files: z
          .array(
            z
              .object({
                name: z.string().min(1).max(255),
                size: z.number().int().min(0),
                /** The file's bytes; null when it is larger than the upload limit (it is refused unread). */
                data: z
                  .instanceof(Uint8Array)
                  .refine((data) => data.length <= MAX_LAB_REPORT_BYTES, 'File too large to send.')
                  .nullable(),
              })
              .strict(),
          )
          .min(1)
          .max(MAX_LAB_REPORT_FILES),
      })
      .strict(),
  ),
  dismissStagedFile: operation<void>()(() => z.object({ id: z.uuid() }).strict()),
  uploadLabReports: operation<void>()(() =>
    z
      .object({
        ids: z.array(z.uuid()).min(1).max(MAX_LAB_REPORT_FILES),
        tasks: z.array(z.enum(LAB_REPORT_TASKS)).min(1, 'Choose at least one parsing task.'),
        acceptLowResolution: z.boolean(),
        /** The patient or visit the reports are for (optional). */
        label: labelInput.optional(),
        /** The patient chosen for them (the page shows who); absent or null: none. */
        patientId: z.uuid().nullable().optional(),
      })
      .strict(),
  ),
  listLabReports: operation<LabReportSummary[]>()(() => noInput),
  retryLabReport: operation<void>()(() => labReportRef),
  deleteLabReport: operation<void>()(() => labReportRef),
  /** The parsed report of a ready lab report (null while there is none). */
  getLabReportResult: operation<LabReportResultView | null>()(() => labReportRef),
  /** The report's patient details, for the moment they are shown (null when it has none). */
  showLabReportDetails: operation<LabReportDetails | null>()(() => labReportRef),
  /** Saves the report's FHIR bundle as .json where the user chooses; the path, or null when cancelled. */
  exportLabReportFhir: operation<string | null>()(() => labReportRef),
  /** Opens the report's original file in the computer's viewer (a private copy, removed after `removedAfterMinutes`). */
  openOriginalLabReport: operation<{ removedAfterMinutes: number }>()(() => labReportRef),
  /** The service's document id of a lab report, for finding it at the service. */
  copyLabReportId: operation<void>()(() => labReportRef),
  /** The lab result's values through the one copy path (headed by whose it is; the review rule; text and a table). */
  copyLabResult: operation<void>()(() => labReportRef.extend({ anyway }).strict()),
  setLabReportReviewed: operation<LabReportSummary>()(() => labReportRef.extend({ reviewed: z.boolean() }).strict()),
  /** The lab report whose result the window shows (null: none): the copy shortcut copies its values. */
  showingLabReport: operation<void>()(() => z.object({ id: z.uuid().nullable() }).strict()),

  getRegistration: operation<RegistrationView>()(() => noInput),
  startRegistration: operation<RegistrationView>()(() =>
    z
      .object({
        // Checked fully in main; zod issues never carry the input, so the number is not echoed.
        aadhaarNumber: z.string().regex(/^\d{1,12}$/, 'An Aadhaar number has up to 12 digits.'),
        consentText: z.string().max(1000),
      })
      .strict(),
  ),
  /** Sends the current OTP (Aadhaar or mobile) again, after the cool-down and within the limit. */
  resendRegistrationOtp: operation<RegistrationView>()(() => noInput),
  // The OTP, mobile and address rules are in contract/registration-rules.ts; main applies them.
  verifyRegistrationOtp: operation<RegistrationView>()(() => z.object({ otp: z.string().max(32), mobile: z.string().max(32) }).strict()),
  verifyRegistrationMobileOtp: operation<RegistrationView>()(() => z.object({ otp: z.string().max(32) }).strict()),
  /** Whether a new ABHA address is free, asked as it is typed. */
  checkAbhaAddress: operation<AbhaAddressCheck>()(() => abhaAddressInput),
  createAbhaAddress: operation<RegistrationView>()(() => abhaAddressInput),
  /** One of the patient's existing addresses (`choose-address`). */
  chooseAbhaAddress: operation<RegistrationView>()(() => abhaAddressInput),
  /** Main copies the value it holds; the page never passes patient data to the clipboard. */
  copyRegistrationValue: operation<void>()(() => z.object({ value: z.enum(COPYABLE) }).strict()),
  /** False when the print dialog was cancelled. */
  printAbhaCard: operation<boolean>()(() => noInput),
  /** Where the card was saved; null when the dialog was cancelled. */
  saveAbhaCard: operation<string | null>()(() => noInput),
  resetRegistration: operation<RegistrationView>()(() => noInput),

  getUpdateStatus: operation<UpdateStatus>()(() => noInput),
  checkForUpdates: operation<UpdateStatus>()(() => noInput),
  restartToUpdate: operation<UpdateStatus>()(() => noInput),

  /** True once after main reloaded the window because its page's process had died. */
  takeReloadNotice: operation<boolean>()(() => noInput),
  /** Whether the notice that nothing the built-in sandbox shows is real was hidden already (in this data folder). */
  sandboxNoticeHidden: operation<boolean>()(() => noInput),
  /** Hides that notice for good. */
  hideSandboxNotice: operation<void>()(() => noInput),

  /** The doctor's own recent entries in the audit trail, and whether the trail is being written. */
  getAuditActivity: operation<ActivityView>()(() => noInput),
} satisfies Record<OperationName, { input: z.ZodType; output: unknown }>;

export const events = {
  statusChanged: event<AppStatus>(),
  settingsChanged: event<SettingsView>(),
  recorderChanged: event<RecorderStatus>(),
  dictationChanged: event<DictationSummary>(),
  dictationRemoved: event<{ id: string }>(),
  /** The copy shortcut copied, or refused (and took the app's earlier copy off the clipboard): the window's "Copied …" gives way to it. */
  shortcutCopied: event<ShortcutCopyOutcome>(),
  labReportChanged: event<LabReportSummary>(),
  labReportRemoved: event<{ id: string }>(),
  patientsChanged: event<PatientsView>(),
  updateChanged: event<UpdateStatus>(),
  recordCue: event<RecordCue>(),
  /** The record shortcut was pressed but the recording needs an answer first (which patient, the patient's consent): the window asks. */
  recordAsked: event<RecordQuestion>(),
  liveWordsChanged: event<LiveWords>(),
  /** The questions waiting for the doctor (the patient's agreement to link their visit). */
  healthRecordAsked: event<HealthRecordQuestion[]>(),
  /** A link of this patient's records changed. */
  healthRecordChanged: event<{ patientId: string }>(),
  /** A link is no longer kept (its record was deleted, or its patient). */
  healthRecordRemoved: event<{ id: string }>(),
  documentChanged: event<DocumentSummary>(),
  documentRemoved: event<{ id: string }>(),
} satisfies Record<EventName, { payload: unknown }>;

export type Operations = typeof operations;
export type OperationInput<K extends OperationName> = z.output<Operations[K]['input']>;
export type OperationOutput<K extends OperationName> = Operations[K]['output'];

export type Events = typeof events;
export type EventPayload<K extends EventName> = Events[K]['payload'];

type BridgeMethod<K extends OperationName> =
  z.input<Operations[K]['input']> extends undefined
    ? () => Promise<Result<OperationOutput<K>>>
    : undefined extends z.input<Operations[K]['input']>
      ? (input?: z.input<Operations[K]['input']>) => Promise<Result<OperationOutput<K>>>
      : (input: z.input<Operations[K]['input']>) => Promise<Result<OperationOutput<K>>>;

/** What preload exposes as `window.scribe`. */
export type ScribeBridge = { [K in OperationName]: BridgeMethod<K> } & {
  on: { [K in EventName]: (listener: (payload: EventPayload<K>) => void) => () => void };
};
