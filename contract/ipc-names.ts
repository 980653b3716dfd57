/**
 * The names of the bridge's operations and events, and their channels. Kept apart from the
 * schemas so that the sandboxed preload bundles no validation library; `contract/ipc.ts`
 * checks at compile time that its schemas cover exactly these names.
 */

/** The health record's links: its questions, and linking again. */
export const HEALTH_RECORD_OPERATIONS = [
  'getHealthRecordQuestions',
  'answerHealthRecordQuestion',
  'askHealthRecordAgain',
  'linkAgain',
] as const;

/** A visit's documents made from a finished session. */
export const DOCUMENT_OPERATIONS = [
  'listDocumentTemplates',
  'listDocuments',
  'requestDocument',
  'openDocument',
  'retryDocument',
  'deleteDocument',
  'setDocumentReviewed',
  'copyDocument',
  'printDocument',
  'saveDocumentPdf',
  'showingDocument',
] as const;

/** Lab reports: staged, uploaded, read back, leaving. */
export const LAB_REPORT_OPERATIONS = [
  'pickLabReportFiles',
  'stageLabReportFiles',
  'dismissStagedFile',
  'uploadLabReports',
  'listLabReports',
  'retryLabReport',
  'deleteLabReport',
  'getLabReportResult',
  'showLabReportDetails',
  'exportLabReportFhir',
  'openOriginalLabReport',
  'copyLabReportId',
  'copyLabResult',
  'setLabReportReviewed',
  'showingLabReport',
] as const;

/** Registration for an ABHA. */
export const REGISTRATION_OPERATIONS = [
  'getRegistration',
  'startRegistration',
  'resendRegistrationOtp',
  'verifyRegistrationOtp',
  'verifyRegistrationMobileOtp',
  'checkAbhaAddress',
  'createAbhaAddress',
  'chooseAbhaAddress',
  'copyRegistrationValue',
  'printAbhaCard',
  'saveAbhaCard',
  'resetRegistration',
] as const;

/** Signed updates. */
export const UPDATE_OPERATIONS = [
  'getUpdateStatus',
  'checkForUpdates',
  'restartToUpdate',
] as const;

export const OPERATION_NAMES = [
  'getSettings',
  'updateSettings',
  'setSecret',
  'signIn',
  'signInAgain',
  'listMicrophones',
  'getStatus',
  'getTranscriptionChoices',
  'getRecorder',
  'getLiveWords',
  'setRecordingDraft',
  'startRecording',
  'prepareRecording',
  'cancelRecordingQuestion',
  'getConsentNotices',
  'declineConsent',
  'haltConsultation',
  'resumeConsultation',
  'withdrawConsent',
  'pauseRecording',
  'resumeRecording',
  'stopRecording',
  'discardRecording',
  'dismissCallOffer',
  'listDictations',
  'getDictation',
  'retryDictation',
  'cancelDictation',
  'deleteDictation',
  'exportOutput',
  'copyNote',
  'copyNoteChapter',
  'copyTranscript',
  'exportNote',
  'showingDictation',
  'renameDictation',
  'saveNoteCorrection',
  'undoNoteCorrections',
  'setNoteReviewed',
  'useSandboxDespitePolicy',
  'listPatients',
  'savePatient',
  'choosePatient',
  'endVisit',
  'getPatientVisit',
  'deletePatient',
  'useRegisteredPatient',
  'registeredLookalike',
  ...HEALTH_RECORD_OPERATIONS,
  'setDictationPatient',
  'setPatientLanguage',
  ...DOCUMENT_OPERATIONS,
  ...LAB_REPORT_OPERATIONS,
  ...REGISTRATION_OPERATIONS,
  ...UPDATE_OPERATIONS,
  'takeReloadNotice',
  'sandboxNoticeHidden',
  'hideSandboxNotice',
  'getAuditActivity',
] as const;
export type OperationName = (typeof OPERATION_NAMES)[number];

export const EVENT_NAMES = [
  'statusChanged',
  'settingsChanged',
  'recorderChanged',
  'dictationChanged',
  'dictationRemoved',
  'shortcutCopied',
  'labReportChanged',
  'labReportRemoved',
  'patientsChanged',
  'updateChanged',
  'recordCue',
  'recordAsked',
  'liveWordsChanged',
  'healthRecordAsked',
  'healthRecordChanged',
  'healthRecordRemoved',
  'documentChanged',
  'documentRemoved',
] as const;
export type EventName = (typeof EVENT_NAMES)[number];

export const operationChannel = (name: OperationName): string => `scribe:op:${name}`;
export const eventChannel = (name: EventName): string => `scribe:event:${name}`;
