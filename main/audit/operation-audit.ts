/**
 * What every page operation writes in the audit trail: one table, by operation, typed so that
 * an operation added to the contract fails the type check until it is placed here (an entry, or
 * null for what touches no patient data: settings, status, updates, lists). Each rule is asked
 * before its handler runs (what is about to be deleted, which patient an item is for) and says
 * what to record once the outcome is known: done, or refused with the reason's kind, never
 * its message (a refusal may name a file or a label). Pure.
 */
import { recordIds } from '../../contract/withdrawal';
import type { ErrorKind } from '../../contract/result';
import type { OperationInput, OperationName, OperationOutput } from '../../contract/ipc';
import type { OperationHandler, OperationHandlers } from '../../contract/operation-handlers';
import type { StoredResult } from '../../contract/transcription';
import type { AuditEvent, AuditWriter } from './audit-event';

/** What the rules ask of the features. */
export interface AuditLookups {
  dictationPatient(id: string): string | null;
  labReportPatient(id: string): string | null;
  /** The dictation being recorded now, or null. */
  recordingNow(): string | null;
  labReportIds(): string[];
  patientIds(): string[];
  itemsOfPatient(patientId: string): Array<{ kind: 'dictation' | 'lab-report'; id: string }>;
  /** The patient of a document made from a recording: its dictation's. */
  documentPatient(id: string): string | null;
  /** The service things are sent to now, in a word (sandbox, production, a custom service's host). */
  service(): string;
}

export type Outcome<K extends OperationName> = { ok: true; value: OperationOutput<K> } | { ok: false; kind: ErrorKind };
type Rule<K extends OperationName> = (input: OperationInput<K>, look: AuditLookups) => (outcome: Outcome<K>) => AuditEvent[];
export type OperationAudit = { [K in OperationName]: Rule<K> | null };

/** Why an operation was refused, by the kind of its error: words a reviewer reads, with nothing of the patient. */
export const REFUSAL_REASONS: Record<ErrorKind, string> = {
  'invalid-input': 'the request was not valid',
  'not-found': 'the item no longer exists',
  offline: 'the service could not be reached',
  'needs-sign-in': 'the service refused the sign-in',
  service: 'the service refused or failed',
  configuration: 'a setting is missing or wrong',
  storage: 'this computer could not read or write it',
  busy: 'something else had to finish first',
  refused: "the app's rules or the administrator's policy refused it",
  'needs-confirmation': "it waited for a deliberate confirmation (another patient's, a contradicting prescription, a report that may be another patient's)",
  cancelled: 'cancelled',
  unexpected: 'a fault in the app',
};

function outcomeOf<K extends OperationName>(outcome: Outcome<K>): AuditEvent['outcome'] {
  return outcome.ok ? { done: true } : { done: false, reason: REFUSAL_REASONS[outcome.kind] };
}

/** One entry about a dictation, with its patient as it was before the operation. */
function onDictation<K extends OperationName>(action: AuditEvent['action'], detail: (input: OperationInput<K>, outcome: Outcome<K>) => AuditEvent['detail'] | null = () => ({})): Rule<K> {
  return (input, look) => {
    const id = (input as { id: string }).id;
    const patientId = look.dictationPatient(id);
    return (outcome) => {
      const said = detail(input, outcome);
      return said === null ? [] : [{ action, item: { kind: 'dictation', id }, patientId, outcome: outcomeOf(outcome), detail: said }];
    };
  };
}

/** One entry about an item of `kind` (a lab report, a document), with its patient as `patientOf` finds it before the operation. */
function onItemOf(kind: 'lab-report' | 'document', patientOf: (look: AuditLookups, id: string) => string | null) {
  return <K extends OperationName>(action: AuditEvent['action'], detail: (outcome: Outcome<K>) => AuditEvent['detail'] | null = () => ({})): Rule<K> =>
    (input, look) => {
      const id = (input as { id: string }).id;
      const patientId = patientOf(look, id);
      return (outcome) => {
        const said = detail(outcome);
        return said === null ? [] : [{ action, item: { kind, id }, patientId, outcome: outcomeOf(outcome), detail: said }];
      };
    };
}

const onLabReport = onItemOf('lab-report', (look, id) => look.labReportPatient(id));
const onDocument = onItemOf('document', (look, id) => look.documentPatient(id));

/** Nothing when the user cancelled the dialog (nothing left the app). */
const unlessCancelled = (what: string) => (outcome: Outcome<OperationName>) => (outcome.ok && outcome.value === null ? null : { what, how: 'by the page' });

/** What of a dictation the page was given: its note, its transcript, or its state only. */
function shownOf(result: StoredResult | null): { action: AuditEvent['action']; what: string } {
  const note = result !== null && 'outputs' in result && result.outputs.length > 0;
  const transcript = result !== null && 'transcript' in result && Boolean(result.transcript);
  if (!note && !transcript) return { action: 'dictation-viewed', what: 'its state, no note yet' };
  return { action: note ? 'note-viewed' : 'dictation-viewed', what: note && transcript ? 'note and transcript' : note ? 'note' : 'transcript' };
}

/** Registration: what was sent, and the ABHA found or made when the step says done. */
function registrationSent(api: string): Rule<OperationName> {
  return (_input, look) => {
    const service = look.service();
    return (outcome) => {
      const events: AuditEvent[] = [{ action: 'sent', outcome: outcomeOf(outcome), detail: { api, service } }];
      const view = outcome.ok ? (outcome.value as { step?: string; card?: string | null } | null) : null;
      if (view?.step === 'done') {
        events.push({ action: 'registration-created', item: null, detail: { how: 'by the page' } });
        if (view.card) events.push({ action: 'abha-card-viewed' });
      }
      return events;
    };
  };
}

const dictationRules = {
  discardRecording: (_input, look) => {
    const id = look.recordingNow();
    const patientId = id ? look.dictationPatient(id) : null;
    return (outcome) => (id ? [{ action: 'deleted', item: { kind: 'dictation', id }, patientId, outcome: outcomeOf(outcome), detail: { how: 'discarded while recording' } }] : []);
  },
  getDictation: (input, look) => {
    const patientId = look.dictationPatient(input.id);
    return (outcome) => {
      const shown = outcome.ok ? shownOf(outcome.value.result) : { action: 'note-viewed' as const, what: 'note' };
      return [{ action: shown.action, item: { kind: 'dictation', id: input.id }, patientId, outcome: outcomeOf(outcome), detail: { what: shown.what } }];
    };
  },
  deleteDictation: onDictation('deleted', () => ({ how: 'by hand' })),
  exportOutput: onDictation('exported', (_input, outcome) => unlessCancelled("the service's original (JSON)")(outcome)),
  copyNote: onDictation('copied', (input, outcome) => ({ what: outcome.ok ? `note (${outcome.value.version})` : input.original ? "note (the service's original)" : 'note', how: 'by the page' })),
  copyNoteChapter: onDictation('copied', (input) => ({ what: `part of the note (${input.form === 'json' ? 'JSON' : 'text'}${input.original ? ", the service's original" : ''})`, how: 'by the page' })),
  copyTranscript: onDictation('copied', () => ({ what: 'transcript', how: 'by the page' })),
  exportNote: onDictation('exported', (_input, outcome) => unlessCancelled('note')(outcome)),
  renameDictation: onDictation('label-changed'),
  saveNoteCorrection: onDictation('note-corrected'),
  undoNoteCorrections: onDictation('note-correction-undone'),
  // The service's ids for what it may hold, so that the clinic can still ask it to delete them once the consultation is gone.
  withdrawConsent: onDictation('consent-withdrawn', (_input, outcome) => {
    const ids = outcome.ok ? recordIds(outcome.value.records) : [];
    return { for: 'consultation', ...(ids.length > 0 ? { serviceIds: ids.join(' ') } : {}) };
  }),
  // Withdrawal pressed and not yet answered, or answered "go on": the consent stands, nothing of the patient's is read or changed.
  haltConsultation: null,
  resumeConsultation: null,
  setNoteReviewed: (input, look) => onDictation<'setNoteReviewed'>(input.reviewed ? 'note-marked-reviewed' : 'note-review-removed')(input, look),
  setDictationPatient: (input, look) => {
    const before = look.dictationPatient(input.id);
    return (outcome) => {
      const item = { kind: 'dictation' as const, id: input.id };
      const result = outcomeOf(outcome);
      const events: AuditEvent[] = [{ action: 'item-patient-changed', item, patientId: before, outcome: result, detail: { how: 'moved to another patient' } }];
      if (input.patientId !== null) events.push({ action: 'item-patient-changed', item, patientId: input.patientId, outcome: result, detail: { how: 'moved from another patient' } });
      return before === null && input.patientId === null ? [] : events;
    };
  },
} satisfies Partial<OperationAudit>;

const patientRules = {
  savePatient: (input, look) => {
    const known = new Set(look.patientIds());
    return (outcome) => {
      const id = outcome.ok ? outcome.value.id : (input.id ?? null);
      const action = input.id && known.has(input.id) ? 'patient-changed' : 'patient-created';
      return [{ action, item: id ? { kind: 'patient', id } : null, patientId: id, outcome: outcomeOf(outcome) }];
    };
  },
  choosePatient: (input) => (outcome) => (input.id === null ? [] : [{ action: 'patient-viewed', item: { kind: 'patient', id: input.id }, patientId: input.id, outcome: outcomeOf(outcome), detail: { how: 'chosen for the visit' } }]),
  deletePatient: (input, look) => {
    const items = look.itemsOfPatient(input.id);
    return (outcome) => {
      const patient = { kind: 'patient' as const, id: input.id };
      if (!outcome.ok) return [{ action: 'deleted', item: patient, patientId: input.id, outcome: outcomeOf(outcome), detail: { how: 'by hand' } }];
      const events: AuditEvent[] = items.map((item) => ({ action: 'deleted', item, patientId: input.id, detail: { how: 'with a patient' } }));
      events.push({ action: 'deleted', item: patient, patientId: input.id, detail: { how: 'by hand', count: items.length } });
      return events;
    };
  },
  // A patient who no longer exists (the page asking once more as they are deleted) shows nothing of anyone.
  getPatientVisit: (input) => (outcome) =>
    !outcome.ok && outcome.kind === 'not-found'
      ? []
      : [{ action: 'patient-viewed', item: { kind: 'patient', id: input.id }, patientId: input.id, outcome: outcomeOf(outcome), detail: { how: 'their visit’s dictations and lab reports listed' } }],
  // The patient's answer, as the doctor confirmed it with them: their visit's records to their health record, or not.
  answerHealthRecordQuestion: (input) => (outcome) => [
    { action: input.agreed ? 'health-record-agreed' : 'health-record-declined', item: { kind: 'patient', id: input.patientId }, patientId: input.patientId, outcome: outcomeOf(outcome), detail: { for: 'their visit’s records in their health record' } },
  ],
  // A patient declined before anything was recorded: there is no dictation, only the answer.
  declineConsent: (input) => (outcome) => [{ action: 'consent-declined', item: null, patientId: input.patientId, outcome: outcomeOf(outcome), detail: { for: 'consultation' } }],
  // A patient shown because they look like the one registration found or made.
  registeredLookalike: () => (outcome) =>
    outcome.ok && outcome.value ? [{ action: 'patient-viewed', item: { kind: 'patient', id: outcome.value.id }, patientId: outcome.value.id, detail: { how: 'pointed out as looking like the registered patient' } }] : [],
  useRegisteredPatient: (_input, look) => {
    const known = new Set(look.patientIds());
    return (outcome) => {
      if (!outcome.ok) return [{ action: 'patient-created', outcome: outcomeOf(outcome), detail: { how: 'from registration' } }];
      const id = outcome.value.id;
      return [
        { action: known.has(id) ? 'patient-changed' : 'patient-created', item: { kind: 'patient', id }, patientId: id, detail: { how: 'from registration' } },
        { action: 'patient-viewed', item: { kind: 'patient', id }, patientId: id, detail: { how: 'chosen for the visit' } },
      ];
    };
  },
} satisfies Partial<OperationAudit>;

const labReportRules = {
  uploadLabReports: (input, look) => {
    const before = new Set(look.labReportIds());
    return (outcome) => {
      if (!outcome.ok) return [{ action: 'lab-report-created', patientId: input.patientId ?? null, outcome: outcomeOf(outcome), detail: { count: input.ids.length } }];
      return look
        .labReportIds()
        .filter((id) => !before.has(id))
        .map((id) => ({ action: 'lab-report-created', item: { kind: 'lab-report', id }, patientId: input.patientId ?? null }));
    };
  },
  deleteLabReport: onLabReport('deleted', () => ({ how: 'by hand' })),
  getLabReportResult: onLabReport('lab-result-viewed', (outcome) => (outcome.ok && outcome.value === null ? null : {})),
  showLabReportDetails: onLabReport('lab-report-details-viewed', (outcome) => (outcome.ok && outcome.value === null ? null : {})),
  exportLabReportFhir: onLabReport('exported', (outcome) => unlessCancelled('FHIR bundle')(outcome)),
  openOriginalLabReport: onLabReport('original-opened', () => ({ how: "in the computer's viewer" })),
  copyLabReportId: onLabReport('copied', () => ({ what: 'document id', how: 'by the page' })),
  copyLabResult: onLabReport('copied', () => ({ what: 'lab results', how: 'by the page' })),
  setLabReportReviewed: (input, look) => onLabReport<'setLabReportReviewed'>(input.reviewed ? 'lab-result-marked-reviewed' : 'lab-result-review-removed')(input, look),
} satisfies Partial<OperationAudit>;

const registrationRules = {
  getRegistration: () => (outcome) => (outcome.ok && outcome.value.step === 'done' && outcome.value.card ? [{ action: 'abha-card-viewed' }] : []),
  startRegistration: (input, look) => {
    const sent = registrationSent('registration: Aadhaar OTP')(input, look);
    return (outcome) => [{ action: 'consent-given', detail: { for: 'Aadhaar OTP for registration' } }, ...sent(outcome)];
  },
  resendRegistrationOtp: registrationSent('registration: OTP sent again'),
  verifyRegistrationOtp: registrationSent('registration: Aadhaar OTP check'),
  verifyRegistrationMobileOtp: registrationSent('registration: mobile OTP check'),
  createAbhaAddress: registrationSent('registration: new ABHA address'),
  chooseAbhaAddress: registrationSent('registration: ABHA address chosen'),
  copyRegistrationValue: (input) => (outcome) => [{ action: 'copied', outcome: outcomeOf(outcome), detail: { what: input.value === 'abhaNumber' ? 'ABHA number' : 'ABHA address', how: 'by the page' } }],
  printAbhaCard: () => (outcome) => (outcome.ok && !outcome.value ? [] : [{ action: 'printed', outcome: outcomeOf(outcome), detail: { what: 'ABHA card' } }]),
  saveAbhaCard: () => (outcome) => (outcome.ok && outcome.value === null ? [] : [{ action: 'exported', outcome: outcomeOf(outcome), detail: { what: 'ABHA card' } }]),
} satisfies Partial<OperationAudit>;

/** Documents made from a recording: asked for, opened, reviewed, and leaving as the note does (copied, printed, saved as PDF). */
const documentRules = {
  setPatientLanguage: (input) => (outcome) => [{ action: 'patient-changed', item: { kind: 'patient', id: input.id }, patientId: input.id, outcome: outcomeOf(outcome), detail: { what: 'the language they read' } }],
  requestDocument: (input, look) => {
    const patientId = look.dictationPatient(input.dictationId);
    return (outcome) => [
      {
        action: 'document-requested',
        item: outcome.ok ? { kind: 'document', id: outcome.value.id } : { kind: 'dictation', id: input.dictationId },
        patientId,
        outcome: outcomeOf(outcome),
        detail: { what: input.forPatient ? 'handout in the patient’s language' : 'document', how: 'by the page' },
      },
    ];
  },
  openDocument: onDocument('document-viewed', (outcome) => (outcome.ok && outcome.value.text === null ? null : { what: 'document' })),
  deleteDocument: onDocument('deleted', () => ({ what: 'document', how: 'by hand' })),
  setDocumentReviewed: (input, look) => onDocument<'setDocumentReviewed'>(input.reviewed ? 'document-marked-reviewed' : 'document-review-removed')(input, look),
  copyDocument: onDocument('copied', () => ({ what: 'document', how: 'by the page' })),
  printDocument: onDocument('printed', (outcome) => (outcome.ok && !outcome.value ? null : { what: 'document' })),
  saveDocumentPdf: onDocument('exported', (outcome) => unlessCancelled('document (PDF)')(outcome)),
  // The list says which documents exist and their state, as the dictations' list does; Retry sends what was asked for again (the outbox writes it as sent).
  listDocumentTemplates: null,
  listDocuments: null,
  retryDocument: null,
  // Which document the page shows: it was written as opened when the page read it (openDocument).
  showingDocument: null,
} satisfies Partial<OperationAudit>;

/** Every operation: what it writes in the trail, or null when it touches no patient data. */
export const OPERATION_AUDIT: OperationAudit = {
  getSettings: null,
  updateSettings: null,
  setSecret: null,
  signIn: null,
  signInAgain: null,
  listMicrophones: null,
  getStatus: null,
  getTranscriptionChoices: null,
  getRecorder: null,
  setRecordingDraft: null,
  // A recording is recorded as made by the session itself, however it was started (the button or the shortcut).
  startRecording: null,
  pauseRecording: null,
  resumeRecording: null,
  stopRecording: null,
  listDictations: null,
  retryDictation: null,
  cancelDictation: null,
  // Which dictation the page shows: its note was recorded as viewed when the page read it (getDictation).
  showingDictation: null,
  // Likewise a lab report: its result was recorded as viewed when the page read it (getLabReportResult).
  showingLabReport: null,
  // The words of the recording under way, shown to the doctor who speaks them; the recording is recorded as made.
  getLiveWords: null,
  // The microphone made ready, the question put away, the call's offer dismissed: nothing is kept or shown.
  prepareRecording: null,
  cancelRecordingQuestion: null,
  dismissCallOffer: null,
  // The notices read to the patient: the clinic's text, no patient's.
  getConsentNotices: null,
  // The visit over: no patient is chosen; nothing of a patient is read.
  endVisit: null,
  // The questions name patients as the patient list does; what is sent for good is written as it goes (sent, linked, refused).
  getHealthRecordQuestions: null,
  askHealthRecordAgain: null,
  linkAgain: null,
  useSandboxDespitePolicy: () => (outcome) => [{ action: 'policy-overridden', outcome: outcomeOf(outcome) }],
  listPatients: null,
  pickLabReportFiles: null,
  stageLabReportFiles: null,
  dismissStagedFile: null,
  listLabReports: null,
  retryLabReport: null,
  // Asked as the address is typed; what is sent for good is createAbhaAddress.
  checkAbhaAddress: null,
  resetRegistration: null,
  getUpdateStatus: null,
  checkForUpdates: null,
  restartToUpdate: null,
  takeReloadNotice: null,
  sandboxNoticeHidden: null,
  hideSandboxNotice: null,
  // The doctor reads their own entries: patients by pseudonym only.
  getAuditActivity: null,
  ...dictationRules,
  ...patientRules,
  ...labReportRules,
  ...registrationRules,
  ...documentRules,
};

/** The handlers, each with its rule around it: its entries written once its outcome is known, refused ones too. */
export function auditedHandlers(handlers: OperationHandlers, writer: AuditWriter, look: AuditLookups, kindOf: (error: unknown) => ErrorKind): OperationHandlers {
  const wrapped: Partial<Record<OperationName, OperationHandler<OperationName>>> = {};
  for (const name of Object.keys(handlers) as OperationName[]) {
    const rule = OPERATION_AUDIT[name] as Rule<OperationName> | null;
    const handler = handlers[name] as OperationHandler<OperationName>;
    if (!rule) {
      wrapped[name] = handler;
      continue;
    }
    wrapped[name] = async (input) => {
      const after = rule(input, look);
      let outcome: Outcome<OperationName>;
      try {
        const value = await handler(input);
        outcome = { ok: true, value };
      } catch (error) {
        for (const event of after({ ok: false, kind: kindOf(error) })) writer.record(event);
        throw error;
      }
      for (const event of after(outcome)) writer.record(event);
      return outcome.value;
    };
  }
  return wrapped as OperationHandlers;
}
