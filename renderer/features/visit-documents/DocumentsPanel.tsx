/**
 * Beside the note: more documents from the same recording, without recording again. The doctor
 * picks a template (favourites first) and makes it, or makes it for the patient, in the
 * language they read (asked once, the consent notice's language as the first guess, kept with
 * the patient). Each document has its own state, its text in its own script once ready, what
 * it says otherwise than the note (which stops it leaving), its review mark, and Copy, Print
 * and Save as PDF, which main does. A recording sent by the voice upload says what it needs.
 */
import { PatientText } from '../../components/PatientText';
import { useEffect, useId, useState } from 'react';
import { FINISHED_STATES, type DictationDetail } from '../../../contract/dictation';
import { handoutProblemsLine } from '../../../contract/handout-check';
import { HANDOUT_LANGUAGES, handoutLanguage, languageLine } from '../../../contract/handout-languages';
import { patientLine } from '../../../contract/patients';
import { DOCUMENT_STATE_LABELS, NEEDS_SESSIONS, canRetryDocument, documentName, type DocumentDetail, type DocumentSummary } from '../../../contract/visit-documents';
import { useDocumentsStore, usePatientsStore } from '../../app/stores';
import { ConfirmButton } from '../../components/ConfirmButton';
import { TestDataBadge, TestDataMark } from '../../components/TestDataMark';
import { NoteText } from '../dictation/NoteText';
import { formatDateTime, formatTime } from '../dictation/format';
import { patientById } from '../patients/patients-store';
import { documentsOf } from './documents-store';

/** The patient's language as the first guess: theirs, else the language of the consent notice read to them. */
function guessedLanguage(detail: DictationDetail, known: string | null | undefined): string {
  if (known && handoutLanguage(known)) return known;
  const notice = detail.consent?.noticeLanguage;
  return notice && handoutLanguage(notice) ? notice : '';
}

/** "Which language does the patient read?", asked once: kept with the patient, then the handout is made. */
function LanguageQuestion({ detail, patientId, onDone }: { detail: DictationDetail; patientId: string; onDone(language: string | null): void }) {
  const id = useId();
  const patient = usePatientsStore((state) => patientById(state.view, patientId));
  const [language, setLanguage] = useState(guessedLanguage(detail, patient?.language));
  return (
    <fieldset className="language-question" data-testid="language-question">
      <legend>
        <PatientText text={`Which language does ${patient ? patientLine(patient) : 'the patient'} read?`} />
      </legend>
      <label htmlFor={`${id}-language`}>Language of the handout</label>
      <select id={`${id}-language`} value={language} autoFocus onChange={(event) => setLanguage(event.target.value)}>
        <option value="">Choose…</option>
        {HANDOUT_LANGUAGES.map((choice) => (
          <option key={choice.code} value={choice.code} lang={choice.code}>
            {languageLine(choice.code)}
          </option>
        ))}
      </select>
      <button type="button" className="primary" disabled={language === ''} onClick={() => onDone(language)}>
        Make the handout
      </button>
      <button type="button" onClick={() => onDone(null)}>
        Cancel
      </button>
      <p className="hint">Kept with the patient for their next handouts{detail.consent?.noticeLanguage ? '; the consent notice’s language is the first guess' : ''}.</p>
    </fieldset>
  );
}

/** The template to make, and Make / For the patient. */
function MakeDocument({ detail }: { detail: DictationDetail }) {
  const id = useId();
  const templates = useDocumentsStore((state) => state.templates);
  const patient = usePatientsStore((state) => patientById(state.view, detail.patientId));
  const { loadTemplates, request, setPatientLanguage } = useDocumentsStore.getState();
  const [templateId, setTemplateId] = useState('');
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => void loadTemplates(), [loadTemplates]);
  const listed = templates?.templates ?? [];
  const chosen = templateId || listed[0]?.id || '';
  const language = handoutLanguage(patient?.language);

  const make = async (forPatient: boolean) => {
    setProblem(null);
    const error = await request(detail.id, chosen, forPatient);
    if (error?.kind === 'needs-confirmation') setAsking(true);
    else setProblem(error?.message ?? null);
  };
  const answered = async (code: string | null) => {
    setAsking(false);
    if (code === null || !patient) return;
    const error = await setPatientLanguage(patient.id, code);
    if (error) setProblem(error.message);
    else await make(true);
  };
  const favourites = listed.filter((template) => template.favorite);
  const others = listed.filter((template) => !template.favorite);
  return (
    <div className="make-document">
      <div className="field inline">
        <label htmlFor={`${id}-template`}>Template</label>
        <select id={`${id}-template`} value={chosen} onChange={(event) => setTemplateId(event.target.value)}>
          {favourites.length > 0 ? (
            <optgroup label="Your favourites">
              {favourites.map((template) => (
                <option key={template.id} value={template.id}>
                  {template.title}
                </option>
              ))}
            </optgroup>
          ) : null}
          <optgroup label={favourites.length > 0 ? 'Other templates' : 'Templates'}>
            {others.map((template) => (
              <option key={template.id} value={template.id}>
                {template.title}
              </option>
            ))}
          </optgroup>
        </select>
        <button type="button" disabled={chosen === ''} onClick={() => void make(false)}>
          Make this document
        </button>
        <button type="button" disabled={chosen === '' || !patient} onClick={() => void (language ? make(true) : setAsking(true))}>
          {language ? `For the patient, in ${languageLine(language.code)}` : 'For the patient…'}
        </button>
        {language ? (
          <button type="button" className="link" onClick={() => setAsking(true)}>
            Change the patient’s language
          </button>
        ) : null}
      </div>
      {!patient ? <p className="hint">A handout names its patient: choose this recording’s patient first.</p> : null}
      {templates?.problem ? <p className="hint">{templates.problem}</p> : null}
      {asking && patient ? <LanguageQuestion detail={detail} patientId={patient.id} onDone={(code) => void answered(code)} /> : null}
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

/** A ready document's text in its language and script, what stops it leaving, and its review and leaving. */
function DocumentBody({ detail }: { detail: DocumentDetail }) {
  const { setReviewed, copy, print, savePdf } = useDocumentsStore.getState();
  const mismatchId = `document-mismatch-${detail.id}`;
  const stopped = detail.mismatch.length > 0;
  const language = handoutLanguage(detail.language);
  return (
    <div className="document-body" id={`document-body-${detail.id}`} data-patient-data={`document:${detail.id}`}>
      {stopped ? (
        <div className="banner error" role="alert" id={mismatchId} data-testid="document-mismatch">
          <p>{handoutProblemsLine(detail.mismatch)}</p>
          <p>Correct the note, or Retry to ask the service for it again. Until they agree it is neither copied nor printed.</p>
        </div>
      ) : null}
      {detail.testData ? <TestDataMark subject="document" /> : null}
      {language ? <p className="document-language" data-testid="document-language">In {languageLine(language.code)}</p> : null}
      <div className="document-text" lang={detail.language ?? undefined}>
        <NoteText text={detail.text ?? ''} />
      </div>
      <div className="document-actions" role="group" aria-label="Document actions">
        {detail.reviewedAt === null ? (
          <button type="button" onClick={() => void setReviewed(detail.id, true)}>
            Mark reviewed
          </button>
        ) : (
          <>
            <span className="reviewed-tag">✓ Reviewed {formatDateTime(detail.reviewedAt)}</span>
            <button type="button" onClick={() => void setReviewed(detail.id, false)}>
              Mark not reviewed
            </button>
          </>
        )}
        <button type="button" className="primary" disabled={stopped} aria-describedby={stopped ? mismatchId : undefined} onClick={() => void copy(detail.id)}>
          Copy document
        </button>
        <button type="button" disabled={stopped} aria-describedby={stopped ? mismatchId : undefined} onClick={() => void print(detail.id)}>
          Print
        </button>
        <button type="button" disabled={stopped} aria-describedby={stopped ? mismatchId : undefined} onClick={() => void savePdf(detail.id)}>
          Save as PDF
        </button>
      </div>
    </div>
  );
}

function DocumentItem({ document }: { document: DocumentSummary }) {
  const open = useDocumentsStore((state) => (state.open?.id === document.id ? state.open : null));
  const notice = useDocumentsStore((state) => state.notices[document.id] ?? null);
  const { show, retry, remove, copy } = useDocumentsStore.getState();
  const name = documentName(document);
  const opened = open !== null;
  return (
    <li className={`document document-${document.state}`} data-testid="document" data-state={document.state} aria-label={name}>
      <div className="document-head">
        <h4>{name}</h4>
        <span className={`state-badge document-state-${document.state}`} data-testid="document-state">
          {DOCUMENT_STATE_LABELS[document.state]}
        </span>
        {document.testData ? <TestDataBadge /> : null}
      </div>
      {document.problem ? (
        <p className={`banner ${document.state === 'failed' ? 'error' : 'warning'}`} data-testid="document-problem">
          {document.problem}
          {document.nextAttemptAt ? ` Next try at ${formatTime(document.nextAttemptAt)}.` : ''}
        </p>
      ) : null}
      <div className="document-actions" role="group" aria-label={`Document: ${name}`}>
        {document.state === 'ready' ? (
          <button type="button" aria-expanded={opened} aria-controls={`document-body-${document.id}`} onClick={() => void show(opened ? null : document.id)}>
            {opened ? 'Hide document' : 'Show document'}
          </button>
        ) : null}
        {canRetryDocument(document) ? (
          <button type="button" onClick={() => void retry(document.id)}>
            {document.state === 'failed' ? 'Retry' : 'Send now'}
          </button>
        ) : null}
        <ConfirmButton label="Delete document" question={`Delete “${name}” from this computer?`} confirmLabel="Delete it" onConfirm={() => void remove(document.id)} />
      </div>
      {open ? <DocumentBody detail={open} /> : null}
      <p className={`detail-status ${notice?.error ? 'field-error' : 'notice'}`} role="status">
        {notice?.text ?? ''}
      </p>
      {notice?.anyway ? (
        <button type="button" className="danger-outline anyway" onClick={() => void copy(document.id, true)}>
          Copy anyway
        </button>
      ) : null}
    </li>
  );
}

export function DocumentsPanel({ detail }: { detail: DictationDetail }) {
  const headingId = useId();
  const follow = useDocumentsStore((state) => state.follow);
  const all = useDocumentsStore((state) => state.documents);
  const { refresh, show } = useDocumentsStore.getState();
  useEffect(() => follow(), [follow]);
  // Another dictation, or another screen: its documents are out of view, and the copy shortcut no longer takes one of them.
  useEffect(() => () => void show(null), [show]);
  // The note corrected: what an open document says otherwise than it is asked again.
  useEffect(() => void refresh(), [refresh, detail.correctedAt]);
  const documents = documentsOf(all, detail.id);
  const finished = FINISHED_STATES.has(detail.state);
  const viaSessions = detail.askedFor !== null;
  return (
    <section className="visit-documents" aria-labelledby={headingId} data-testid="visit-documents">
      <h3 id={headingId}>Documents from this recording</h3>
      {!finished ? null : !viaSessions ? (
        <p className="hint" data-testid="documents-need-sessions">
          {NEEDS_SESSIONS}
        </p>
      ) : (
        <MakeDocument detail={detail} />
      )}
      {finished ? null : <p className="hint">Once the note has come, a referral letter, a certificate or a handout for the patient can be made from this recording without recording again.</p>}
      {documents.length > 0 ? (
        <ul className="documents">
          {documents.map((document) => (
            <DocumentItem key={document.id} document={document} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
