/**
 * The one step before a recording that needs an answer: which patient (today's list, a search,
 * a new patient, a bed or token), and, for a consultation, the patient's consent: the notice to
 * read to them in the doctor's language and in theirs, then "Patient agrees" or "Patient
 * declines". Nothing is recorded while it is asked; no button is the default, so a stray Enter
 * answers nothing. Escape or Cancel records nothing and keeps no answer.
 */
import { PatientText } from '../../components/PatientText';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { DOCTOR_LANGUAGE, noticeLines, type ConsentNotice, type ConsentNotices } from '../../../contract/consent';
import { MODE_NAMES } from '../../../contract/dictation';
import { patientLine, type Patient } from '../../../contract/patients';
import { scribe } from '../../bridge';
import { useDictationStore, usePatientsStore, useRecordQuestionStore, useSettingsStore } from '../../app/stores';
import { ModalDialog } from '../../components/ModalDialog';
import { PatientChooser } from '../patients/PatientChooser';
import { patientById, visitPatient } from '../patients/patients-store';
import { FieldError } from '../../components/FieldError';

/** The patient's language the dialog starts with: Hindi where it is offered, else the first that is not the doctor's. */
function firstPatientLanguage(notices: ConsentNotices): string {
  const others = notices.notices.filter((notice) => notice.language !== DOCTOR_LANGUAGE);
  return (others.find((notice) => notice.language === 'hi') ?? others[0] ?? notices.notices[0])?.language ?? DOCTOR_LANGUAGE;
}

/** Whether a consultation started now records the call's sound too: the notice then says that everyone on the call is recorded. */
const callSoundIncluded = (state: ReturnType<typeof useSettingsStore.getState>) => state.view?.values.includeCallSound ?? false;

function NoticeText({ notice, days, onCall }: { notice: ConsentNotice; days: number; onCall: boolean }) {
  return (
    <section className="notice-text" lang={notice.language} aria-label={`Notice in ${notice.languageName}`}>
      <h3>{notice.languageName}</h3>
      {noticeLines(notice.text, days, onCall ? notice.onCall : null).map((line, index) => (
        <p key={index}>{line}</p>
      ))}
    </section>
  );
}

/** The notice read to the patient: the doctor's and the patient's. */
function readNotices(notices: ConsentNotices, language: string): { doctors: ConsentNotice; patients: ConsentNotice } {
  const doctors = notices.notices.find((notice) => notice.language === DOCTOR_LANGUAGE) ?? notices.notices[0]!;
  return { doctors, patients: notices.notices.find((notice) => notice.language === language) ?? doctors };
}

/** The clinic's notices that cannot be used, by language, in the doctor's words: why, by the policy's key, is for the administrator (Settings). */
function unusedNoticesLine({ notices, refused }: ConsentNotices): string {
  const offered = new Set(notices.map((notice) => notice.language));
  const each = refused.map(({ language, languageName }) => (offered.has(language) ? `${languageName}: the built-in notice is shown instead` : `${languageName}: not offered`));
  return `Your clinic’s own notice could not be used for ${each.join('; ')}. Your administrator can see why in Settings, under “For your clinic’s IT”.`;
}

/** The notice in the doctor's language and the patient's, and the patient's language. */
function ConsentStep({ notices, patient, language, setLanguage, lead }: { notices: ConsentNotices; patient: Patient | null; language: string; setLanguage(language: string): void; lead: RefObject<HTMLParagraphElement | null> }) {
  const days = useSettingsStore((state) => state.view?.values.audioRetentionDays ?? 30);
  const onCall = useSettingsStore(callSoundIncluded);
  const { doctors, patients } = readNotices(notices, language);
  return (
    <div className="consent-step">
      <p className="lead" ref={lead} tabIndex={-1}>
        <PatientText text={`Read this to ${patient ? patientLine(patient) : 'the patient'} before anything is recorded. Nothing is recorded until they agree.`} />
      </p>
      <div className="field inline">
        <label htmlFor="notice-language">Patient’s language</label>
        <select id="notice-language" value={language} onChange={(event) => setLanguage(event.target.value)}>
          {notices.notices.map((notice) => (
            <option key={notice.language} value={notice.language}>
              {notice.languageName}
            </option>
          ))}
        </select>
      </div>
      <div className="notice-columns">
        <NoticeText notice={doctors} days={days} onCall={onCall} />
        {patients.language !== doctors.language ? <NoticeText notice={patients} days={days} onCall={onCall} /> : null}
      </div>
      {notices.refused.length > 0 ? (
        <p className="hint" data-testid="notices-unused">
          {unusedNoticesLine(notices)}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Which patient. For a consultation, once a patient is chosen the choice folds to one line, so
 * that the notice to read to them is in view (at 1024 × 640 too); "Choose another patient" opens
 * the choice again.
 */
function PatientStep({ consent, patient, selectedId, onChosen }: { consent: boolean; patient: Patient | null; selectedId: string | null; onChosen(patient: Patient): void }) {
  const [choosingAgain, setChoosingAgain] = useState(false);
  const folded = consent && patient !== null && !choosingAgain;
  return (
    <section className="record-patient" aria-label="Which patient?">
      {consent ? <h3>Which patient?</h3> : null}
      {patient && consent ? (
        <div className="chosen-row">
          <p className="chosen-line">
            Patient: <PatientText text={patientLine(patient)} />
          </p>
          {folded ? (
            <button type="button" onClick={() => setChoosingAgain(true)}>
              Choose another patient
            </button>
          ) : null}
        </div>
      ) : null}
      {folded ? null : (
        <PatientChooser
          selectedId={selectedId}
          focusSearch={choosingAgain}
          onChosen={(chosen) => {
            setChoosingAgain(false);
            onChosen(chosen);
          }}
        />
      )}
    </section>
  );
}

/** The patient's answer to the notice read to them; neither is the default. */
function ConsentAnswers({ notice, patient, answer }: { notice: ConsentNotice; patient: Patient | null; answer(agrees: boolean, notice: ConsentNotice): Promise<void> }) {
  return (
    <>
      <button type="button" className="agree" disabled={!patient} onClick={() => void answer(true, notice)}>
        Patient agrees
      </button>
      <button type="button" className="danger-outline" disabled={!patient} onClick={() => void answer(false, notice)}>
        Patient declines
      </button>
      {!patient ? <span className="hint">Choose the patient first.</span> : null}
    </>
  );
}

/**
 * Each call of `toNotice` (a patient chosen for a consultation) moves the focus to the notice's
 * first line, not a button, so that Enter answers nothing; while the notice loads, to the heading.
 */
function useFocusToNotice(heading: RefObject<HTMLHeadingElement | null>) {
  const lead = useRef<HTMLParagraphElement>(null);
  const [times, setTimes] = useState(0);
  useEffect(() => {
    if (times > 0) (lead.current ?? heading.current)?.focus();
  }, [times, heading]);
  return { lead, toNotice: () => setTimes((count) => count + 1) };
}

export function RecordDialog() {
  const question = useRecordQuestionStore((state) => state.question);
  const notices = useRecordQuestionStore((state) => state.notices);
  const view = usePatientsStore((state) => state.view);
  const heading = useRef<HTMLHeadingElement>(null);
  const { lead, toNotice } = useFocusToNotice(heading);
  const [patientId, setPatientId] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [language, setLanguage] = useState<string | null>(null);
  const open = question !== null;

  const close = (outcome: string | null = null) => useRecordQuestionStore.getState().close(outcome);
  /** Cancel, Escape: nothing is recorded, and the microphone opened for the answer closes. */
  const dismiss = () => {
    void scribe.cancelRecordingQuestion();
    close();
  };
  const patient = patientById(view, patientId) ?? (question && !question.patient ? visitPatient(view) : null);

  const record = async (chosen: Patient, consent?: ConsentNotice) => {
    close();
    // What the notice read said of the call's sound: main keeps the answer only if the recording matches it.
    const callSound = callSoundIncluded(useSettingsStore.getState());
    await useDictationStore.getState().start({ patientId: chosen.id, ...(consent ? { consent: { noticeLanguage: consent.language, noticeVersion: consent.version, callSound } } : {}) });
  };
  const choosePatient = (chosen: Patient) => {
    setPatientId(chosen.id);
    if (question?.consent) {
      toNotice();
      return;
    }
    // The shortcut held down was let go meanwhile: the patient is chosen, and the next hold records.
    if (question?.hold) {
      void scribe.cancelRecordingQuestion();
      void usePatientsStore
        .getState()
        .choose(chosen.id)
        .then(() => close(`${patientLine(chosen)} is the patient of this visit: hold the shortcut to record.`));
      return;
    }
    // A dictation needs nothing more: choosing the patient records.
    void record(chosen);
  };
  const answer = async (agrees: boolean, notice: ConsentNotice) => {
    if (!patient) return;
    if (agrees) return record(patient, notice);
    const declined = await scribe.declineConsent({ patientId: patient.id, noticeLanguage: notice.language, noticeVersion: notice.version });
    if (!declined.ok) return setProblem(declined.error.message);
    // Declined is the visit's answer too: the patient stays chosen, and nothing was recorded.
    await usePatientsStore.getState().choose(patient.id);
    close('The patient declined: nothing was recorded.');
  };

  const title = question?.consent ? (question.patient ? 'Which patient, and their consent' : 'The patient’s consent') : 'Which patient?';
  return (
    <ModalDialog
      open={open}
      className="app-dialog record-dialog"
      labelledBy="record-dialog-title"
      testId="record-dialog"
      patientData="dialog:record"
      onClose={dismiss}
      onShown={() => {
        // The microphone opens while the question is answered, its sound dropped: the answer then starts the recording at once.
        void scribe.prepareRecording();
        setProblem(null);
        setPatientId(question?.patient ? null : view.visitPatientId);
        setLanguage(null);
        if (question?.consent) void useRecordQuestionStore.getState().loadNotices();
        // Which patient: the search, where a bed or token typed and Enter records. Consent only: the heading, not a button, so that Enter pressed by habit answers nothing.
        const search = question?.patient ? document.querySelector<HTMLInputElement>('.record-dialog input[type="search"]') : null;
        (search ?? heading.current)?.focus();
      }}
    >
      <h2 id="record-dialog-title" ref={heading} tabIndex={-1}>
        {title}
      </h2>
      {question ? <p className="hint">{MODE_NAMES[question.mode]}: nothing is recorded until this is answered.</p> : null}
      {question?.patient ? <PatientStep consent={question.consent} patient={patient} selectedId={patientId} onChosen={choosePatient} /> : null}
      {question?.consent ? (
        notices ? (
          <ConsentStep notices={notices} patient={patient} language={language ?? firstPatientLanguage(notices)} setLanguage={setLanguage} lead={lead} />
        ) : (
          <p className="hint">Loading the notice…</p>
        )
      ) : null}
      <FieldError problem={problem} />
      {/* The answers stay in view however long the notice: neither is the default. */}
      <div className="actions dialog-footer">
        {question?.consent && notices ? <ConsentAnswers notice={readNotices(notices, language ?? firstPatientLanguage(notices)).patients} patient={patient} answer={answer} /> : null}
        <button type="button" className="cancel" onClick={dismiss}>
          Cancel
        </button>
      </div>
    </ModalDialog>
  );
}
