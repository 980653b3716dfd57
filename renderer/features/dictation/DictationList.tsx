import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef } from 'react';
import { STATE_LABELS, UNFINISHED_STATES, type DictationSummary } from '../../../contract/dictation';
import { formatDateTime, formatDuration } from './format';
import { useDictationStore, usePatientsStore } from '../../app/stores';
import { PatientFilter, shownFor, whoseLine } from '../patients/PatientFilter';
import { orderedIds, type StatusFilter } from './dictation-store';

const FILTERS: Array<{ id: StatusFilter; label: string }> = [
  { id: 'all', label: 'All' },
  { id: 'waiting', label: 'Waiting' },
  { id: 'completed', label: 'Completed' },
  { id: 'partial', label: 'Partial' },
  { id: 'failed', label: 'Failed' },
];

function matches(item: DictationSummary, filter: StatusFilter, search: string, who: string): boolean {
  if (filter === 'waiting' && !UNFINISHED_STATES.has(item.state)) return false;
  if (filter !== 'all' && filter !== 'waiting' && item.state !== filter) return false;
  return search === '' || who.toLowerCase().includes(search);
}

/** What a row with a one-line label takes; longer labels wrap and the row is measured. */
const ROW_HEIGHT = 58;
const PAGE_ROWS = 8;

export function DictationList() {
  const items = useDictationStore((state) => state.items);
  const filter = useDictationStore((state) => state.filter);
  const search = useDictationStore((state) => state.search);
  const selectedId = useDictationStore((state) => state.selectedId);
  const recorder = useDictationStore((state) => state.recorder);
  const patients = usePatientsStore((state) => state.view.patients);
  const patientFilter = usePatientsStore((state) => state.filter);
  const { setFilter, setSearch, select } = useDictationStore.getState();
  const scroller = useRef<HTMLDivElement>(null);

  const order = useMemo(() => orderedIds(items), [items]);
  const visible = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return order
      .map((id) => items.get(id))
      .filter((item): item is DictationSummary => item !== undefined && shownFor(patientFilter, item) && matches(item, filter, needle, whoseLine(patients, item, '')));
  }, [items, order, filter, search, patients, patientFilter]);

  const virtualizer = useVirtualizer({
    count: visible.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => visible[index]!.id,
    overscan: 8,
  });

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (visible.length === 0) return;
    const current = visible.findIndex((item) => item.id === selectedId);
    const last = visible.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: current + 1,
      ArrowUp: current - 1,
      Home: 0,
      End: last,
      PageDown: current + PAGE_ROWS,
      PageUp: current - PAGE_ROWS,
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = Math.min(last, Math.max(0, moves[event.key]!));
    virtualizer.scrollToIndex(next);
    void select(visible[next]!.id);
  };

  return (
    <section className="dictation-list" aria-label="Dictations">
      <div className="list-tools">
        <div className="filters" role="group" aria-label="Show">
          {FILTERS.map((option) => (
            <button key={option.id} type="button" className="chip" aria-pressed={filter === option.id} onClick={() => setFilter(option.id)}>
              {option.label}
            </button>
          ))}
        </div>
        <input type="search" aria-label="Search by label" placeholder="Label or patient…" value={search} onChange={(event) => setSearch(event.target.value)} />
        <PatientFilter />
      </div>
      <div
        ref={scroller}
        className="list-scroller"
        role="listbox"
        aria-label="Dictation list"
        tabIndex={0}
        aria-activedescendant={selectedId ? `dictation-${selectedId}` : undefined}
        onKeyDown={onKeyDown}
        data-testid="dictation-list"
      >
        {visible.length === 0 ? <p className="empty">{order.length === 0 ? 'No dictations yet. Press Record to start.' : 'No dictation matches.'}</p> : null}
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((row) => {
            const item = visible[row.index]!;
            const paused = item.id === recorder.dictationId && recorder.state === 'paused';
            return (
              <div
                key={item.id}
                ref={virtualizer.measureElement}
                data-index={row.index}
                id={`dictation-${item.id}`}
                role="option"
                aria-selected={item.id === selectedId}
                className="dictation-row"
                style={{ position: 'absolute', top: 0, left: 0, right: 0, minHeight: ROW_HEIGHT, transform: `translateY(${row.start}px)` }}
                onClick={() => void select(item.id)}
                data-state={item.state}
              >
                <div className="row-main">
                  <span className="row-label">{whoseLine(patients, item, 'Untitled dictation')}</span>
                  <span className={`state-badge state-${paused ? 'paused' : item.state}`}>{paused ? 'Paused' : STATE_LABELS[item.state]}</span>
                </div>
                <div className="row-meta">
                  {formatDateTime(item.createdAt)} · {formatDuration(item.durationMs)}
                  {item.recovered ? ' · recovered' : ''}
                  {item.correctedAt ? ' · corrected' : ''}
                  {item.reviewedAt ? ' · reviewed' : ''}
                  {item.state === 'uploading' && item.uploadProgress !== null ? ` · ${Math.round(item.uploadProgress * 100)}%` : ''}
                </div>
              </div>
            );
          })}
        </div>
      </div>
      <p className="list-count" aria-live="polite">
        {visible.length} of {order.length}
      </p>
    </section>
  );
}
