/** Values of the contract's types, for the store tests. */
import type { AuthStatus } from '../../contract/auth';
import { IDLE_RECORDER, type DictationDetail, type DictationSummary, type RecorderStatus } from '../../contract/dictation';
import type { AppStatus, SettingsView } from '../../contract/ipc';
import type { LabReportSummary, StagedFile } from '../../contract/lab-reports';
import type { RegistrationView } from '../../contract/registration';
import { appError, type AppError } from '../../contract/result';
import { DEFAULT_SETTINGS } from '../../contract/settings';
import type { TranscriptionChoices } from '../../contract/transcription-choices';
import type { UpdateStatus } from '../../contract/updates';
import { createProblemStore } from '../../renderer/app/problem-store';

/** A problem store, and the `report` a store is given. */
export function problems() {
  const store = createProblemStore();
  return { store, report: (problem: AppError) => store.getState().report(problem) };
}

export const OFFLINE = appError('offline', 'The service cannot be reached.');

const SIGNED_IN: AuthStatus = { method: 'sandbox', clientId: null, state: 'signed-in', lastRenewedAt: null, expiresAt: null, problem: null };

export function appStatus(revision: number, extra: Partial<AppStatus> = {}): AppStatus {
  return {
    revision,
    online: true,
    serviceReachable: true,
    serviceReached: true,
    service: { kind: 'sandbox', label: 'Sandbox', baseUrl: null },
    pendingSync: 0,
    syncPaused: null,
    holdMessage: null,
    auth: SIGNED_IN,
    ...extra,
  };
}

export function updateStatus(state: UpdateStatus['state'], version: string | null = null): UpdateStatus {
  return { state, version, progress: null, message: null };
}

export function settingsView(values: Partial<SettingsView['values']> = {}): SettingsView {
  return {
    values: { ...DEFAULT_SETTINGS, ...values },
    secrets: { clientSecret: 'not set', accessToken: 'not set', jweClientKey: 'not set' },
    locked: [],
    policy: { path: null, error: null, sandboxChosen: false, forced: [], unusedNotices: [] },
    secretProtection: { persisted: true, backend: 'test', warning: null },
    dataProtection: { keptBy: 'keyring', warning: null, problem: null },
    shortcutAccess: { recordShortcut: null, holdToRecord: null, copyNoteShortcut: null, insertNote: null, lastProgram: null, lastProgramMatch: null },
  };
}

export function choices(models: string[]): TranscriptionChoices {
  return {
    sessions: 'offered',
    languages: [{ code: 'en', name: 'English' }],
    autoDetection: true,
    models: models.map((id) => ({ id, name: id })),
    templates: [],
    problem: null,
  };
}

export const ID = {
  a: '00000000-0000-4000-8000-00000000000a',
  b: '00000000-0000-4000-8000-00000000000b',
  c: '00000000-0000-4000-8000-00000000000c',
};

export function dictation(id: string, extra: Partial<DictationSummary> = {}): DictationSummary {
  return {
    id,
    txnId: `txn-${id.slice(-1)}`,
    createdAt: '2025-01-01T10:00:00.000Z',
    label: '',
    patientId: null,
    askedFor: null,
    mode: 'dictation',
    durationMs: 1000,
    state: 'processing',
    recovered: false,
    uploadProgress: null,
    problem: null,
    nextAttemptAt: null,
    attempts: 0,
    correctedAt: null,
    reviewedAt: null,
    contradictions: 0,
    testData: true,
    consent: null,
    haltedAt: null,
    ...extra,
  };
}

export function detail(summary: DictationSummary, extra: Partial<DictationDetail> = {}): DictationDetail {
  return { ...summary, result: null, correction: null, audioUrl: null, ...extra };
}

export function recorder(extra: Partial<RecorderStatus> = {}): RecorderStatus {
  return { ...IDLE_RECORDER, ...extra };
}

export function labReport(id: string, extra: Partial<LabReportSummary> = {}): LabReportSummary {
  return {
    id,
    label: '',
    patientId: null,
    fileName: 'report.pdf',
    size: 1000,
    kind: 'pdf',
    tasks: ['smart'],
    batch: false,
    createdAt: '2025-01-01T10:00:00.000Z',
    state: 'reading',
    uploadProgress: null,
    documentId: null,
    encrypted: false,
    testData: false,
    problem: null,
    nextAttemptAt: null,
    uploadedAt: null,
    finishedAt: null,
    reviewedAt: null,
    ...extra,
  };
}

export function staged(id: string, problem: string | null = null): StagedFile {
  return { id, name: `${id.slice(-1)}.pdf`, size: 1000, kind: 'pdf', problem, warning: null };
}

export function registration(step: RegistrationView['step'], extra: Partial<RegistrationView> = {}): RegistrationView {
  return { step, otp: null, profile: null, accounts: [], addressChoices: [], suggestions: [], outcome: null, card: null, next: null, testData: false, ...extra };
}
