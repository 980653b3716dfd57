import { useState } from 'react';
import type { DecodedOutput, FhirSummary, StoredResult } from '../../../contract/transcription';
import type { Prescription } from '../../../contract/prescription';
import { Contained } from '../../components/Contained';
import { ServiceDetail } from '../../components/ServiceDetail';
import { CopyNoteButton } from './CopyNoteButton';
import { medicationRow } from './format';
import { fhirFootnote, fhirHeadline, resourceLabel, statusText, statusTone } from './result-format';
import { useDictationStore } from './dictation-store';

function MedicationsTable({ prescription }: { prescription: Prescription }) {
  if (prescription.medications.length === 0) return <p className="empty">No medication was prescribed.</p>;
  return (
    <table className="medications" aria-label="Medications">
      <thead>
        <tr>
          <th scope="col">Medicine</th>
          <th scope="col">Dose</th>
          <th scope="col">Frequency</th>
          <th scope="col">Duration</th>
          <th scope="col">Instructions</th>
        </tr>
      </thead>
      <tbody>
        {prescription.medications.map((medication, index) => {
          const row = medicationRow(medication);
          return (
            <tr key={index}>
              <th scope="row">{row.name}</th>
              <td>{row.dose}</td>
              <td>{row.frequency}</td>
              <td>{row.duration}</td>
              <td>{row.instruction}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
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

function OutputCard({ id, output }: { id: string; output: DecodedOutput }) {
  const { exportOutput, copy } = useDictationStore.getState();
  const { content } = output;
  const json = content.kind === 'fhir' || content.kind === 'json' || content.kind === 'prescription' ? content.json : null;
  return (
    <>
      <Messages kind="Error" messages={output.errors} />
      <Messages kind="Warning" messages={output.warnings} />
      {content.kind === 'prescription' ? (
        <>
          <MedicationsTable prescription={content.prescription} />
          {content.prescription.language ? <p className="hint">Language: {content.prescription.language}</p> : null}
        </>
      ) : null}
      {content.kind === 'text' ? (
        <>
          <p className="output-text">{content.text}</p>
          {content.shortened ? <p className="hint">This text was too long to keep whole; it is shortened here.</p> : null}
        </>
      ) : null}
      {content.kind === 'fhir' ? <FhirView summary={content.summary} /> : null}
      {content.kind === 'json' ? <p className="hint">Output of a template this app does not know; its JSON is below.</p> : null}
      {content.kind === 'fhir' || content.kind === 'json' ? <JsonDetails json={content.json} /> : null}
      {content.kind === 'empty' ? <p className="empty">No output for this template.</p> : null}
      {content.kind === 'invalid' ? (
        <p className="field-error" data-testid="output-problem">
          {content.problem}
        </p>
      ) : null}
      <div className="output-actions">
        {content.kind === 'text' ? (
          <button type="button" onClick={() => void copy(content.text, 'Text')}>
            Copy text
          </button>
        ) : null}
        {json !== null ? (
          <button type="button" onClick={() => void exportOutput(id, output.templateId)}>
            Export .json
          </button>
        ) : null}
        {content.kind === 'fhir' || content.kind === 'json' ? (
          <button type="button" onClick={() => void copy(content.json, 'JSON')}>
            Copy JSON
          </button>
        ) : null}
      </div>
    </>
  );
}

export function ResultView({ id, result }: { id: string; result: StoredResult }) {
  if (result.state === 'unreadable') {
    return (
      <div className="banner error" role="alert" data-testid="result-problem">
        <p>{result.problem}</p>
      </div>
    );
  }
  if (result.state === 'failed') {
    return (
      <div className="banner error" role="alert" data-testid="result-problem">
        <p>{result.message}</p>
        {result.detail ? <ServiceDetail detail={result.detail} /> : null}
      </div>
    );
  }
  return (
    <div className="outputs">
      {result.state === 'in_progress' ? <p className="hint">Processing; the output so far:</p> : null}
      <Contained failure="Copy note is not available for this result." advice="Each part below can still be copied on its own." resetKeys={[result]}>
        <CopyNoteButton key={id} id={id} result={result} />
      </Contained>
      {result.outputs.map((output, index) => (
        <article key={`${index}:${output.templateId}`} className="output" aria-label={output.name || `Part ${index + 1}`} data-template={output.templateId}>
          <header>
            <h3>{output.name || `Part ${index + 1}`}</h3>
            <span className={`status-pill status-${statusTone(output.status)}`}>{statusText(output.status)}</span>
          </header>
          <Contained failure="This part of the result could not be shown." advice="The other parts are not affected." resetKeys={[output]}>
            <OutputCard id={id} output={output} />
          </Contained>
        </article>
      ))}
    </div>
  );
}
