/**
 * One patient's visits readable in one place: their details, then each dictation with its
 * medicines and state and each lab report with its values out of range and any mismatch with
 * the patient, newest first, each opened in place; choosing them for the visit, and deleting
 * them with everything made for them.
 */
import { useEffect, useMemo, useState } from 'react';
import { MODE_NAMES, STATE_LABELS } from '../../../contract/dictation';
import { LAB_FLAG_LABELS, LAB_REPORT_STATE_LABELS } from '../../../contract/lab-reports';
import type { VisitHealthRecord } from '../../../contract/health-record';
import type { PatientVisit, VisitDictation, VisitLabReport } from '../../../contract/patient-visit';
import { SEX_NAMES, patientLine, patientName, type Patient } from '../../../contract/patients';
import { useNavigationStore } from '../../app/navigation-store';
import { useDictationStore, useHealthRecordStore, useLabReportsStore, usePatientsStore } from '../../app/stores';
import { scribe } from '../../bridge';
import { ConfirmButton } from '../../components/ConfirmButton';
import { Contained } from '../../components/Contained';
import { formatDateTime } from '../../components/dates';
import { TestDataBadge } from '../../components/TestDataMark';
import { MedicationsTable } from '../dictation/ResultView';
import { LabReportView } from '../lab-reports/LabReportView';
import { PATIENT_MISMATCH_TITLE, patientMismatchLine } from '../../../contract/report-patient';
import { HealthRecordSummary, LinkLine, linkedBeforeDeletion } from '../health-record/VisitHealthRecord';
import { PatientForm } from './PatientForm';

/** The patient's visit, asked of main again whenever one of their items changes. */
function usePatientVisit(patientId: string): { visit: PatientVisit | null; problem: string | null } {
  const dictations = useDictationStore((state) => state.items);
  const labReports = useLabReportsStore((state) => state.labReports);
  const changes = useMemo(
    () =>
      [
        ...[...dictations.values()].filter((item) => item.patientId === patientId).map((item) => `${item.id}:${item.state}:${item.correctedAt}:${item.reviewedAt}`),
        ...labReports.filter((item) => item.patientId === patientId).map((item) => `${item.id}:${item.state}`),
      ].join(','),
    [dictations, labReports, patientId],
  );
  const [answer, setAnswer] = useState<{ visit: PatientVisit | null; problem: string | null }>({ visit: null, problem: null });
  // A link of theirs changed (sent, linked, refused): asked again too.
  const [links, setLinks] = useState(0);
  useEffect(() => scribe.on.healthRecordChanged((changed) => changed.patientId === patientId && setLinks((count) => count + 1)), [patientId]);
  const questions = useHealthRecordStore((state) => state.questions.length);
  useEffect(() => {
    let current = true;
    void scribe.getPatientVisit({ id: patientId }).then((result) => {
      if (current) setAnswer(result.ok ? { visit: result.value, problem: null } : { visit: null, problem: result.error.message });
    });
    return () => {
      current = false;
    };
  }, [patientId, changes, links, questions]);
  return answer;
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

/** A disclosure that opens its item in place. */
function OpenInPlace({ id, label, open, onToggle }: { id: string; label: string; open: boolean; onToggle(): void }) {
  return (
    <button type="button" className="disclosure" aria-expanded={open} aria-controls={open ? id : undefined} onClick={onToggle}>
      <span className="disclosure-mark" aria-hidden="true">
        {open ? '▾' : '▸'}
      </span>
      {open ? 'Close' : 'Open'} <span className="visually-hidden">{label}</span>
    </button>
  );
}

function DictationItem({ item, patientId, record }: { item: VisitDictation; patientId: string; record: VisitHealthRecord | undefined }) {
  const [open, setOpen] = useState(false);
  const regionId = `visit-dictation-${item.id}`;
  const medicines = item.medicines;
  const summary =
    medicines === null ? 'No note yet.' : medicines.length === 0 ? 'No medicine prescribed.' : medicines.map((row) => [row.name, row.dose].filter((part) => part && part !== '—').join(' ')).join(' · ');
  const show = () => {
    void useDictationStore.getState().select(item.id);
    if (usePatientsStore.getState().view.visitPatientId !== patientId) usePatientsStore.getState().setScope('all');
    useNavigationStore.getState().show('dictation');
  };
  return (
    <article className="visit-item" aria-label={`${MODE_NAMES[item.mode]}, ${formatDateTime(item.createdAt)}`}>
      <header>
        <span className="timeline-kind">{MODE_NAMES[item.mode]}</span>
        <span className="timeline-time">{formatDateTime(item.createdAt)}</span>
        {item.label ? <span className="timeline-what">{item.label}</span> : null}
        <span className={`state-badge state-${item.state}`}>{STATE_LABELS[item.state]}</span>
        {item.testData ? <TestDataBadge /> : null}
        {item.corrected ? <span className="state-badge corrected">Corrected</span> : null}
        {item.reviewedAt ? <span className="state-badge reviewed">Reviewed</span> : null}
      </header>
      <p className="visit-summary" data-testid="visit-medicines">
        {summary}
      </p>
      <LinkLine record={record} kind="dictation" itemId={item.id} />
      <OpenInPlace id={regionId} label={`the dictation of ${formatDateTime(item.createdAt)}`} open={open} onToggle={() => setOpen(!open)} />
      {open ? (
        <div id={regionId} className="visit-open">
          {medicines && medicines.length > 0 ? <MedicationsTable rows={medicines} testData={item.testData} /> : <p className="hint">{summary}</p>}
          <button type="button" className="link" onClick={show}>
            Show in Dictation
          </button>
        </div>
      ) : null}
    </article>
  );
}

function LabItem({ item, patient, record }: { item: VisitLabReport; patient: Patient; record: VisitHealthRecord | undefined }) {
  const [open, setOpen] = useState(false);
  const summary = useLabReportsStore((state) => state.labReports.find((report) => report.id === item.id));
  const regionId = `visit-lab-${item.id}`;
  const flagged = item.flagged.map((test) => `${test.name} ${[test.value, test.unit].filter(Boolean).join(' ')} ${LAB_FLAG_LABELS[test.flag].toLowerCase()}`).join(' · ');
  return (
    <article className="visit-item" aria-label={`Lab report ${item.fileName}, ${formatDateTime(item.createdAt)}`}>
      <header>
        <span className="timeline-kind">Lab report</span>
        <span className="timeline-time">{formatDateTime(item.createdAt)}</span>
        <span className="timeline-what">{item.fileName}</span>
        <span className={`state-badge state-${item.state}`}>{LAB_REPORT_STATE_LABELS[item.state]}</span>
        {item.testData ? <TestDataBadge /> : null}
      </header>
      {item.patientDiffers.length > 0 ? (
        <p className="banner error patient-warning" role="alert">
          <strong>{PATIENT_MISMATCH_TITLE}</strong> {patientMismatchLine(patientLine(patient), item.patientDiffers)}
        </p>
      ) : null}
      <p className="visit-summary" data-testid="visit-flagged">
        {item.state !== 'ready' ? 'Not read yet.' : item.flagged.length > 0 ? `Out of range: ${flagged}` : `All ${item.tests} values in range.`}
      </p>
      <LinkLine record={record} kind="lab-report" itemId={item.id} />
      {item.state === 'ready' && summary ? (
        <>
          <OpenInPlace id={regionId} label={`the result of ${item.fileName}`} open={open} onToggle={() => setOpen(!open)} />
          {open ? (
            <Contained failure="This report's result could not be shown." advice="The report is kept." resetKeys={[item.id]}>
              <LabReportView labReport={summary} regionId={regionId} />
            </Contained>
          ) : null}
        </>
      ) : null}
    </article>
  );
}

function VisitItems({ patient, visit, problem }: { patient: Patient; visit: PatientVisit | null; problem: string | null }) {
  if (problem) return <p className="field-error">{problem}</p>;
  if (!visit) return <p className="hint">Loading…</p>;
  const items = [...visit.dictations.map((item) => ({ kind: 'dictation' as const, item })), ...visit.labReports.map((item) => ({ kind: 'lab' as const, item }))].sort((a, b) =>
    a.item.createdAt < b.item.createdAt ? 1 : -1,
  );
  if (items.length === 0) return <p className="empty">Nothing yet. Choose this patient for the visit, then record or upload: it is kept under them.</p>;
  return (
    <ol className="patient-timeline" aria-label="Dictations and lab reports, newest first">
      {items.map((entry) => (
        <li key={`${entry.kind}-${entry.item.id}`}>
          {entry.kind === 'dictation' ? (
            <DictationItem item={entry.item} patientId={patient.id} record={visit.healthRecord} />
          ) : (
            <LabItem item={entry.item} patient={patient} record={visit.healthRecord} />
          )}
        </li>
      ))}
    </ol>
  );
}

export function PatientView({ patient }: { patient: Patient }) {
  const visitPatientId = usePatientsStore((state) => state.view.visitPatientId);
  const dictations = useDictationStore((state) => [...state.items.values()].filter((item) => item.patientId === patient.id).length);
  const reports = useLabReportsStore((state) => state.labReports.filter((item) => item.patientId === patient.id).length);
  const { choose, remove } = usePatientsStore.getState();
  const [editing, setEditing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const chosen = visitPatientId === patient.id;
  const { visit, problem: visitProblem } = usePatientVisit(patient.id);
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
            {chosen ? null : (
              <button type="button" className="primary" onClick={() => void choose(patient.id).then((error) => setProblem(error?.message ?? null))}>
                Use for this visit
              </button>
            )}
            <button type="button" onClick={() => setEditing(true)}>
              Change details
            </button>
            <ConfirmButton
              label="Delete patient"
              question={`Delete ${patientName(patient)} and their ${plural(dictations, 'dictation')} and ${plural(reports, 'lab report')} from this computer?${linkedBeforeDeletion(visit?.healthRecord)}`}
              confirmLabel={`Delete patient and ${plural(dictations + reports, 'item')}`}
              onConfirm={() => void remove(patient.id, dictations + reports).then((error) => setProblem(error?.message ?? null))}
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
      <HealthRecordSummary patientId={patient.id} record={visit?.healthRecord} />
      <VisitItems patient={patient} visit={visit} problem={visitProblem} />
    </section>
  );
}
