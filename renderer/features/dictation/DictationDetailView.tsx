import { useShallow } from 'zustand/react/shallow';
import { STATE_LABELS, canCancel, canRetry, type DictationState } from '../../../contract/dictation';
import { ConfirmButton } from '../../components/ConfirmButton';
import { formatDateTime, formatDuration, formatTime } from './format';
import { ResultView } from './ResultView';
import { selectedDetail, useDictationStore } from './dictation-store';

const STEPS = ['Saved', 'Uploading', 'Processing', 'Result'] as const;
const STEP_OF: Partial<Record<DictationState, number>> = { recorded: 0, uploading: 1, processing: 2, completed: 3, partial: 3 };

/** Where a dictation is on its way from this computer to its result. */
function SyncSteps({ state }: { state: DictationState }) {
  const current = STEP_OF[state];
  if (current === undefined) return null;
  return (
    <ol className="sync-steps" aria-label="Progress of this dictation" data-testid="sync-steps">
      {STEPS.map((step, index) => (
        <li key={step} className={index < current ? 'done' : index === current ? 'current' : ''} aria-current={index === current ? 'step' : undefined}>
          {step}
        </li>
      ))}
    </ol>
  );
}

export function DictationDetailView() {
  const { items, selectedId, selected } = useDictationStore(useShallow((state) => ({ items: state.items, selectedId: state.selectedId, selected: state.selected })));
  const detail = selectedDetail({ items, selectedId, selected });
  const notice = useDictationStore((state) => state.notice);
  const { retry, cancel, remove } = useDictationStore.getState();
  if (!detail) return <section className="dictation-detail empty-detail">Select a dictation to see its status and result.</section>;
  const waitingRetry = (detail.state === 'recorded' || detail.state === 'processing') && detail.nextAttemptAt !== null;
  return (
    <section className="dictation-detail" aria-label="Dictation details">
      <header>
        <h2>{detail.label || 'Untitled dictation'}</h2>
        <span className={`state-badge state-${detail.state}`} data-testid="detail-state">
          {STATE_LABELS[detail.state]}
        </span>
        {detail.recovered ? <span className="state-badge recovered">Recovered</span> : null}
      </header>
      <p className="meta">
        {formatDateTime(detail.createdAt)} · {formatDuration(detail.durationMs)} · {detail.mode === 'dictation' ? 'Dictation' : 'Consultation'}
      </p>
      <SyncSteps state={detail.state} />
      {detail.state === 'uploading' ? (
        <progress className="upload-progress" max={1} value={detail.uploadProgress ?? 0} aria-label="Upload progress" />
      ) : null}
      {detail.problem ? (
        <p className={`banner ${detail.state === 'failed' ? 'error' : 'warning'}`} data-testid="detail-problem">
          {detail.problem}
          {waitingRetry && detail.nextAttemptAt ? ` Next try at ${formatTime(detail.nextAttemptAt)}.` : ''}
        </p>
      ) : null}
      <div className="detail-actions">
        {canRetry(detail) ? (
          <button type="button" className="primary" onClick={() => void retry(detail.id)}>
            {detail.state === 'cancelled' || waitingRetry ? 'Send now' : 'Retry'}
          </button>
        ) : null}
        {canCancel(detail.state) ? (
          <button type="button" onClick={() => void cancel(detail.id)}>
            Cancel sending
          </button>
        ) : null}
        <ConfirmButton
          label="Delete"
          question="Delete this dictation and its recording from this computer?"
          confirmLabel="Delete permanently"
          disabled={detail.state === 'recording'}
          onConfirm={() => void remove(detail.id)}
        />
      </div>
      {detail.audioUrl ? (
        <audio className="player" controls preload="none" src={detail.audioUrl} aria-label="Recording" />
      ) : selected?.id === detail.id && detail.state !== 'recording' ? (
        <p className="hint">The recording was deleted under the retention setting; the result is kept.</p>
      ) : null}
      {notice ? (
        <p className={notice.error ? 'field-error' : 'notice'} role={notice.error ? 'alert' : 'status'}>
          {notice.text}
        </p>
      ) : null}
      {detail.result ? <ResultView id={detail.id} result={detail.result} /> : null}
    </section>
  );
}
