/**
 * The list of dictations, newest first, filtered by state, search and patient, drawn only where it
 * is seen (virtualized).
 */
import { PatientText } from '../../components/PatientText';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef } from 'react';
import { NO_PATIENT, STATE_LABELS, UNFINISHED_STATES, type DictationSummary, type RecorderState } from '../../../contract/dictation';
import { patientLine, type Patient } from '../../../contract/patients';
import { formatDateTime, lengthText } from './format';
import { useDictationStore, usePatientsStore } from '../../app/stores';
import { ListScope, inScope, whoseLine } from '../patients/ListScope';
import { visitPatient, type ListScope as ListScopeName } from '../patients/patients-store';
import { orderedIds, type DictationState, type StatusFilter } from './dictation-store';

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

/** The dictations the filters, the search and the patient filter let through, newest first; and how many there are in all. */
function useVisibleDictations() {
  const items = useDictationStore((state) => state.items);
  const filter = useDictationStore((state) => state.filter);
  const search = useDictationStore((state) => state.search);
  const patients = usePatientsStore((state) => state.view.patients);
  const scope = usePatientsStore((state) => state.scope);
  const visitId = usePatientsStore((state) => state.view.visitPatientId);
  const order = useMemo(() => orderedIds(items), [items]);
  const visible = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return order
      .map((id) => items.get(id))
      .filter((item): item is DictationSummary => item !== undefined && inScope(scope, visitId, item) && matches(item, filter, needle, whoseLine(patients, item, '')));
  }, [items, order, filter, search, patients, scope, visitId]);
  return { visible, total: order.length };
}

/** Whose dictations, the state filters and the search above the list. */
function ListTools() {
  const filter = useDictationStore((state) => state.filter);
  const search = useDictationStore((state) => state.search);
  const { setFilter, setSearch } = useDictationStore.getState();
  return (
    <div className="list-tools">
      <ListScope what="dictations" />
      <div className="filters" role="group" aria-label="Show">
        {FILTERS.map((option) => (
          <button key={option.id} type="button" className="chip" aria-pressed={filter === option.id} onClick={() => setFilter(option.id)}>
            {option.label}
          </button>
        ))}
      </div>
      <input type="search" aria-label="Search by patient or label" placeholder="Patient or label…" value={search} onChange={(event) => setSearch(event.target.value)} />
    </div>
  );
}

const HELD_LABELS: Partial<Record<RecorderState, string>> = { paused: 'Paused', halted: 'Stopped' };

/** One dictation's row: whose it is, its state, when, how long, and what was done to it. */
function DictationRowContent({ item }: { item: DictationSummary }) {
  // The recorder's own word while this recording is paused, or stopped by the patient's withdrawal and awaiting the doctor's answer.
  const held = useDictationStore((state) => (item.id === state.recorder.dictationId ? HELD_LABELS[state.recorder.state] : undefined));
  const patients = usePatientsStore((state) => state.view.patients);
  return (
    <>
      <div className="row-main">
        <span className={item.patientId ? 'row-label' : 'row-label no-patient'}>
          <PatientText text={whoseLine(patients, item, NO_PATIENT)} />
        </span>
        <span className={`state-badge state-${held ? 'paused' : item.state}`}>{held ?? STATE_LABELS[item.state]}</span>
      </div>
      <div className="row-meta">
        {formatDateTime(item.createdAt)}
        {lengthText(item)}
        {item.recovered ? ' · recovered' : ''}
        {item.correctedAt ? ' · corrected' : ''}
        {item.reviewedAt ? ' · reviewed' : ''}
        {item.contradictions > 0 ? (
          <span className="row-flag" data-testid="row-contradicts">
            {' · '}
            <span aria-hidden="true">⚠ </span>prescription contradicts itself
          </span>
        ) : null}
        {item.state === 'uploading' && item.uploadProgress !== null ? ` · ${Math.round(item.uploadProgress * 100)}%` : ''}
      </div>
    </>
  );
}

/** What an empty list says: never "none yet" before main has listed them. */
function emptyLineOf(listing: DictationState['listing'], patient: Patient | null, total: number, scope: ListScopeName): string {
  if (listing === 'asked') return 'Listing the dictations on this computer…';
  if (listing === 'failed') return 'The dictations could not be listed.';
  if (patient) return `No dictation for ${patientLine(patient)} yet. Press Record to start.`;
  if (total === 0) return 'No dictations yet. Press Record to start.';
  return scope === 'today' ? 'No dictation today.' : 'No dictation matches.';
}

export function DictationList() {
  const selectedId = useDictationStore((state) => state.selectedId);
  const { select } = useDictationStore.getState();
  const scroller = useRef<HTMLDivElement>(null);
  const { visible, total } = useVisibleDictations();
  const scope = usePatientsStore((state) => state.scope);
  const chosen = usePatientsStore((state) => visitPatient(state.view));
  const listing = useDictationStore((state) => state.listing);
  const emptyLine = emptyLineOf(listing, scope === 'patient' ? chosen : null, total, scope);

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
      <ListTools />
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
        {visible.length === 0 ? (
          <p className="empty">
            <PatientText text={emptyLine} />
          </p>
        ) : null}
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((row) => {
            const item = visible[row.index]!;
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
                <DictationRowContent item={item} />
              </div>
            );
          })}
        </div>
      </div>
      <p className="list-count" aria-live="polite">
        {visible.length} of {total}
      </p>
    </section>
  );
}
