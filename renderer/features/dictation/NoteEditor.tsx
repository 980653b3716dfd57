/**
 * The note's Edit mode: the medications as boxes, one medicine to a block with its name on a
 * line of its own (medicines added and removed), each box as tall as its words need, so that a
 * long medicine's name is read whole while it is edited;
 * every text note as text with its headings and lists (NoteTextEditor); Save keeps the
 * correction in main beside the service's original, Cancel leaves everything as it was. Fully
 * usable with the keyboard: Tab through the boxes, Enter in a medicine's box or the Save
 * button saves.
 */
import { useEffect, useRef, useState } from 'react';
import { chapterText } from '../../../contract/clinical-note';
import type { DictationDetail } from '../../../contract/dictation';
import { MEDICATION_COLUMNS, type MedicationRow } from '../../../contract/medication-row';
import { CORRECTION_LIMITS, correctionOf, editableAs, serviceRows, type CorrectedChapter, type NoteCorrection } from '../../../contract/note-correction';
import { contradictionsLine, medicineContradiction, prescriptionContradictions } from '../../../contract/prescription-check';
import type { DecodedOutput } from '../../../contract/transcription';
import { ConfirmButton } from '../../components/ConfirmButton';
import { useDictationStore } from '../../app/stores';
import { NoteTextEditor } from './NoteTextEditor';
import { chapterTitle } from './result-format';

type Draft = { output: DecodedOutput; kind: 'medications'; rows: MedicationRow[] } | { output: DecodedOutput; kind: 'text'; text: string };

const BLANK_ROW: MedicationRow = { name: '', dose: '', frequency: '', duration: '', instruction: '' };

/** Each chapter that can be corrected, as the doctor last left it, or as the service sent it. */
function draftsOf(outputs: DecodedOutput[], correction: NoteCorrection | null): Draft[] {
  const drafts: Draft[] = [];
  for (const output of outputs) {
    const kind = editableAs(output);
    const corrected = correctionOf(correction, output);
    if (kind === 'medications') drafts.push({ output, kind, rows: corrected?.kind === 'medications' ? corrected.rows : serviceRows(output) });
    const text = corrected?.kind === 'text' ? corrected.text : chapterText(output, outputs);
    // A FHIR chapter whose every line is a medicine already in the table puts nothing in the note: nothing to correct.
    if (kind === 'text' && (text !== '' || output.content.kind === 'text')) drafts.push({ output, kind, text });
  }
  return drafts;
}

/**
 * One cell of a medicine: a box that wraps its words and grows to show them all (a name like
 * "Amoxicillin + Clavulanic Acid 625 mg tablet" stays readable in a narrow column). A cell is
 * one line of the note: Enter saves, as in a one-line box, and a pasted line break is a space.
 */
function CellBox({ label, value, onChange }: { label: string; value: string; onChange(value: string): void }) {
  return (
    <textarea
      className="cell-box"
      rows={1}
      aria-label={label}
      value={value}
      maxLength={CORRECTION_LIMITS.cellChars}
      onChange={(event) => onChange(event.target.value.replace(/\s*[\r\n]+\s*/g, ' '))}
      onKeyDown={(event) => {
        if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
        event.preventDefault();
        event.currentTarget.form?.requestSubmit();
      }}
    />
  );
}

/** A medicine whose dose, frequency and period contradict each other, said beside it as it is typed. */
function RowCheck({ row, index }: { row: MedicationRow; index: number }) {
  const problem = medicineContradiction(row);
  return (
    <p className="row-check" role="status" data-testid={`row-check-${index + 1}`}>
      {problem ? `Check ${row.name.trim() || `row ${index + 1}`}: ${problem}.` : ''}
    </p>
  );
}

function MedicationsEditor({ draft, onChange }: { draft: Draft & { kind: 'medications' }; onChange(rows: MedicationRow[]): void }) {
  const editor = useRef<HTMLFieldSetElement>(null);
  /** The medicine whose first box gets the focus once drawn (after one was added or removed). */
  const focusRow = useRef<number | null>(null);
  useEffect(() => {
    if (focusRow.current === null) return;
    const row = editor.current?.querySelector<HTMLTextAreaElement>(`li.medicine-row:nth-child(${focusRow.current + 1}) textarea`);
    (row ?? editor.current?.querySelector<HTMLButtonElement>('button.add-row'))?.focus();
    focusRow.current = null;
  });
  const setCell = (index: number, key: keyof MedicationRow, value: string) => onChange(draft.rows.map((row, at) => (at === index ? { ...row, [key]: value } : row)));
  return (
    <fieldset className="medications-editor" ref={editor}>
      <legend>Medications</legend>
      {draft.rows.length > 0 ? (
        // One medicine to a block: its name on a line of its own, the dose, frequency, duration and instructions under it.
        <ol className="medicine-rows" aria-label="Medications (editing)">
          {draft.rows.map((row, index) => (
            <li key={index} className="medicine-row">
              {MEDICATION_COLUMNS.map(({ key, label }) => (
                <label key={key} className={`medicine-cell cell-${key}`}>
                  <span className="cell-label" aria-hidden="true">
                    {label}
                  </span>
                  <CellBox label={`${label}, row ${index + 1}`} value={row[key]} onChange={(value) => setCell(index, key, value)} />
                </label>
              ))}
              <RowCheck row={row} index={index} />
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
            </li>
          ))}
        </ol>
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

/** `onDone(saved)`: the editor closes, its correction saved or left as it was. */
export function NoteEditor({ detail, outputs, correction, onDone }: { detail: DictationDetail; outputs: DecodedOutput[]; correction: NoteCorrection | null; onDone(saved: boolean): void }) {
  const [initial] = useState(() => draftsOf(outputs, correction));
  const [drafts, setDrafts] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  /** The contradictions the doctor was told of at Save, and chose to keep with "Save anyway". */
  const [warned, setWarned] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const { saveCorrection } = useDictationStore.getState();
  useEffect(() => form.current?.querySelector<HTMLElement>('textarea, [contenteditable]')?.focus(), []);
  const dirty = JSON.stringify(drafts) !== JSON.stringify(initial);
  const change = (index: number, next: Draft) => setDrafts(drafts.map((draft, at) => (at === index ? next : draft)));

  const save = async (anyway = false) => {
    const rows = drafts.flatMap((draft) => (draft.kind === 'medications' ? draft.rows : []));
    const contradictions = prescriptionContradictions(rows);
    if (contradictions.length > 0 && !anyway) {
      setWarned(`${contradictionsLine(contradictions)} Correct it, or press “Save anyway”.`);
      return;
    }
    setWarned(null);
    setSaving(true);
    const chapters: CorrectedChapter[] = drafts.map((draft) =>
      draft.kind === 'medications' ? { templateId: draft.output.templateId, kind: 'medications', rows: draft.rows } : { templateId: draft.output.templateId, kind: 'text', text: draft.text },
    );
    const error = await saveCorrection(detail.id, chapters);
    setSaving(false);
    if (error) setProblem(error.message);
    else onDone(true);
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
          <NoteTextEditor key={draft.output.templateId} id={`edit-${index}`} label={chapterTitle(draft.output)} text={draft.text} onChange={(text) => change(index, { ...draft, text })} />
        ),
      )}
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
      {warned ? (
        <p className="field-error" role="alert" data-testid="contradictions">
          {warned}
        </p>
      ) : null}
      <div className="editor-actions">
        <button type="submit" className="primary" disabled={saving}>
          Save correction
        </button>
        {warned ? (
          <button type="button" className="danger-outline" disabled={saving} onClick={() => void save(true)}>
            Save anyway
          </button>
        ) : null}
        {dirty ? (
          <ConfirmButton label="Cancel" question="Leave without saving these changes?" confirmLabel="Discard changes" onConfirm={() => onDone(false)} />
        ) : (
          <button type="button" onClick={() => onDone(false)}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
