/**
 * What the doctor does with a finished note besides copying it and marking it reviewed (those
 * are at the top of the details, DetailActions.tsx): correct it, take back the review, export it.
 * At the foot of the note, where its reading ends.
 */
import type { DictationDetail } from '../../../contract/dictation';
import { useDictationStore } from '../../app/stores';
import { useHasNote } from './DetailActions';

export function NoteActions({ detail, canEdit, onEdit }: { detail: DictationDetail; canEdit: boolean; onEdit(): void }) {
  const hasNote = useHasNote(detail);
  const { setReviewed, exportNote } = useDictationStore.getState();
  if (!canEdit && !hasNote) return null;
  return (
    <div className="note-actions" role="group" aria-label="Note">
      {canEdit ? (
        <button type="button" onClick={onEdit}>
          Edit note
        </button>
      ) : null}
      {hasNote && detail.reviewedAt !== null ? (
        <button type="button" onClick={() => void setReviewed(detail.id, false)}>
          Mark not reviewed
        </button>
      ) : null}
      {hasNote ? (
        <button type="button" onClick={() => void exportNote(detail.id)}>
          Export note .json
        </button>
      ) : null}
    </div>
  );
}
