/**
 * The note's Edit mode: the medications as a table of boxes (rows added and removed), every
 * text note as a text box; Save keeps the correction in main beside the service's original,
 * Cancel leaves everything as it was. Fully usable with the keyboard: Tab through the boxes,
 * Enter or the Save button saves.
 */
import { useEffect, useRef, useState } from 'react';
import { partText } from '../../../contract/clinical-note';
import type { DictationDetail } from '../../../contract/dictation';
import { MEDICATION_COLUMNS, type MedicationRow } from '../../../contract/medication-row';
import { correctionOf, editableAs, serviceRows, type CorrectedPart, type NoteCorrection } from '../../../contract/note-correction';
import type { DecodedOutput } from '../../../contract/transcription';
import { ConfirmButton } from '../../components/ConfirmButton';
import { TableHead } from '../../components/TableHead';
import { useDictationStore } from '../../app/stores';
import { partTitle } from './result-format';

/** The medications' columns, and one for each row's Remove button. */
const EDITING_COLUMNS = [...MEDICATION_COLUMNS, { key: 'remove', label: 'Remove', hidden: true }];

type Draft = { output: DecodedOutput; kind: 'medications'; rows: MedicationRow[] } | { output: DecodedOutput; kind: 'text'; text: string };

const BLANK_ROW: MedicationRow = { name: '', dose: '', frequency: '', duration: '', instruction: '' };

/** Each part that can be corrected, as the doctor last left it, or as the service sent it. */
function draftsOf(outputs: DecodedOutput[], correction: NoteCorrection | null): Draft[] {
  const drafts: Draft[] = [];
  for (const output of outputs) {
    const kind = editableAs(output);
    const corrected = correctionOf(correction, output);
    if (kind === 'medications') drafts.push({ output, kind, rows: corrected?.kind === 'medications' ? corrected.rows : serviceRows(output) });
    const text = corrected?.kind === 'text' ? corrected.text : partText(output, outputs);
    // A FHIR part whose every line is a medicine already in the table puts nothing in the note: nothing to correct.
    if (kind === 'text' && (text !== '' || output.content.kind === 'text')) drafts.push({ output, kind, text });
  }
  return drafts;
}

function MedicationsEditor({ draft, onChange }: { draft: Draft & { kind: 'medications' }; onChange(rows: MedicationRow[]): void }) {
  const editor = useRef<HTMLFieldSetElement>(null);
  /** The row whose first box gets the focus once drawn (after a row was added or removed). */
  const focusRow = useRef<number | null>(null);
  useEffect(() => {
    if (focusRow.current === null) return;
    const row = editor.current?.querySelector<HTMLInputElement>(`tbody tr:nth-child(${focusRow.current + 1}) input`);
    (row ?? editor.current?.querySelector<HTMLButtonElement>('button.add-row'))?.focus();
    focusRow.current = null;
  });
  const setCell = (index: number, key: keyof MedicationRow, value: string) => onChange(draft.rows.map((row, at) => (at === index ? { ...row, [key]: value } : row)));
  return (
    <fieldset className="medications-editor" ref={editor}>
      <legend>Medications</legend>
      {draft.rows.length > 0 ? (
        <table className="medications editing" aria-label="Medications (editing)">
          <TableHead columns={EDITING_COLUMNS} widths />
          <tbody>
            {draft.rows.map((row, index) => (
              <tr key={index}>
                {MEDICATION_COLUMNS.map(({ key, label }) => (
                  <td key={key}>
                    <input type="text" aria-label={`${label}, row ${index + 1}`} value={row[key]} maxLength={2000} onChange={(event) => setCell(index, key, event.target.value)} />
                  </td>
                ))}
                <td>
                  <button
                    type="button"
                    className="remove-row"
                    title="Remove this medicine"
                    aria-label={`Remove row ${index + 1}${row.name.trim() ? ` (${row.name.trim()})` : ''}`}
                    onClick={() => {
                      focusRow.current = Math.min(index, draft.rows.length - 2);
                      onChange(draft.rows.filter((_, at) => at !== index));
                    }}
                  >
                    ✕
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="empty">No medication. Add one below.</p>
      )}
      <button
        type="button"
        className="add-row"
        onClick={() => {
          focusRow.current = draft.rows.length;
          onChange([...draft.rows, BLANK_ROW]);
        }}
      >
        Add medicine
      </button>
    </fieldset>
  );
}

export function NoteEditor({ detail, outputs, correction, onDone }: { detail: DictationDetail; outputs: DecodedOutput[]; correction: NoteCorrection | null; onDone(): void }) {
  const [initial] = useState(() => draftsOf(outputs, correction));
  const [drafts, setDrafts] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const { saveCorrection } = useDictationStore.getState();
  useEffect(() => form.current?.querySelector<HTMLElement>('input, textarea')?.focus(), []);
  const dirty = JSON.stringify(drafts) !== JSON.stringify(initial);
  const change = (index: number, next: Draft) => setDrafts(drafts.map((draft, at) => (at === index ? next : draft)));

  const save = async () => {
    setSaving(true);
    const parts: CorrectedPart[] = drafts.map((draft) =>
      draft.kind === 'medications' ? { templateId: draft.output.templateId, kind: 'medications', rows: draft.rows } : { templateId: draft.output.templateId, kind: 'text', text: draft.text },
    );
    const error = await saveCorrection(detail.id, parts);
    setSaving(false);
    if (error) setProblem(error.message);
    else onDone();
  };

  return (
    <form
      ref={form}
      className="note-editor"
      aria-label="Correct the note"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <p className="hint">Correct the note as it should leave the app. The service’s original is kept unchanged and can be shown again.</p>
      {drafts.map((draft, index) =>
        draft.kind === 'medications' ? (
          <MedicationsEditor key={draft.output.templateId} draft={draft} onChange={(rows) => change(index, { ...draft, rows })} />
        ) : (
          <div className="field" key={draft.output.templateId}>
            <label htmlFor={`edit-${index}`}>{partTitle(draft.output)}</label>
            <textarea id={`edit-${index}`} rows={Math.min(14, Math.max(4, draft.text.split('\n').length + 1))} value={draft.text} onChange={(event) => change(index, { ...draft, text: event.target.value })} />
          </div>
        ),
      )}
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="editor-actions">
        <button type="submit" className="primary" disabled={saving}>
          Save correction
        </button>
        {dirty ? (
          <ConfirmButton label="Cancel" question="Leave without saving these changes?" confirmLabel="Discard changes" onConfirm={onDone} />
        ) : (
          <button type="button" onClick={onDone}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
