/**
 * The names of the bridge's operations and events, and their channels. Kept apart from the
 * schemas so that the sandboxed preload bundles no validation library; `contract/ipc.ts`
 * checks at compile time that its schemas cover exactly these names.
 */

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
  'setRecordingDraft',
  'startRecording',
  'pauseRecording',
  'resumeRecording',
  'stopRecording',
  'discardRecording',
  'listDictations',
  'getDictation',
  'retryDictation',
  'cancelDictation',
  'deleteDictation',
  'exportOutput',
  'copyText',
  'copyNote',
  'exportNote',
  'showingDictation',
  'renameDictation',
  'saveNoteCorrection',
  'undoNoteCorrections',
  'setNoteReviewed',
  'useSandboxDespitePolicy',
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
  'getUpdateStatus',
  'checkForUpdates',
  'restartToUpdate',
  'takeReloadNotice',
  'sandboxNoticeHidden',
  'hideSandboxNotice',
] as const;
export type OperationName = (typeof OPERATION_NAMES)[number];

export const EVENT_NAMES = [
  'statusChanged',
  'settingsChanged',
  'recorderChanged',
  'dictationChanged',
  'dictationRemoved',
  'labReportChanged',
  'labReportRemoved',
  'updateChanged',
  'recordCue',
] as const;
export type EventName = (typeof EVENT_NAMES)[number];

export const operationChannel = (name: OperationName): string => `scribe:op:${name}`;
export const eventChannel = (name: EventName): string => `scribe:event:${name}`;
