/**
 * The page's stores, each given the window's bridge once, here. The store modules export
 * factories that take the bridge (so that they can be tested with a fake one); screens use
 * these. The problem and navigation stores need no bridge and are made in their own modules.
 */
import { reportProblem, scribe } from '../bridge';
import { createDictationStore } from '../features/dictation/dictation-store';
import { createRecordQuestionStore } from '../features/dictation/record-question-store';
import { createLiveWordsStore } from '../features/dictation/live-words-store';
import { createHealthRecordStore } from '../features/health-record/health-record-store';
import { createLabReportsStore } from '../features/lab-reports/lab-reports-store';
import { createPatientsStore } from '../features/patients/patients-store';
import { createRegistrationStore } from '../features/registration/registration-store';
import { createSettingsStore } from '../features/settings/settings-store';
import { createTranscriptionChoicesStore } from '../features/settings/transcription-choices-store';
import { createStatusStore } from './status-store';
import { createUpdateStore } from './update-store';
import { createDocumentsStore } from '../features/visit-documents/documents-store';

export const useStatusStore = createStatusStore(scribe, reportProblem);
export const useUpdateStore = createUpdateStore(scribe, reportProblem);
export const useSettingsStore = createSettingsStore(scribe, reportProblem);
export const useTranscriptionChoicesStore = createTranscriptionChoicesStore(scribe, reportProblem);
export const useDictationStore = createDictationStore(scribe, reportProblem);
export const useLiveWordsStore = createLiveWordsStore(scribe, reportProblem);
export const useLabReportsStore = createLabReportsStore(scribe, reportProblem);
export const useRegistrationStore = createRegistrationStore(scribe, reportProblem);
export const usePatientsStore = createPatientsStore(scribe, reportProblem);
export const useRecordQuestionStore = createRecordQuestionStore(scribe);
export const useHealthRecordStore = createHealthRecordStore(scribe, reportProblem);
export const useDocumentsStore = createDocumentsStore(scribe, reportProblem);
