/**
 * A dictation's result as the service made it, output by output (the medications table, FHIR,
 * text, JSON), with the doctor's correction, its editing and the transcript.
 */
import { useMemo, useState } from 'react';
import { noteTime } from '../../../contract/clinical-note';
import { FINISHED_STATES, type DictationDetail } from '../../../contract/dictation';
import type { MedicationRow } from '../../../contract/medication-row';
import { MEDICATION_COLUMNS } from '../../../contract/medication-row';
import { correctionOf, editableAs, editedRow, shownCell, type NoteCorrection } from '../../../contract/note-correction';
import { CONTRADICTIONS_ASKED, contradictionsLine, prescriptionContradictions } from '../../../contract/prescription-check';
import type { DecodedOutput, FhirSummary, TranscriptionResult } from '../../../contract/transcription';
import { ConfirmButton } from '../../components/ConfirmButton';
import { Contained } from '../../components/Contained';
import { TableHead } from '../../components/TableHead';
import { TestDataMark } from '../../components/TestDataMark';
import { ServiceDetail } from '../../components/ServiceDetail';
import { NoteActions } from './NoteActions';
import { NoteEditor } from './NoteEditor';
import { focusCopyNote } from './DetailActions';
import { NoteText } from './NoteText';
import { medicationRow } from './format';
import { fhirFootnote, fhirHeadline, chapterTitle, resourceLabel, statusText, statusTone } from './result-format';
import { useDictationStore } from '../../app/stores';

/**
 * The medications; a medicine whose dose, frequency and period contradict each other (kept by
 * "Save anyway", or as the service wrote it) is marked in its row and said above the table,
 * for as long as it stays so.
 */
export function MedicationsTable({ rows, testData }: { rows: MedicationRow[]; testData: boolean }) {
  const found = useMemo(() => prescriptionContradictions(rows.map(editedRow)), [rows]);
  if (rows.length === 0) return <p className="empty">No medication was prescribed.</p>;
  const contradicts = new Set(found.map((item) => item.row));
  return (
    <>
      {found.length > 0 ? (
        <p className="field-error table-contradictions" data-testid="table-contradictions">
          <span aria-hidden="true">⚠ </span>
          {contradictionsLine(found)} {CONTRADICTIONS_ASKED}
        </p>
      ) : null}
      <table className="medications" aria-label="Medications">
        {testData ? <TestDataMark as="caption" subject="prescription" /> : null}
        <TableHead columns={MEDICATION_COLUMNS} />
        <tbody>
          {rows.map((row, index) => (
            <tr key={index} className={contradicts.has(index) ? 'contradicts' : undefined}>
              <th scope="row">
                {contradicts.has(index) ? (
                  <>
                    <span className="row-flag" aria-hidden="true">
                      ⚠{' '}
                    </span>
                    <span className="visually-hidden">Contradicts itself: </span>
                  </>
                ) : null}
                {shownCell(row.name)}
              </th>
              <td>{shownCell(row.dose)}</td>
              <td>{shownCell(row.frequency)}</td>
              <td>{shownCell(row.duration)}</td>
              <td>{shownCell(row.instruction)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

function FhirView({ summary }: { summary: FhirSummary }) {
  const footnote = fhirFootnote(summary);
  return (
    <div className="fhir">
      <p className="fhir-headline">{fhirHeadline(summary)}</p>
      {summary.title ? <h4 className="fhir-title">{summary.title}</h4> : null}
      {summary.sections.length > 0 ? (
        <div className="fhir-sections" aria-label="Sections">
          {summary.sections.map((section, index) => (
            <section key={index} className="fhir-section" style={{ marginLeft: `${Math.min(section.level, 6) * 16}px` }}>
              {section.title ? <h5>{section.title}</h5> : null}
              {section.text ? <p className="output-text">{section.text}</p> : null}
            </section>
          ))}
        </div>
      ) : null}
      {summary.lines.length > 0 ? (
        <ul className="fhir-lines" aria-label="Entries">
          {summary.lines.map((line, index) => (
            <li key={index}>
              <span className="fhir-type">{resourceLabel(line.resourceType)}</span> {line.text}
            </li>
          ))}
        </ul>
      ) : null}
      {footnote ? <p className="hint">{footnote}</p> : null}
    </div>
  );
}

/** The JSON is put on the page only when asked for: it can be large. */
function JsonDetails({ json }: { json: string }) {
  const [open, setOpen] = useState(false);
  return (
    <details onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>Show JSON</summary>
      {open ? <pre className="json">{json}</pre> : null}
    </details>
  );
}

function Messages({ kind, messages }: { kind: 'Error' | 'Warning'; messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <ul className={`messages ${kind === 'Error' ? 'errors' : 'warnings'}`} aria-label={`${kind}s`}>
      {messages.map((message, index) => (
        <li key={index}>
          <strong>{kind}:</strong> {message}
        </li>
      ))}
    </ul>
  );
}

/** One chapter of the result: the doctor's correction of it when there is one (and the original is not asked for), else the service's. */
function OutputCard({ id, output, correction, testData, original }: { id: string; output: DecodedOutput; correction: NoteCorrection | null; testData: boolean; original: boolean }) {
  const { exportOutput, copyChapterOrTranscript } = useDictationStore.getState();
  const { content } = output;
  const corrected = correctionOf(correction, output);
  const title = chapterTitle(output);
  return (
    <>
      <Messages kind="Error" messages={output.errors} />
      <Messages kind="Warning" messages={output.warnings} />
      {corrected?.kind === 'medications' ? <MedicationsTable rows={corrected.rows} testData={testData} /> : null}
      {corrected?.kind === 'text' ? <NoteText text={corrected.text} /> : null}
      {!corrected && content.kind === 'prescription' ? (
        <>
          <MedicationsTable rows={content.prescription.medications.map(medicationRow)} testData={testData} />
          {content.prescription.language ? <p className="hint">Language: {content.prescription.language}</p> : null}
        </>
      ) : null}
      {!corrected && content.kind === 'text' ? (
        <>
          <NoteText text={content.text} />
          {content.shortened ? <p className="hint">This text was too long to keep whole; it is shortened here.</p> : null}
        </>
      ) : null}
      {!corrected && content.kind === 'fhir' ? <FhirView summary={content.summary} /> : null}
      {content.kind === 'json' ? <p className="hint">Output of a template this app does not know; its JSON is below.</p> : null}
      {!corrected && (content.kind === 'fhir' || content.kind === 'json') ? <JsonDetails json={content.json} /> : null}
      {!corrected && content.kind === 'empty' ? <p className="empty">No output for this template.</p> : null}
      {!corrected && content.kind === 'invalid' ? (
        <p className="field-error" data-testid="output-problem">
          {content.problem}
        </p>
      ) : null}
      <div className="output-actions">
        {corrected?.kind === 'text' || (!corrected && content.kind === 'text') ? (
          <button type="button" onClick={() => void copyChapterOrTranscript(id, { templateId: output.templateId, form: 'text', original }, corrected ? 'Your corrected text' : 'Text')}>
            Copy text
          </button>
        ) : null}
        {content.kind === 'fhir' || content.kind === 'json' ? (
          <>
            <button type="button" onClick={() => void exportOutput(id, output.templateId)}>
              {content.kind === 'fhir' ? 'Export FHIR .json (service’s original)' : `Export ${title} .json (service’s original)`}
            </button>
            {!corrected ? (
              <button type="button" onClick={() => void copyChapterOrTranscript(id, { templateId: output.templateId, form: 'json', original: true }, 'The service’s JSON')}>
                Copy JSON
              </button>
            ) : null}
          </>
        ) : null}
      </div>
    </>
  );
}

function Chapters({
  id,
  result,
  correction,
  testData,
  original,
}: {
  id: string;
  result: TranscriptionResult & { outputs: DecodedOutput[] };
  correction: NoteCorrection | null;
  testData: boolean;
  /** The service's original is shown (the doctor asked for it): copies take it. */
  original: boolean;
}) {
  return (
    <>
      {result.outputs.map((output, index) => {
        const title = chapterTitle(output) || `Part ${index + 1}`;
        const corrected = correctionOf(correction, output) !== null;
        return (
          <article key={`${index}:${output.templateId}`} className="output" aria-label={title} data-template={output.templateId}>
            <header>
              <h3>{title}</h3>
              <span className="output-tags">
                {corrected ? <span className="status-pill status-corrected">Corrected</span> : null}
                <span className={`status-pill status-${statusTone(output.status)}`}>{statusText(output.status)}</span>
              </span>
            </header>
            <Contained failure="This part of the result could not be shown." advice="The other parts are not affected." resetKeys={[output, correction]}>
              <OutputCard id={id} output={output} correction={correction} testData={testData} original={original} />
            </Contained>
          </article>
        );
      })}
    </>
  );
}

/** What the service heard: open while it is all there is (processing), folded away under a finished note. */
function Transcript({ id, text, open, copyable }: { id: string; text: string; open: boolean; copyable: boolean }) {
  const { copyChapterOrTranscript } = useDictationStore.getState();
  return (
    <details className="transcript" open={open} data-testid="transcript" data-patient-data={`transcript:${id}`}>
      <summary>Transcript</summary>
      <p className="output-text">{text}</p>
      {copyable ? (
        <button type="button" onClick={() => void copyChapterOrTranscript(id, 'transcript', 'Transcript')}>
          Copy transcript
        </button>
      ) : null}
    </details>
  );
}

/** "Corrected by you" with the way back to the service's version. */
function CorrectionLine({ detail, showingOriginal, toggle }: { detail: DictationDetail; showingOriginal: boolean; toggle(): void }) {
  const { undoCorrections } = useDictationStore.getState();
  if (!detail.correctedAt) return null;
  return (
    <div className="correction-line" data-testid="correction-line">
      <span className="corrected-by">{showingOriginal ? 'Showing the service’s original note.' : `Corrected by you, ${noteTime(detail.correctedAt)}.`}</span>
      <button type="button" aria-pressed={showingOriginal} onClick={toggle}>
        {showingOriginal ? 'Show your correction' : 'Show original'}
      </button>
      <ConfirmButton
        label="Undo all corrections"
        question="Go back to the service’s note? Your corrections are deleted."
        confirmLabel="Undo all corrections"
        onConfirm={() => void undoCorrections(detail.id)}
      />
    </div>
  );
}

/** What is said above a result the service had not finished: "Processing" only while it still is (a failed dictation never says so). */
function inProgressLine(state: DictationDetail['state'], outputs: boolean): string {
  if (state === 'processing' || state === 'uploading' || state === 'recorded') return outputs ? 'Processing; the output so far:' : 'Processing; what the service has heard so far:';
  return outputs ? 'What the service had made before it stopped:' : 'What the service had heard before it stopped:';
}

interface ResultViewProps {
  detail: DictationDetail;
  /** The service's original is shown in place of the doctor's correction. */
  original: boolean;
  onOriginalChange(shown: boolean): void;
  onEditingChange?(editing: boolean): void;
}

export function ResultView({ detail, original, onOriginalChange, onEditingChange }: ResultViewProps) {
  const [editing, setEditingState] = useState(false);
  const setEditing = (value: boolean) => {
    setEditingState(value);
    onEditingChange?.(value);
  };
  const { result } = detail;
  if (!result) return null;
  if (result.state === 'unreadable') {
    return (
      <div className="banner error" role="alert" data-testid="result-problem">
        <p>{result.problem}</p>
      </div>
    );
  }
  if (result.state === 'failed') {
    // The dictation's problem line above already says it: said once, with the service's own words on request.
    if (result.message === detail.problem) return result.detail ? <ServiceDetail detail={result.detail} /> : null;
    return (
      <div className="banner error" role="alert" data-testid="result-problem">
        <p>{result.message}</p>
        {result.detail ? <ServiceDetail detail={result.detail} /> : null}
      </div>
    );
  }
  const correction = detail.correction && 'parts' in detail.correction ? detail.correction : null;
  const finished = FINISHED_STATES.has(detail.state) && result.state !== 'in_progress';
  const canEdit = finished && result.outputs.some((output) => editableAs(output) !== null);
  if (editing) {
    return (
      <NoteEditor
        detail={detail}
        outputs={result.outputs}
        correction={correction}
        onDone={(saved) => {
          setEditing(false);
          // The next useful control: Copy note once the correction is kept, else Edit note again.
          if (saved) focusCopyNote(detail.id);
          else requestAnimationFrame(() => document.querySelector<HTMLElement>('.note-actions button')?.focus());
        }}
      />
    );
  }
  return (
    <div className="outputs">
      {result.state === 'in_progress' ? <p className="hint">{inProgressLine(detail.state, result.outputs.length > 0)}</p> : null}
      {detail.correction && 'unreadable' in detail.correction ? (
        <p className="banner warning" role="alert">
          {detail.correction.unreadable}
        </p>
      ) : null}
      <CorrectionLine detail={detail} showingOriginal={original} toggle={() => onOriginalChange(!original)} />
      <Chapters id={detail.id} result={result} correction={original ? null : correction} testData={detail.testData} original={original} />
      {result.transcript ? <Transcript id={detail.id} text={result.transcript} open={result.outputs.length === 0} copyable={finished} /> : null}
      {finished ? (
        <Contained failure="The note's actions are not available for this result." advice="Each part above can still be copied on its own." resetKeys={[result, correction]}>
          <NoteActions detail={detail} canEdit={canEdit} onEdit={() => setEditing(true)} />
        </Contained>
      ) : null}
    </div>
  );
}
