/**
 * The patient of the visit, in one place for the whole app: who it is, a way to choose another
 * (today's list, a search, a new patient, a bed or token), and "Next patient" when the visit is
 * over. Everything recorded, uploaded, shown and copied follows it.
 */
import { useRef, useState } from 'react';
import { PatientText } from '../../components/PatientText';
import { patientLine } from '../../../contract/patients';
import { useDictationStore, usePatientsStore } from '../../app/stores';
import { ModalDialog } from '../../components/ModalDialog';
import { PatientChooser } from './PatientChooser';
import { visitPatient } from './patients-store';
import { FieldError } from '../../components/FieldError';
import type { RecorderState } from '../../../contract/dictation';

function ChooseDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const visitId = usePatientsStore((state) => state.view.visitPatientId);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <ModalDialog
      open={open}
      className="app-dialog choose-patient-dialog"
      labelledBy="choose-patient-title"
      patientData="dialog:choose-patient"
      onClose={onClose}
      onShown={(dialog) => {
        setProblem(null);
        dialog.querySelector<HTMLInputElement>('input[type="search"]')?.focus();
      }}
    >
      <h2 id="choose-patient-title">Which patient?</h2>
      {open ? (
        <PatientChooser
          selectedId={visitId}
          onChosen={(patient) =>
            void usePatientsStore
              .getState()
              .choose(patient.id)
              .then((error) => (error ? setProblem(error.message) : onClose()))
          }
        />
      ) : null}
      <FieldError problem={problem} />
      <div className="actions">
        <button type="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </ModalDialog>
  );
}

/** What the recording under way is doing, said beside the patient it is for. */
const RECORDER_NOTE: Record<Exclude<RecorderState, 'idle'>, string> = {
  starting: 'Recording for this patient',
  recording: 'Recording for this patient',
  paused: 'Paused: recording for this patient',
  halted: 'Stopped: the patient withdraws consent',
  stopping: 'Saving the recording for this patient',
};

export function VisitBar() {
  const view = usePatientsStore((state) => state.view);
  const recorderState = useDictationStore((state) => state.recorder.state);
  const recording = recorderState !== 'idle';
  const recordingFor = useDictationStore((state) => state.recorder.patientId);
  const [choosing, setChoosing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const chosen = visitPatient(view);
  const close = () => {
    setChoosing(false);
    toggle.current?.focus();
  };
  return (
    <section className={`visit-bar ${chosen ? 'chosen' : 'none'}`} aria-label="Patient of this visit" data-patient-data="visit:bar">
      <div className="visit-who">
        <span className="visit-title" id="visit-title">
          Patient
        </span>
        <span className={chosen ? 'chosen-patient' : 'chosen-patient none'} data-testid="chosen-patient" aria-describedby="visit-title">
          {chosen ? <PatientText text={patientLine(chosen)} /> : 'None chosen'}
        </span>
      </div>
      <span className="visit-actions">
        {/* Beside the buttons, never a line of its own: nothing below moves when the note leaves. */}
        {chosen && view.visitEnded && !recording ? (
          <span className="visit-note" title="The note has left the app: the next Record asks which patient.">
            Note sent: Record asks again
          </span>
        ) : null}
        {recorderState !== 'idle' && recordingFor ? <span className="visit-note">{RECORDER_NOTE[recorderState]}</span> : null}
        <button ref={toggle} type="button" disabled={recording} onClick={() => setChoosing(true)} title={recording ? 'Stop the recording first.' : undefined}>
          {chosen ? 'Change patient' : 'Choose patient'}
        </button>
        {chosen ? (
          <button type="button" disabled={recording} onClick={() => void usePatientsStore.getState().endVisit().then((error) => setProblem(error?.message ?? null))}>
            Next patient
          </button>
        ) : null}
      </span>
      {problem ? (
        <span className="field-error" role="alert">
          {problem}
        </span>
      ) : null}
      <ChooseDialog open={choosing} onClose={close} />
    </section>
  );
}
