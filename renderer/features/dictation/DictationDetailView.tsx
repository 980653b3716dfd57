/**
 * The dictation chosen in the list: its label, patient, consent, progress to its result, the
 * result itself, its actions and the documents made from it; or what to do when none is chosen.
 */
import { PatientText } from '../../components/PatientText';
import { useEffect, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { consentLine } from '../../../contract/consent';
import { FINISHED_STATES, MODE_NAMES, NO_PATIENT, STATE_LABELS, askedForLine, type DictationDetail, type DictationState, type RecorderStatus } from '../../../contract/dictation';
import { LABEL_MAX_CHARS } from '../../../contract/limits';
import { languageName } from '../../../contract/language-name';
import { patientLine, type Patient } from '../../../contract/patients';
import { AudioPlayer } from '../../components/AudioPlayer';
import { ConfirmButton } from '../../components/ConfirmButton';
import { Contained } from '../../components/Contained';
import { TestDataBadge } from '../../components/TestDataMark';
import { formatDateTime, formatTime, lengthText } from './format';
import { DetailActions } from './DetailActions';
import { ResultView } from './ResultView';
import { useDictationStore, usePatientsStore, useTranscriptionChoicesStore } from '../../app/stores';
import { whoseLine } from '../patients/ListScope';
import { patientById, visitPatient } from '../patients/patients-store';
import { selectedDetail } from './dictation-store';
import { DocumentsPanel } from '../visit-documents/DocumentsPanel';

const STEPS = ['Saved', 'Uploading', 'Processing', 'Result'] as const;
const STEP_OF: Partial<Record<DictationState, number>> = { recorded: 0, uploading: 1, processing: 2, completed: 3, partial: 3 };

/** Where a dictation is on its way from this computer to its result. */
function SyncSteps({ state }: { state: DictationState }) {
  const current = STEP_OF[state];
  if (current === undefined) return null;
  return (
    <ol className="sync-steps" aria-label="Progress of this dictation" data-testid="sync-steps">
      {STEPS.map((step, index) => {
        const done = index < current;
        return (
          <li key={step} className={done ? 'done' : index === current ? 'current' : ''} data-mark={done ? '✓' : undefined} aria-current={index === current ? 'step' : undefined}>
            {step}
          </li>
        );
      })}
    </ol>
  );
}

/** "Asked for: Hindi · Prescription + Clinical notes" (a dictation sent in parts); nothing for the voice upload. */
function AskedFor({ detail }: { detail: DictationDetail }) {
  const templates = useTranscriptionChoicesStore((state) => state.choices?.templates);
  if (!detail.askedFor) return null;
  return (
    <p className="meta asked-for" data-testid="asked-for">
      {askedForLine(detail.askedFor, languageName, (id) => templates?.find((template) => template.id === id)?.title)}
    </p>
  );
}

/**
 * Said when the dictation is not the visit patient's: whose it is, and, after a slip, a way to put
 * it under the patient of this visit (chosen in one place, above).
 */
function OtherPatient({ detail }: { detail: DictationDetail }) {
  const view = usePatientsStore((state) => state.view);
  const [problem, setProblem] = useState<string | null>(null);
  const chosen = visitPatient(view);
  if (detail.patientId !== null && detail.patientId === view.visitPatientId) return null;
  const owner = patientById(view, detail.patientId);
  const whose = owner ? `This dictation is for ${patientLine(owner)}` : 'This dictation has no patient';
  const move = async () => {
    if (!chosen) return;
    const error = await useDictationStore.getState().setPatient(detail.id, chosen.id);
    setProblem(error?.message ?? null);
  };
  return (
    <div className="banner warning other-patient" role="note" data-testid="other-patient">
      <span>
        <PatientText text={`${whose}; ${chosen ? `the patient of this visit is ${patientLine(chosen)}.` : 'no patient is chosen for this visit.'} Its note is copied only by a deliberate “Copy anyway”.`} />
      </span>
      {chosen && detail.state !== 'recording' ? (
        <ConfirmButton label="Move to this visit’s patient" question={`Put this dictation under ${patientLine(chosen)}?`} confirmLabel="Move it" onConfirm={() => void move()} />
      ) : null}
      {problem ? (
        <span className="field-error" role="alert">
          {problem}
        </span>
      ) : null}
    </div>
  );
}

/** A consultation's consent ("Patient consented at 10:42, Hindi notice"), and the patient taking it back. */
function Consent({ detail }: { detail: DictationDetail }) {
  if (detail.mode !== 'consultation') return null;
  return (
    <div className="consent-line" data-testid="consent">
      <span>{detail.consent ? consentLine(detail.consent, formatTime) : 'No consent is kept with this consultation.'}</span>
      {detail.state !== 'recording' ? (
        <ConfirmButton
          label="Patient withdraws consent"
          question="Nothing more of it is sent. Destroy this consultation: its recording, its parts and its result, for good?"
          confirmLabel="Destroy it"
          keepLabel="Keep it: the patient agrees"
          askingAtFirst={detail.haltedAt !== null}
          onAsk={() => void useDictationStore.getState().haltConsultation(detail.id)}
          onKeep={() => void useDictationStore.getState().resumeConsultation(detail.id)}
          onConfirm={() => void useDictationStore.getState().withdrawConsent(detail.id)}
        />
      ) : null}
    </div>
  );
}

/** The label as a heading, and a way to change it. */
function LabelHeading({ detail }: { detail: DictationDetail }) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(detail.label);
  const [problem, setProblem] = useState<string | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  useEffect(() => {
    if (wasEditing.current && !editing) button.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  const { rename } = useDictationStore.getState();
  const patients = usePatientsStore((state) => state.view.patients);
  if (!editing) {
    return (
      <>
        <h2>
          <PatientText text={whoseLine(patients, detail, NO_PATIENT)} />
        </h2>
        {detail.state !== 'recording' ? (
          <button
            ref={button}
            type="button"
            className="link"
            onClick={() => {
              setValue(detail.label);
              setProblem(null);
              setEditing(true);
            }}
          >
            Change label
          </button>
        ) : null}
      </>
    );
  }
  const save = async () => {
    const error = await rename(detail.id, value);
    if (error) setProblem(error.message);
    else setEditing(false);
  };
  return (
    <form
      className="label-form"
      aria-label="Change the label"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <label htmlFor="dictation-label" className="visually-hidden">
        Label
      </label>
      <input
        id="dictation-label"
        type="text"
        autoFocus
        maxLength={LABEL_MAX_CHARS}
        autoComplete="off"
        value={value}
        aria-invalid={problem !== null}
        aria-describedby={problem ? 'dictation-label-problem' : undefined}
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setEditing(false);
        }}
      />
      <button type="submit" className="primary">
        Save label
      </button>
      <button type="button" onClick={() => setEditing(false)}>
        Cancel
      </button>
      {problem ? (
        <p id="dictation-label-problem" className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
    </form>
  );
}

/** What the empty view says: the recording under way, for whom the next one is, or what to choose. */
function emptyLine(recorder: Pick<RecorderStatus, 'state' | 'patientId' | 'mode'>, chosen: Patient | null): string {
  if (recorder.state !== 'idle') {
    // The patient is named only when the recording is theirs: never a name beside another patient's recording.
    const whose = chosen && recorder.patientId === chosen.id ? ` for ${patientLine(chosen)}` : '';
    if (recorder.state === 'stopping') return `Saving the recording${whose}: it opens here in a moment.`;
    if (recorder.state === 'halted') return `Stopped${whose} while the patient withdraws consent: nothing more is recorded or sent. Answer above.`;
    return `Recording${whose}. This ${recorder.mode} opens here when you press Stop.`;
  }
  return chosen ? `No dictation of ${patientLine(chosen)} is open. Press Record, or choose one in the list.` : 'Choose the patient of this visit, or a dictation in the list.';
}

/** No dictation in view: the recording under way or for whom the next one is, and what the last action said (a consultation withdrawn). */
function EmptyDetail() {
  const notice = useDictationStore((state) => state.notice);
  const recorder = useDictationStore(useShallow((state) => ({ state: state.recorder.state, patientId: state.recorder.patientId, mode: state.recorder.mode })));
  const chosen = usePatientsStore((state) => visitPatient(state.view));
  return (
    <section className="dictation-detail empty-detail" aria-label="Dictation details">
      {notice ? (
        <p className={notice.error ? 'banner error' : 'banner info'} role="status" data-testid="detail-notice">
          {notice.text}
        </p>
      ) : null}
      {notice?.request ? (
        <pre className="service-request" tabIndex={0} aria-label="Request to send the transcription service" data-testid="withdrawal-request">
          {notice.request}
        </pre>
      ) : null}
      <p>
        <PatientText text={emptyLine(recorder, chosen)} />
      </p>
    </section>
  );
}

export function DictationDetailView() {
  const { items, selectedId, selected } = useDictationStore(useShallow((state) => ({ items: state.items, selectedId: state.selectedId, selected: state.selected })));
  const detail = selectedDetail({ items, selectedId, selected });
  const { remove } = useDictationStore.getState();
  const [editingNote, setEditingNote] = useState(false);
  /** The dictation whose service's original is shown in place of the doctor's correction (Copy note takes what is shown). */
  const [originalOf, setOriginalOf] = useState<string | null>(null);
  if (!detail) return <EmptyDetail />;
  const waitingRetry = (detail.state === 'recorded' || detail.state === 'processing') && detail.nextAttemptAt !== null;
  const original = originalOf === detail.id && detail.correction !== null && 'parts' in detail.correction;
  return (
    <section className="dictation-detail" aria-label="Dictation details" tabIndex={-1} data-patient-data={`${original ? 'note-original' : 'note'}:${detail.id}`}>
      <header>
        <LabelHeading key={detail.id} detail={detail} />
        <span className={`state-badge state-${detail.state}`} data-testid="detail-state">
          {STATE_LABELS[detail.state]}
        </span>
        {detail.testData ? <TestDataBadge /> : null}
        {detail.recovered ? <span className="state-badge recovered">Recovered</span> : null}
      </header>
      <p className="meta">
        {formatDateTime(detail.createdAt)}
        {lengthText(detail)} · {MODE_NAMES[detail.mode]}
      </p>
      <Contained failure="The dictation's actions are not available." advice="Each part of the note can still be copied on its own." resetKeys={[detail]}>
        <DetailActions detail={detail} original={original} editing={editingNote} />
      </Contained>
      <OtherPatient key={`other-${detail.id}`} detail={detail} />
      <Consent key={`consent-${detail.id}`} detail={detail} />
      <AskedFor detail={detail} />
      {/* Once finished, the state badge says it all: the steps make room for the note. */}
      {FINISHED_STATES.has(detail.state) ? null : <SyncSteps state={detail.state} />}
      {detail.state === 'uploading' ? (
        <progress className="upload-progress" max={1} value={detail.uploadProgress ?? 0} aria-label="Upload progress" />
      ) : null}
      {detail.problem ? (
        <p className={`banner ${detail.state === 'failed' ? 'error' : 'warning'}`} data-testid="detail-problem">
          {detail.problem}
          {waitingRetry && detail.nextAttemptAt ? ` Next try at ${formatTime(detail.nextAttemptAt)}.` : ''}
        </p>
      ) : null}
      {detail.result ? (
        <Contained failure="The result could not be shown." advice="Nothing is lost; choose the dictation again." resetKeys={[detail.id, detail.result]}>
          <ResultView
            key={detail.id}
            detail={detail}
            original={original}
            onOriginalChange={(shown) => setOriginalOf(shown ? detail.id : null)}
            onEditingChange={setEditingNote}
          />
        </Contained>
      ) : null}
      {editingNote ? null : (
        <Contained failure="The documents from this recording could not be shown." advice="The note above is not affected." resetKeys={[detail.id]}>
          <DocumentsPanel key={detail.id} detail={detail} />
        </Contained>
      )}
      {editingNote ? null : (
        <div className="detail-actions" role="group" aria-label="Dictation">
          {detail.audioUrl ? (
            <AudioPlayer key={detail.audioUrl} src={detail.audioUrl} label="the recording" />
          ) : selected?.id === detail.id && detail.state !== 'recording' ? (
            <p className="hint">The recording was deleted under the retention setting; the result is kept.</p>
          ) : null}
          <ConfirmButton
            label="Delete"
            question="Delete this dictation and its recording from this computer?"
            confirmLabel="Delete permanently"
            disabled={detail.state === 'recording'}
            onConfirm={() => void remove(detail.id)}
          />
        </div>
      )}
    </section>
  );
}
