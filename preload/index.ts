/**
 * The only door from the page to main: one method per contract operation and one
 * subscription per contract event, checked against the bridge type (a missing or extra
 * operation does not compile). No raw ipcRenderer, no generic invoke, no validation library
 * (main validates every input).
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { EventPayload, ScribeBridge } from '../contract/ipc';
import { eventChannel, operationChannel, type EventName, type OperationName } from '../contract/ipc-names';

// ipcRenderer.invoke answers `any`: what comes back is main's Result for that operation.
const invoke = (name: OperationName) => (input?: unknown) => ipcRenderer.invoke(operationChannel(name), input);

const subscribe = <K extends EventName>(name: K) => (listener: (payload: EventPayload<K>) => void) => {
  const channel = eventChannel(name);
  const forward = (_event: IpcRendererEvent, payload: EventPayload<K>) => listener(payload);
  ipcRenderer.on(channel, forward);
  return () => {
    ipcRenderer.removeListener(channel, forward);
  };
};

const bridge = {
  getSettings: invoke('getSettings'),
  updateSettings: invoke('updateSettings'),
  setSecret: invoke('setSecret'),
  signIn: invoke('signIn'),
  signInAgain: invoke('signInAgain'),
  listMicrophones: invoke('listMicrophones'),
  getStatus: invoke('getStatus'),
  getTranscriptionChoices: invoke('getTranscriptionChoices'),
  getRecorder: invoke('getRecorder'),
  setRecordingDraft: invoke('setRecordingDraft'),
  startRecording: invoke('startRecording'),
  pauseRecording: invoke('pauseRecording'),
  resumeRecording: invoke('resumeRecording'),
  stopRecording: invoke('stopRecording'),
  discardRecording: invoke('discardRecording'),
  listDictations: invoke('listDictations'),
  getDictation: invoke('getDictation'),
  retryDictation: invoke('retryDictation'),
  cancelDictation: invoke('cancelDictation'),
  deleteDictation: invoke('deleteDictation'),
  exportOutput: invoke('exportOutput'),
  copyNote: invoke('copyNote'),
  copyNotePart: invoke('copyNotePart'),
  copyTranscript: invoke('copyTranscript'),
  exportNote: invoke('exportNote'),
  showingDictation: invoke('showingDictation'),
  renameDictation: invoke('renameDictation'),
  saveNoteCorrection: invoke('saveNoteCorrection'),
  undoNoteCorrections: invoke('undoNoteCorrections'),
  setNoteReviewed: invoke('setNoteReviewed'),
  useSandboxDespitePolicy: invoke('useSandboxDespitePolicy'),
  listPatients: invoke('listPatients'),
  savePatient: invoke('savePatient'),
  choosePatient: invoke('choosePatient'),
  deletePatient: invoke('deletePatient'),
  useRegisteredPatient: invoke('useRegisteredPatient'),
  setDictationPatient: invoke('setDictationPatient'),
  pickLabReportFiles: invoke('pickLabReportFiles'),
  stageLabReportFiles: invoke('stageLabReportFiles'),
  dismissStagedFile: invoke('dismissStagedFile'),
  uploadLabReports: invoke('uploadLabReports'),
  listLabReports: invoke('listLabReports'),
  retryLabReport: invoke('retryLabReport'),
  deleteLabReport: invoke('deleteLabReport'),
  getLabReportResult: invoke('getLabReportResult'),
  showLabReportDetails: invoke('showLabReportDetails'),
  exportLabReportFhir: invoke('exportLabReportFhir'),
  openOriginalLabReport: invoke('openOriginalLabReport'),
  copyLabReportId: invoke('copyLabReportId'),
  getRegistration: invoke('getRegistration'),
  startRegistration: invoke('startRegistration'),
  resendRegistrationOtp: invoke('resendRegistrationOtp'),
  verifyRegistrationOtp: invoke('verifyRegistrationOtp'),
  verifyRegistrationMobileOtp: invoke('verifyRegistrationMobileOtp'),
  checkAbhaAddress: invoke('checkAbhaAddress'),
  createAbhaAddress: invoke('createAbhaAddress'),
  chooseAbhaAddress: invoke('chooseAbhaAddress'),
  copyRegistrationValue: invoke('copyRegistrationValue'),
  printAbhaCard: invoke('printAbhaCard'),
  saveAbhaCard: invoke('saveAbhaCard'),
  resetRegistration: invoke('resetRegistration'),
  getUpdateStatus: invoke('getUpdateStatus'),
  checkForUpdates: invoke('checkForUpdates'),
  restartToUpdate: invoke('restartToUpdate'),
  takeReloadNotice: invoke('takeReloadNotice'),
  sandboxNoticeHidden: invoke('sandboxNoticeHidden'),
  hideSandboxNotice: invoke('hideSandboxNotice'),
  on: {
    statusChanged: subscribe('statusChanged'),
    settingsChanged: subscribe('settingsChanged'),
    recorderChanged: subscribe('recorderChanged'),
    dictationChanged: subscribe('dictationChanged'),
    dictationRemoved: subscribe('dictationRemoved'),
    labReportChanged: subscribe('labReportChanged'),
    labReportRemoved: subscribe('labReportRemoved'),
    patientsChanged: subscribe('patientsChanged'),
    updateChanged: subscribe('updateChanged'),
    recordCue: subscribe('recordCue'),
  },
} satisfies ScribeBridge;

contextBridge.exposeInMainWorld('scribe', bridge);
