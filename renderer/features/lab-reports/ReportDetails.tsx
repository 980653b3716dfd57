/**
 * The report's patient details, masked until the doctor asks for them. They are fetched from
 * main each time they are shown and kept only in this component's state: "Hide details",
 * closing the result or leaving the screen forgets them.
 */
import { useState } from 'react';
import type { LabReportDetails } from '../../../contract/lab-reports';
import { scribe } from '../../bridge';
import { sampleDateText } from './lab-format';

const FIELDS: Array<{ key: keyof LabReportDetails; label: string }> = [
  { key: 'patientName', label: 'Patient' },
  { key: 'age', label: 'Age' },
  { key: 'gender', label: 'Gender' },
  { key: 'sampleDate', label: 'Sample taken' },
  { key: 'lab', label: 'Lab' },
  { key: 'doctor', label: 'Doctor' },
];

function shown(key: keyof LabReportDetails, value: string | null): string {
  if (value === null) return 'Not in the report';
  return key === 'sampleDate' ? sampleDateText(value) : value;
}

export function ReportDetails({ labReportId, fileName }: { labReportId: string; fileName: string }) {
  const [details, setDetails] = useState<LabReportDetails | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const show = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const result = await scribe.showLabReportDetails({ id: labReportId });
      if (!result.ok) setProblem(result.error.message);
      else if (result.value === null) setProblem('This report has no patient details.');
      else setDetails(result.value);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="report-details" aria-label={`Patient details of ${fileName}`}>
      <div className="details-head">
        <h3>Patient details</h3>
        {details ? (
          <button type="button" onClick={() => setDetails(null)}>
            Hide details
          </button>
        ) : (
          <button type="button" disabled={busy} onClick={() => void show()}>
            Show details
          </button>
        )}
        {problem ? (
          <span className="field-error" role="alert">
            {problem}
          </span>
        ) : null}
      </div>
      <dl data-testid="report-details">
        {FIELDS.map(({ key, label }) => (
          <div key={key} className="detail">
            <dt>{label}</dt>
            {details ? (
              <dd className={details[key] === null ? 'absent' : undefined}>{shown(key, details[key])}</dd>
            ) : (
              <dd className="masked">
                <span aria-hidden="true">••••••</span>
                <span className="visually-hidden">hidden</span>
              </dd>
            )}
          </div>
        ))}
      </dl>
    </section>
  );
}
