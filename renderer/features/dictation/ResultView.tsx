import type { DecodedOutput, TranscriptionResult } from '../../../contract/transcription';
import type { Prescription } from '../../../contract/prescription';
import { medicationRow } from './format';
import { useDictationStore } from './dictation-store';

const STATUS_TEXT: Record<string, string> = { success: 'Complete', partial_success: 'Partly complete', failure: 'Failed' };

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
            <tr key={medication.id ?? index}>
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

function describeFhir(json: unknown): string {
  const bundle = json as { resourceType?: string; entry?: Array<{ resource?: { resourceType?: string } }> };
  const counts = new Map<string, number>();
  for (const entry of bundle.entry ?? []) {
    const type = entry.resource?.resourceType ?? 'unknown';
    counts.set(type, (counts.get(type) ?? 0) + 1);
  }
  const parts = [...counts].map(([type, count]) => `${count} ${type}`);
  return `FHIR ${bundle.resourceType ?? 'resource'}${parts.length ? ` with ${parts.join(', ')}` : ''}`;
}

function OutputCard({ id, output }: { id: string; output: DecodedOutput }) {
  const { exportOutput, copy } = useDictationStore.getState();
  const { content } = output;
  const json = content.kind === 'fhir' || content.kind === 'json' ? JSON.stringify(content.json, null, 2) : null;
  return (
    <article className="output" aria-label={output.name} data-template={output.templateId}>
      <header>
        <h3>{output.name}</h3>
        <span className={`status-pill status-${output.status}`}>{STATUS_TEXT[output.status] ?? output.status}</span>
      </header>
      {output.errors.length > 0 ? (
        <ul className="messages errors" aria-label="Errors">
          {output.errors.map((message) => (
            <li key={message}>
              <strong>Error:</strong> {message}
            </li>
          ))}
        </ul>
      ) : null}
      {output.warnings.length > 0 ? (
        <ul className="messages warnings" aria-label="Warnings">
          {output.warnings.map((message) => (
            <li key={message}>
              <strong>Warning:</strong> {message}
            </li>
          ))}
        </ul>
      ) : null}
      {content.kind === 'prescription' ? (
        <>
          <MedicationsTable prescription={content.prescription} />
          {content.prescription.language ? <p className="hint">Language: {content.prescription.language}</p> : null}
        </>
      ) : null}
      {content.kind === 'text' ? <p className="output-text">{content.text}</p> : null}
      {json !== null ? (
        <>
          {content.kind === 'fhir' ? <p>{describeFhir(content.json)}</p> : null}
          <details>
            <summary>Show JSON</summary>
            <pre className="json">{json}</pre>
          </details>
        </>
      ) : null}
      {content.kind === 'empty' ? <p className="empty">No output for this template.</p> : null}
      {content.kind === 'invalid' ? <p className="field-error">{content.problem}</p> : null}
      <div className="output-actions">
        {content.kind === 'text' ? (
          <button type="button" onClick={() => void copy(content.text, 'Text')}>
            Copy text
          </button>
        ) : null}
        {json !== null ? (
          <>
            <button type="button" onClick={() => void exportOutput(id, output.templateId)}>
              Export .json
            </button>
            <button type="button" onClick={() => void copy(json, 'JSON')}>
              Copy JSON
            </button>
          </>
        ) : null}
        {content.kind === 'prescription' ? (
          <button type="button" onClick={() => void exportOutput(id, output.templateId)}>
            Export .json
          </button>
        ) : null}
      </div>
    </article>
  );
}

export function ResultView({ id, result }: { id: string; result: TranscriptionResult }) {
  if (result.state === 'failed') {
    return (
      <p className="banner error" role="alert">
        {result.message}
      </p>
    );
  }
  return (
    <div className="outputs">
      {result.state === 'in_progress' ? <p className="hint">Processing; the output so far:</p> : null}
      {result.outputs.map((output) => (
        <OutputCard key={output.templateId} id={id} output={output} />
      ))}
    </div>
  );
}
