/**
 * The page's dictation operations: the recorder, the list, a dictation's detail, its note
 * (corrections, review, copy, export) and its label. What may leave the app is decided in
 * dictation-notes.ts; this only answers the bridge.
 */
import { FINISHED_STATES, type DictationDetail } from '../../contract/dictation';
import { exportStem } from '../../contract/export-name';
import { TEST_DATA_FILE_SUFFIX } from '../../contract/test-data';
import { isoNow, type Clock } from '../core/clock';
import { refuse } from '../core/refusal';
import type { OperationHandlers } from '../../contract/operation-handlers';
import type { SettingsService } from '../settings/settings-service';
import { summaryOf, type DictationManifest } from '../dictations/dictation-manifest';
import { ownerOf, type CopyPath, type CopyRequest } from '../clipboard/copy-path';
import { deletionRequest, recordIds } from '../../contract/withdrawal';
import { serviceRecordsOf } from '../dictation-sending/service-records';
import { NOT_REVIEWED, leavingMedicines, noteCopy, noteOf, noteRefusal, chapterCopy, transcriptCopy, type PatientOf } from '../note-leaving/dictation-notes';
import type { HeadingPatient } from '../../contract/copy-heading';
import type { ConsentNotices } from '../../contract/consent';
import { contradictionsLine, prescriptionContradictions, reviewQuestion } from '../../contract/prescription-check';
import { LEAVE_ANYWAY, otherPatientRefusal } from '../../contract/visit-rules';
import type { DictationStore } from '../dictations/dictation-store';
import { correctionToKeep } from '../dictations/note-corrections';
import { noteExport } from '../note-leaving/note-export';
import { withConsent } from '../consent/consent-resource';
import type { RecordingControl } from '../dictation-recording/recording-control';
import type { NoteContradictions } from '../note-leaving/note-contradictions';

export type DictationHandlers = Pick<
  OperationHandlers,
  | 'listMicrophones'
  | 'getRecorder'
  | 'startRecording'
  | 'pauseRecording'
  | 'resumeRecording'
  | 'stopRecording'
  | 'discardRecording'
  | 'dismissCallOffer'
  | 'listDictations'
  | 'getDictation'
  | 'retryDictation'
  | 'cancelDictation'
  | 'deleteDictation'
  | 'exportOutput'
  | 'copyNote'
  | 'copyNoteChapter'
  | 'copyTranscript'
  | 'setRecordingDraft'
  | 'exportNote'
  | 'showingDictation'
  | 'renameDictation'
  | 'saveNoteCorrection'
  | 'undoNoteCorrections'
  | 'setNoteReviewed'
  | 'setDictationPatient'
  | 'getConsentNotices'
  | 'prepareRecording'
  | 'cancelRecordingQuestion'
  | 'declineConsent'
  | 'haltConsultation'
  | 'resumeConsultation'
  | 'withdrawConsent'
>;

export interface DictationBridgeDeps {
  store: DictationStore;
  /** How dictations are sent (main/dictation-sending): each one's upload progress, and Retry, Cancel and Delete routed to the way it goes. */
  outbox: { progressOf(id: string): number | null; retry(id: string): void; cancel(id: string): void; remove(id: string): void; halt(id: string): void; resume(id: string): void };
  control: RecordingControl;
  copies: CopyPath;
  settings: Pick<SettingsService, 'current'>;
  /** Saves a JSON export where the user chooses (`title`: what the dialog says is exported); the path, or null when cancelled. */
  saveJson(defaultName: string, json: string, title: string): Promise<string | null>;
  /** Tells the log (events only, never patient data). */
  log: { info(event: string): void; warn(event: string): void };
  /** The page says which dictation it shows (null: none); the copy shortcut takes that one. */
  showing(id: string | null): void;
  /** The patient a dictation is for, as notes are headed with them. */
  patientOf: PatientOf;
  /** The visit's patient: a note leaves only as theirs (or by a deliberate "anyway"), and its leaving ends their visit. */
  visit: VisitOfNotes;
  /** The consent notices and how consent is had (the administrator's policy). */
  consentNotices(): ConsentNotices;
  /** When a note was corrected or reviewed, and the day a withdrawal's request to the service gives. */
  clock: Pick<Clock, 'now'>;
  /** How many medicines of a dictation's note contradict themselves, as its summary says (the list: as far as counted yet). */
  contradictions: Pick<NoteContradictions, 'of' | 'known'>;
}

export interface VisitOfNotes {
  chosen(): (HeadingPatient & { id: string }) | null;
  noteLeft(patientId: string | null): void;
}

/** A dictation's lookups the handlers share: it, its summary and detail for the page, its finished outputs, its correction. */
function dictationLookups({ store, outbox, contradictions }: DictationBridgeDeps) {
  const summaryFor = (manifest: DictationManifest) => summaryOf(manifest, outbox.progressOf(manifest.id), contradictions.of(manifest));

  const existing = (id: string): DictationManifest => {
    const manifest = store.get(id);
    if (!manifest) refuse('not-found', 'This dictation no longer exists.');
    return manifest;
  };

  const detailOf = (id: string): DictationDetail => {
    const manifest = existing(id);
    return {
      ...summaryFor(manifest),
      result: store.readResult(id),
      correction: store.readCorrection(id),
      audioUrl: manifest.state === 'recording' || manifest.audioDeletedAt ? null : `app://scribe/recordings/${id}.wav`,
    };
  };

  /** The finished result a note is made of, for an edit or a review; refused while there is none. */
  const finishedOutputs = (id: string) => {
    const manifest = existing(id);
    const result = store.readResult(id);
    if (!FINISHED_STATES.has(manifest.state) || !result || !('outputs' in result)) refuse('refused', 'This dictation has no finished result to correct or review yet.');
    return result.outputs;
  };

  const correctionOf = (id: string) => {
    const correction = store.readCorrection(id);
    return correction && 'parts' in correction ? correction : null;
  };

  return { existing, summaryFor, detailOf, finishedOutputs, correctionOf };
}

type Lookups = ReturnType<typeof dictationLookups>;

/** The recorder: its microphones, its status, and Record, Pause, Resume, Stop, Discard and the draft. */
function recorderHandlers({ control, log }: DictationBridgeDeps) {
  return {
    listMicrophones: async () => {
      try {
        return await control.recorder.listDevices();
      } catch (error) {
        log.warn(`microphones: ${(error as Error).message}`);
        refuse('unexpected', 'The microphones could not be listed. Check that a microphone is connected, then open Settings again.');
      }
    },
    getRecorder: () => control.status(),
    startRecording: (input) => control.start(input ?? null),
    pauseRecording: () => control.pause(),
    resumeRecording: () => control.resume(),
    stopRecording: () => control.stop(),
    discardRecording: () => control.discard(),
    dismissCallOffer: () => control.dismissCallOffer(),
    setRecordingDraft: (input) => control.setDraft(input),
  } satisfies Pick<DictationHandlers, 'listMicrophones' | 'getRecorder' | 'startRecording' | 'pauseRecording' | 'resumeRecording' | 'stopRecording' | 'discardRecording' | 'dismissCallOffer' | 'setRecordingDraft'>;
}

/**
 * A consultation's consent: the notices to read, an answer of no (nothing is kept but the trail),
 * and consent withdrawn: at the press everything of it stops (halt); then it is destroyed, or,
 * should the patient not withdraw after all, goes on (resume).
 */
function consentHandlers({ store, outbox, control, log, consentNotices, copies, clock }: DictationBridgeDeps, { existing }: Lookups) {
  const consultation = (id: string) => {
    const manifest = existing(id);
    if (manifest.mode !== 'consultation') refuse('refused', 'Only a consultation is recorded with the patient’s consent.');
    return manifest;
  };
  return {
    getConsentNotices: () => consentNotices(),
    prepareRecording: () => control.prepare(),
    cancelRecordingQuestion: () => control.unprepare(),
    declineConsent: () => {
      control.unprepare();
      log.info('consent: the patient declined; nothing was recorded');
    },
    haltConsultation: ({ id }) => {
      consultation(id);
      control.halt(id);
      outbox.halt(id);
      log.info('consent: withdrawal pressed; the consultation stopped, nothing more of it is sent');
    },
    resumeConsultation: ({ id }) => {
      consultation(id);
      outbox.resume(id);
      control.resumeHalted(id);
      log.info('consent: not withdrawn after all; the consultation goes on');
    },
    withdrawConsent: async ({ id }) => {
      const manifest = consultation(id);
      // Nothing more goes while it is destroyed; what is on its way is aborted.
      outbox.halt(id);
      // Kept for the doctor to pass on: the service deletes what it received by these. A request issued counts, answered or not.
      const records = serviceRecordsOf(store.get(id) ?? manifest);
      const reachedService = recordIds(records).length > 0;
      if (control.status().dictationId === id) await control.discard();
      // Destroys the keys first: every copy of its files is then unreadable. The session is never ended.
      if (store.get(id)) outbox.remove(id);
      await copies.consentWithdrawn(ownerOf(manifest));
      log.info(`consent: withdrawn; the consultation was destroyed${reachedService ? ' (requests about it had reached the service)' : ''}`);
      return { reachedService, records, request: deletionRequest(records, isoNow(clock).slice(0, 10)) };
    },
  } satisfies Pick<DictationHandlers, 'getConsentNotices' | 'prepareRecording' | 'cancelRecordingQuestion' | 'declineConsent' | 'haltConsultation' | 'resumeConsultation' | 'withdrawConsent'>;
}

/** The list and a dictation in it: its detail, Retry, Cancel, Delete, which one is shown, its patient and label. */
function listHandlers({ store, outbox, control, log, showing, patientOf, contradictions }: DictationBridgeDeps, { existing, summaryFor, detailOf }: Lookups) {
  return {
    // Notes not counted yet are told as they are (NoteContradictions.countAll): the list never waits to read them all.
    // Asked with Record's state at start-up: it waits for the folders read in slices after Record's answer, not before it.
    listDictations: async () => {
      await store.whenLoaded();
      return store.list().map((manifest) => summaryOf(manifest, outbox.progressOf(manifest.id), contradictions.known(manifest) ?? 0));
    },
    getDictation: ({ id }) => detailOf(id),
    retryDictation: ({ id }) => outbox.retry(id),
    cancelDictation: ({ id }) => outbox.cancel(id),
    deleteDictation: ({ id }) => {
      if (control.status().dictationId === id) refuse('busy', 'This dictation is being recorded. Stop or discard it first.');
      outbox.remove(id);
    },
    showingDictation: ({ id }) => showing(id),
    setDictationPatient: ({ id, patientId }) => {
      if (existing(id).state === 'recording') refuse('busy', 'This dictation is being recorded. Stop it first, then change its patient.');
      if (patientId !== null && !patientOf(patientId)) refuse('not-found', 'This patient is no longer on this computer.');
      log.info('dictation: its patient was changed');
      return summaryFor(store.setPatient(id, patientId));
    },
    renameDictation: ({ id, label }) => {
      if (existing(id).state === 'recording') refuse('busy', 'This dictation is being recorded. Stop it first, then change its label.');
      return summaryFor(store.rename(id, label.trim()));
    },
  } satisfies Pick<
    DictationHandlers,
    'listDictations' | 'getDictation' | 'retryDictation' | 'cancelDictation' | 'deleteDictation' | 'showingDictation' | 'setDictationPatient' | 'renameDictation'
  >;
}

/** The doctor's work on a note: corrections saved and undone, and the review mark. */
function noteHandlers({ store, log, patientOf, clock }: DictationBridgeDeps, { existing, detailOf, finishedOutputs, correctionOf }: Lookups) {
  return {
    saveNoteCorrection: ({ id, parts }) => {
      const outputs = finishedOutputs(id);
      const earlier = correctionOf(id);
      const outcome = correctionToKeep(outputs, earlier, parts, new Date(clock.now()));
      if (!outcome.ok) refuse('refused', outcome.problem);
      if (outcome.correction !== earlier) store.saveCorrection(id, outcome.correction);
      log.info('note: a correction was saved');
      return detailOf(id);
    },
    undoNoteCorrections: ({ id }) => {
      existing(id);
      store.saveCorrection(id, null);
      log.info('note: corrections undone');
      return detailOf(id);
    },
    setNoteReviewed: ({ id, reviewed, anyway }) => {
      finishedOutputs(id);
      if (reviewed && !noteOf(store, id, patientOf)) refuse('refused', 'This dictation has no note to review.');
      // The mark says the doctor checked the note: a prescription that contradicts itself is marked only by a second, deliberate click.
      const contradictions = reviewed && !anyway ? prescriptionContradictions(leavingMedicines(store, existing(id), false)) : [];
      if (contradictions.length > 0) refuse('needs-confirmation', reviewQuestion(contradictions));
      store.update(id, { reviewedAt: reviewed ? isoNow(clock) : null });
      return detailOf(id);
    },
  } satisfies Pick<DictationHandlers, 'saveNoteCorrection' | 'undoNoteCorrections' | 'setNoteReviewed'>;
}

/**
 * What must be let out by a deliberate "anyway": a note of another patient than the visit's, a
 * prescription that contradicts itself. The refusal takes the app's earlier copy off the clipboard, as any refused copy does.
 */
function leavingChecks({ store, copies, patientOf, visit }: DictationBridgeDeps) {
  return async (manifest: DictationManifest, options: { anyway?: boolean | undefined; done: 'copied' | 'exported'; original?: boolean; medicines?: boolean }) => {
    if (options.anyway) return;
    const whose = otherPatientRefusal({ patientId: manifest.patientId, patient: patientOf(manifest.patientId) }, visit.chosen(), 'note', options.done);
    const contradictions = options.medicines === false ? [] : prescriptionContradictions(leavingMedicines(store, manifest, options.original === true));
    const problem = whose ?? (contradictions.length > 0 ? `${contradictionsLine(contradictions)} Nothing was ${options.done}. Correct the note, or press “${LEAVE_ANYWAY[options.done]}” if you mean it.` : null);
    if (!problem) return;
    if (options.done === 'copied') await copies.copy({ refused: problem });
    refuse('needs-confirmation', problem);
  };
}

/** The note leaving the app: exported to a file, or copied through the one copy path. */
function leavingHandlers(deps: DictationBridgeDeps, { existing, correctionOf }: Lookups) {
  const { store, copies, settings, saveJson, patientOf, visit } = deps;
  const requireReview = () => settings.current().requireReview;
  const check = leavingChecks(deps);

  /** Through the one copy path; refused (with the earlier copy taken off the clipboard) as the page is told. Its leaving ends the visit. */
  const copy = async (request: CopyRequest, manifest: DictationManifest): Promise<void> => {
    const outcome = await copies.copy(request);
    if (!outcome.copied) refuse('refused', outcome.reason);
    visit.noteLeft(manifest.patientId);
  };

  return {
    exportOutput: async ({ id, templateId, anyway }) => {
      const manifest = existing(id);
      if (requireReview() && manifest.reviewedAt === null) refuse('refused', NOT_REVIEWED);
      await check(manifest, { anyway, done: 'exported', medicines: false });
      const result = store.readResult(id);
      const output = result && 'outputs' in result ? result.outputs.find((item) => item.templateId === templateId) : undefined;
      if (!output || (output.content.kind !== 'fhir' && output.content.kind !== 'json' && output.content.kind !== 'prescription')) {
        refuse('not-found', 'There is no JSON output to export for this template.');
      }
      // The service's JSON as it came (checked again when read back), never the doctor's corrections: named so.
      const what = output.content.kind === 'fhir' ? 'fhir' : templateId.replace(/[^A-Za-z0-9_-]+/g, '-');
      const name = `${exportStem(manifest.label, manifest.createdAt, 'dictation')}-${what}-service-original${manifest.testData ? TEST_DATA_FILE_SUFFIX : ''}.json`;
      // A consultation's FHIR carries its consent beside the service's resources.
      const json = output.content.kind === 'fhir' && manifest.consent ? withConsent(output.content.json, manifest.consent) : output.content.json;
      const saved = await saveJson(name, json, "Export the service's original (without your corrections)");
      if (saved) visit.noteLeft(manifest.patientId);
      return saved;
    },
    exportNote: async ({ id, anyway }) => {
      const manifest = existing(id);
      const refusal = noteRefusal(store, manifest, requireReview(), patientOf);
      if (refusal) refuse('refused', refusal);
      await check(manifest, { anyway, done: 'exported' });
      const exported = noteExport({ header: { ...manifest, patient: patientOf(manifest.patientId) }, result: store.readResult(id), correction: correctionOf(id), reviewedAt: manifest.reviewedAt });
      if (!exported) refuse('not-found', 'This dictation has no note to export.');
      const saved = await saveJson(exported.fileName, exported.json, 'Export the note (with your corrections)');
      if (saved) visit.noteLeft(manifest.patientId);
      return saved;
    },
    copyNote: async ({ id, original, anyway }) => {
      const manifest = existing(id);
      const { request, version } = noteCopy(store, manifest, original === true, patientOf);
      if (!('refused' in request)) await check(manifest, { anyway, done: 'copied', original: original === true });
      await copy(request, manifest);
      return { version };
    },
    copyNoteChapter: async ({ id, templateId, form, original, anyway }) => {
      const manifest = existing(id);
      const request = chapterCopy(store, manifest, { templateId, form, original: original === true }, patientOf);
      if (!('refused' in request)) await check(manifest, { anyway, done: 'copied', original: original === true, medicines: form === 'text' });
      await copy(request, manifest);
    },
    copyTranscript: async ({ id, anyway }) => {
      const manifest = existing(id);
      const request = transcriptCopy(store, manifest, patientOf);
      if (!('refused' in request)) await check(manifest, { anyway, done: 'copied', medicines: false });
      await copy(request, manifest);
    },
  } satisfies Pick<DictationHandlers, 'exportOutput' | 'exportNote' | 'copyNote' | 'copyNoteChapter' | 'copyTranscript'>;
}

export function dictationHandlers(deps: DictationBridgeDeps): DictationHandlers {
  const lookups = dictationLookups(deps);
  return { ...recorderHandlers(deps), ...consentHandlers(deps, lookups), ...listHandlers(deps, lookups), ...noteHandlers(deps, lookups), ...leavingHandlers(deps, lookups) };
}
