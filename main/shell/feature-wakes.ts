/**
 * What wakes each feature that is not built at start (docs/architecture.md, "Features wake when
 * first asked"). The first screen and Record need the settings, the trail, the service, the
 * clipboard, patients, dictations and the status bar: those are built before the window's first
 * answer. These wake on the first operation that needs them, or once start-up's first moments
 * are over (their outboxes send what an earlier run left, updates are checked).
 */
import type { OperationName } from '../../contract/ipc';
import type { Wakes } from '../core/sleeping-feature';

const LAB_REPORT_OPERATIONS = [
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
] as const satisfies readonly OperationName[];

const HEALTH_RECORD_OPERATIONS = ['getHealthRecordQuestions', 'answerHealthRecordQuestion', 'askHealthRecordAgain', 'linkAgain'] as const satisfies readonly OperationName[];

const DOCUMENT_OPERATIONS = [
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
] as const satisfies readonly OperationName[];

const REGISTRATION_OPERATIONS = [
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
] as const satisfies readonly OperationName[];

const UPDATE_OPERATIONS = ['getUpdateStatus', 'checkForUpdates', 'restartToUpdate'] as const satisfies readonly OperationName[];

/** The operations each serves: its share of the handlers, answered once it is awake. */
export const SERVES = {
  labReports: LAB_REPORT_OPERATIONS,
  healthRecord: HEALTH_RECORD_OPERATIONS,
  documents: DOCUMENT_OPERATIONS,
  registration: REGISTRATION_OPERATIONS,
  updates: UPDATE_OPERATIONS,
} as const;

export type SleepingName = keyof typeof SERVES;

/** What wakes each; an operation of another feature is named where that feature reads this one. */
export const WAKES: Record<SleepingName, Wakes> = {
  // A patient's visit lists their lab reports; deleting a patient deletes theirs.
  labReports: { operations: [...LAB_REPORT_OPERATIONS, 'getPatientVisit', 'deletePatient'], afterFirstMoments: true },
  // It also hears every visit's end and every change of a dictation, a lab report or a patient (features.ts).
  healthRecord: { operations: [...HEALTH_RECORD_OPERATIONS, 'getPatientVisit'], afterFirstMoments: true },
  documents: { operations: DOCUMENT_OPERATIONS, afterFirstMoments: true },
  // What registration found is in memory only: asleep, it has found nobody.
  registration: { operations: REGISTRATION_OPERATIONS, afterFirstMoments: false },
  updates: { operations: UPDATE_OPERATIONS, afterFirstMoments: true },
};

/** The feature as the doctor knows it, said when it cannot wake. */
export const SLEEPING_NAMES: Record<SleepingName, string> = {
  labReports: 'Lab reports',
  healthRecord: 'Linking to the health record (ABDM)',
  documents: 'Visit documents',
  registration: 'ABHA registration',
  updates: 'Updates',
};
