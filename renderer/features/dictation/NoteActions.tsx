/**
 * What the doctor does with a finished note: copy it (main puts it on the clipboard; the page
 * never handles the note's text), correct it, mark it reviewed, export it.
 */
import { useMemo, useState } from 'react';
import { clinicalNote, noteTime } from '../../../contract/clinical-note';
import type { CopiedNoteVersion, DictationDetail } from '../../../contract/dictation';
import { scribe } from '../../bridge';
import { useDictationStore, useSettingsStore } from '../../app/stores';

/** What the page says once the note is on the clipboard: which note it was. */
const COPIED: Record<CopiedNoteVersion, string> = {
  corrected: 'Copied your corrected note: paste it into the EMR.',
  original: 'Copied the service’s original, without your corrections: paste it into the EMR.',
  service: 'Note copied: paste it into the EMR.',
};

/** `original`: the service's original is shown instead of the doctor's correction; Copy note takes what is shown. */
export function NoteActions({ detail, canEdit, onEdit, original }: { detail: DictationDetail; canEdit: boolean; onEdit(): void; original: boolean }) {
  const correction = detail.correction && 'parts' in detail.correction ? detail.correction : null;
  const hasNote = useMemo(() => clinicalNote(detail.result, detail, correction) !== null, [detail, correction]);
  const requireReview = useSettingsStore((state) => state.view?.values.requireReview ?? false);
  const { setReviewed, exportNote } = useDictationStore.getState();
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(null);
  const copy = async () => {
    const result = await scribe.copyNote({ id: detail.id, original });
    setStatus(result.ok ? { text: COPIED[result.value.version], error: false } : { text: result.error.message, error: true });
  };
  const blocked = requireReview && detail.reviewedAt === null;
  const hint = blocked
    ? 'Mark the note reviewed before copying it: your administrator requires it.'
    : original
      ? 'Copies the service’s original, as shown (without your corrections), headed by the label and time.'
      : 'Text and, where the EMR keeps formatting, the medications as a table, headed by the label and time.';
  return (
    <div className="note-actions" role="group" aria-label="Note">
      {hasNote ? (
        <button type="button" className="primary" aria-describedby={`note-status-${detail.id}`} onClick={() => void copy()}>
          Copy note
        </button>
      ) : null}
      {canEdit ? (
        <button type="button" onClick={onEdit}>
          Edit note
        </button>
      ) : null}
      {hasNote && detail.reviewedAt === null ? (
        <button type="button" onClick={() => void setReviewed(detail.id, true)}>
          Mark reviewed
        </button>
      ) : null}
      {detail.reviewedAt !== null ? (
        <>
          <span className="reviewed-tag" data-testid="reviewed">
            ✓ Reviewed {noteTime(detail.reviewedAt)}
          </span>
          <button type="button" onClick={() => void setReviewed(detail.id, false)}>
            Mark not reviewed
          </button>
        </>
      ) : null}
      {hasNote ? (
        <button type="button" onClick={() => void exportNote(detail.id)}>
          Export note .json
        </button>
      ) : null}
      {hasNote ? (
        <span id={`note-status-${detail.id}`} role="status" className={status?.error ? 'field-error' : 'hint'}>
          {status?.text ?? hint}
        </span>
      ) : null}
    </div>
  );
}
