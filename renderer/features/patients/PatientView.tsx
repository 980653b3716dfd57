/** One patient's visit in one place: their details, their dictations and lab reports by time with states, and what can be done with them. */
import { useMemo, useState } from 'react';
import { STATE_LABELS, UNTITLED } from '../../../contract/dictation';
import { LAB_REPORT_STATE_LABELS } from '../../../contract/lab-reports';
import { SEX_NAMES, patientName, type Patient } from '../../../contract/patients';
import { useNavigationStore } from '../../app/navigation-store';
import { useDictationStore, useLabReportsStore, usePatientsStore } from '../../app/stores';
import { ConfirmButton } from '../../components/ConfirmButton';
import { formatDateTime } from '../../components/dates';
import { PatientForm } from './PatientForm';

interface TimelineItem {
  kind: 'dictation' | 'lab-report';
  id: string;
  createdAt: string;
  what: string;
  state: string;
  stateClass: string;
}

/** The patient's dictations and lab reports, newest first. */
function useTimeline(patientId: string): TimelineItem[] {
  const dictations = useDictationStore((state) => state.items);
  const labReports = useLabReportsStore((state) => state.labReports);
  return useMemo(() => {
    const items: TimelineItem[] = [
      ...[...dictations.values()]
        .filter((item) => item.patientId === patientId)
        .map((item) => ({ kind: 'dictation' as const, id: item.id, createdAt: item.createdAt, what: item.label || UNTITLED, state: STATE_LABELS[item.state], stateClass: item.state })),
      ...labReports
        .filter((item) => item.patientId === patientId)
        .map((item) => ({ kind: 'lab-report' as const, id: item.id, createdAt: item.createdAt, what: item.fileName, state: LAB_REPORT_STATE_LABELS[item.state], stateClass: item.state })),
    ];
    return items.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
  }, [dictations, labReports, patientId]);
}

function openItem(item: TimelineItem, patientId: string): void {
  const navigation = useNavigationStore.getState();
  if (item.kind === 'dictation') {
    void useDictationStore.getState().select(item.id);
    navigation.show('dictation');
    return;
  }
  usePatientsStore.getState().setFilter(patientId);
  const labReports = useLabReportsStore.getState();
  if (!labReports.expanded.has(item.id) && labReports.labReports.find((report) => report.id === item.id)?.state === 'ready') labReports.toggleExpanded(item.id);
  navigation.show('lab-reports');
}

function Details({ patient }: { patient: Patient }) {
  const rows: Array<[string, string | null]> = [
    ['Name', patient.name],
    ['Label', patient.label || null],
    ['Age', patient.age === null ? null : `${patient.age} years`],
    ['Sex', patient.sex ? SEX_NAMES[patient.sex] : null],
    ['ABHA number', patient.abhaNumber],
    ['ABHA address', patient.abhaAddress],
  ];
  return (
    <dl className="patient-details">
      {rows
        .filter(([, value]) => value !== null)
        .map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}

export function PatientView({ patient }: { patient: Patient }) {
  const visitPatientId = usePatientsStore((state) => state.view.visitPatientId);
  const { choose, remove } = usePatientsStore.getState();
  const timeline = useTimeline(patient.id);
  const [editing, setEditing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const chosen = visitPatientId === patient.id;
  const dictations = timeline.filter((item) => item.kind === 'dictation').length;
  const reports = timeline.length - dictations;
  const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

  return (
    <section className="patient-view" aria-label="Patient" data-testid="patient-view">
      <header>
        <h2>{patientName(patient)}</h2>
        {chosen ? <span className="state-badge chosen">Chosen for this visit</span> : null}
      </header>
      {editing ? (
        <PatientForm patient={patient} submitLabel="Save patient" onDone={() => setEditing(false)} />
      ) : (
        <>
          <Details patient={patient} />
          <div className="detail-actions" role="group" aria-label="Patient actions">
            {chosen ? (
              <button type="button" onClick={() => void choose(null).then((error) => setProblem(error?.message ?? null))}>
                Stop using for this visit
              </button>
            ) : (
              <button type="button" className="primary" onClick={() => void choose(patient.id).then((error) => setProblem(error?.message ?? null))}>
                Use for this visit
              </button>
            )}
            <button type="button" onClick={() => setEditing(true)}>
              Change details
            </button>
            <ConfirmButton
              label="Delete patient"
              question={`Delete ${patientName(patient)} and their ${plural(dictations, 'dictation')} and ${plural(reports, 'lab report')} from this computer?`}
              confirmLabel={`Delete patient and ${plural(timeline.length, 'item')}`}
              onConfirm={() => void remove(patient.id, timeline.length).then((error) => setProblem(error?.message ?? null))}
            />
          </div>
        </>
      )}
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
      <h3>Dictations and lab reports</h3>
      {timeline.length === 0 ? (
        <p className="empty">Nothing yet. Choose “Use for this visit”, then record or upload: it is kept under this patient.</p>
      ) : (
        <ol className="patient-timeline" aria-label="Dictations and lab reports, newest first">
          {timeline.map((item) => (
            <li key={`${item.kind}-${item.id}`}>
              <button type="button" className="timeline-item" onClick={() => openItem(item, patient.id)}>
                <span className="timeline-kind">{item.kind === 'dictation' ? 'Dictation' : 'Lab report'}</span>
                <span className="timeline-what">{item.what}</span>
                <span className="timeline-time">{formatDateTime(item.createdAt)}</span>
                <span className={`state-badge state-${item.stateClass}`}>{item.state}</span>
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
