/**
 * The dictation's first actions, at the top of its details, right after its heading in the tab
 * order: Copy note and Mark reviewed once it has a note; Send now, Retry and Cancel sending while
 * it is on its way. One status line beside them answers every action of the details (copied,
 * saved, tried). It keeps its room when empty, and the buttons keep their place when it speaks:
 * nothing moves under the pointer.
 */
import { useMemo } from 'react';
import { clinicalNote, noteTime } from '../../../contract/clinical-note';
import { FINISHED_STATES, canCancel, canRetry, type DictationDetail } from '../../../contract/dictation';
import { useDictationStore, useSettingsStore } from '../../app/stores';
import { ConfirmButton } from '../../components/ConfirmButton';

/** Whether the dictation has a note to copy (its result, with the doctor's corrections). */
export function useHasNote(detail: DictationDetail): boolean {
  return useMemo(() => {
    if (!FINISHED_STATES.has(detail.state) || detail.result?.state === 'in_progress') return false;
    const correction = detail.correction && 'parts' in detail.correction ? detail.correction : null;
    return clinicalNote(detail.result, detail, correction) !== null;
  }, [detail]);
}

/** Puts the keyboard on the dictation's Copy note once it is drawn (after Mark reviewed, after Save correction): the next useful control. */
export function focusCopyNote(id: string, framesLeft = 20): void {
  requestAnimationFrame(() => {
    // Drawn once the editor has closed, which may be a few frames after the answer.
    const button = document.getElementById(`copy-note-${id}`);
    if (button) button.focus();
    else if (framesLeft > 0) focusCopyNote(id, framesLeft - 1);
  });
}

/** What the status line says before anything was done: why Copy note will refuse, or what it takes. */
function standingHint(blocked: boolean, original: boolean): string {
  if (blocked) return 'Mark the note reviewed before copying it: your administrator requires it.';
  if (original) return 'Copy note takes the service’s original, as shown (without your corrections).';
  return '';
}

/** `original`: the service's original is shown instead of the doctor's correction; Copy note takes what is shown. */
export function DetailActions({ detail, original, editing }: { detail: DictationDetail; original: boolean; editing: boolean }) {
  const hasNote = useHasNote(detail);
  const notice = useDictationStore((state) => state.notice);
  const requireReview = useSettingsStore((state) => state.view?.values.requireReview ?? false);
  const { copyNote, setReviewed, retry, cancel } = useDictationStore.getState();
  const waitingRetry = (detail.state === 'recorded' || detail.state === 'processing') && detail.nextAttemptAt !== null;
  const note = hasNote && !editing;
  const sending = !editing && canRetry(detail);
  const cancelling = !editing && canCancel(detail.state);
  if (!note && !sending && !cancelling && !notice) return null;
  const blocked = requireReview && detail.reviewedAt === null;
  const status = notice ?? { text: note ? standingHint(blocked, original) : '', error: false };
  return (
    <div className="detail-top" role="group" aria-label="Dictation actions" data-testid="detail-actions">
      {note ? (
        <>
          <button id={`copy-note-${detail.id}`} type="button" className="primary" aria-describedby={`copy-note-hint-${detail.id}`} onClick={() => void copyNote(detail.id, original)}>
            Copy note
          </button>
          <span id={`copy-note-hint-${detail.id}`} className="visually-hidden">
            Text and, where the EMR keeps formatting, the medications as a table, headed by the label and time.
          </span>
          {detail.reviewedAt === null ? (
            <button type="button" onClick={() => void setReviewed(detail.id, true).then((marked) => marked && focusCopyNote(detail.id))}>
              Mark reviewed
            </button>
          ) : (
            <span className="reviewed-tag" data-testid="reviewed">
              ✓ Reviewed {noteTime(detail.reviewedAt)}
            </span>
          )}
        </>
      ) : null}
      {/* Send now last: it goes once pressed (the dictation is on its way), and no other button slides under the pointer. */}
      {cancelling ? (
        <ConfirmButton
          label="Cancel sending"
          question="Stop sending this recording? It stays on this computer; Send now sends it later."
          confirmLabel="Stop sending"
          onConfirm={() => void cancel(detail.id)}
        />
      ) : null}
      {sending ? (
        <button type="button" className={note ? undefined : 'primary'} onClick={() => void retry(detail.id)}>
          {detail.state === 'cancelled' || waitingRetry ? 'Send now' : 'Retry'}
        </button>
      ) : null}
      <p className={`detail-status ${status.error ? 'field-error' : notice ? 'notice' : 'hint'}${notice?.anyway ? ' refusal' : ''}`} role="status" data-testid="detail-status">
        {status.text}
      </p>
      {notice?.anyway ? (
        <button type="button" className="danger-outline anyway" onClick={() => void notice.anyway!.run().then(() => focusCopyNote(detail.id))}>
          {notice.anyway.label}
        </button>
      ) : null}
    </div>
  );
}
