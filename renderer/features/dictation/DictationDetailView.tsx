import { useEffect, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { FINISHED_STATES, MODE_NAMES, STATE_LABELS, UNTITLED, askedForLine, type DictationDetail, type DictationState } from '../../../contract/dictation';
import { LABEL_MAX_CHARS } from '../../../contract/limits';
import { ConfirmButton } from '../../components/ConfirmButton';
import { Contained } from '../../components/Contained';
import { TestDataBadge } from '../../components/TestDataMark';
import { formatDateTime, formatDuration, formatTime } from './format';
import { DetailActions } from './DetailActions';
import { ResultView } from './ResultView';
import { useDictationStore, usePatientsStore, useTranscriptionChoicesStore } from '../../app/stores';
import { patientLine } from '../../../contract/patients';
import { selectedDetail } from './dictation-store';

const STEPS = ['Saved', 'Uploading', 'Processing', 'Result'] as const;
const STEP_OF: Partial<Record<DictationState, number>> = { recorded: 0, uploading: 1, processing: 2, completed: 3, partial: 3 };

/** Where a dictation is on its way from this computer to its result. */
function SyncSteps({ state }: { state: DictationState }) {
  const current = STEP_OF[state];
  if (current === undefined) return null;
  return (
    <ol className="sync-steps" aria-label="Progress of this dictation" data-testid="sync-steps">
      {STEPS.map((step, index) => (
        <li key={step} className={index < current ? 'done' : index === current ? 'current' : ''} aria-current={index === current ? 'step' : undefined}>
          {step}
        </li>
      ))}
    </ol>
  );
}

const LANGUAGE_NAMES = new Intl.DisplayNames(['en'], { type: 'language' });

/** "Asked for: Hindi · Prescription + Clinical notes" (a dictation sent in parts); nothing for the voice upload. */
function AskedFor({ detail }: { detail: DictationDetail }) {
  const templates = useTranscriptionChoicesStore((state) => state.choices?.templates);
  if (!detail.askedFor) return null;
  const languageName = (code: string) => {
    try {
      return LANGUAGE_NAMES.of(code) ?? code;
    } catch {
      return code;
    }
  };
  return (
    <p className="meta asked-for" data-testid="asked-for">
      {askedForLine(detail.askedFor, languageName, (id) => templates?.find((template) => template.id === id)?.title)}
    </p>
  );
}

/** Whom the dictation is for, and a way to put it under another patient (the right one, after a slip). */
function DictationPatient({ detail }: { detail: DictationDetail }) {
  const patients = usePatientsStore((state) => state.view.patients);
  const [problem, setProblem] = useState<string | null>(null);
  if (patients.length === 0 && detail.patientId === null) return null;
  const change = async (value: string) => {
    const error = await useDictationStore.getState().setPatient(detail.id, value === '' ? null : value);
    setProblem(error?.message ?? null);
  };
  return (
    <div className="field inline dictation-patient">
      <label htmlFor="dictation-patient">Patient</label>
      <select id="dictation-patient" value={detail.patientId ?? ''} disabled={detail.state === 'recording'} onChange={(event) => void change(event.target.value)}>
        <option value="">No patient chosen</option>
        {patients.map((patient) => (
          <option key={patient.id} value={patient.id}>
            {patientLine(patient)}
          </option>
        ))}
      </select>
      {problem ? (
        <span className="field-error" role="alert">
          {problem}
        </span>
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
  if (!editing) {
    return (
      <>
        <h2>{detail.label || UNTITLED}</h2>
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
        Patient or visit
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

export function DictationDetailView() {
  const { items, selectedId, selected } = useDictationStore(useShallow((state) => ({ items: state.items, selectedId: state.selectedId, selected: state.selected })));
  const detail = selectedDetail({ items, selectedId, selected });
  const { remove } = useDictationStore.getState();
  const [editingNote, setEditingNote] = useState(false);
  /** The dictation whose service's original is shown in place of the doctor's correction (Copy note takes what is shown). */
  const [originalOf, setOriginalOf] = useState<string | null>(null);
  if (!detail) return <section className="dictation-detail empty-detail">Select a dictation to see its status and result.</section>;
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
        {formatDateTime(detail.createdAt)} · {formatDuration(detail.durationMs)} · {MODE_NAMES[detail.mode]}
      </p>
      <Contained failure="The dictation's actions are not available." advice="Each part of the note can still be copied on its own." resetKeys={[detail]}>
        <DetailActions detail={detail} original={original} editing={editingNote} />
      </Contained>
      <DictationPatient detail={detail} />
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
        <div className="detail-actions" role="group" aria-label="Dictation">
          {detail.audioUrl ? (
            <audio className="player" controls preload="metadata" src={detail.audioUrl} aria-label="Recording" />
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
