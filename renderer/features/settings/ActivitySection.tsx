/**
 * The doctor's own recent activity, as the audit trail keeps it (newest first): what was done
 * with patient data on this computer under their user, each patient by pseudonym, and whether
 * the trail is being written at all (a full disk stops it, never the work). Asked of main when
 * shown and on "Refresh"; held in this component only.
 */
import { useCallback, useEffect, useState } from 'react';
import type { ActivityView } from '../../../contract/audit';
import { dateTimeText } from '../../../contract/dates';
import type { Result } from '../../../contract/result';
import { scribe } from '../../bridge';
import { FieldError } from '../../components/FieldError';

export function ActivitySection() {
  const [view, setView] = useState<ActivityView | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const apply = useCallback((result: Result<ActivityView>) => {
    if (result.ok) {
      setView(result.value);
      setProblem(null);
    } else setProblem(result.error.message);
  }, []);
  useEffect(() => {
    let shown = true;
    void scribe.getAuditActivity().then((result) => shown && apply(result));
    return () => {
      shown = false;
    };
  }, [apply]);
  const load = async () => {
    setBusy(true);
    try {
      apply(await scribe.getAuditActivity());
    } finally {
      setBusy(false);
    }
  };

  return (
    <fieldset className="activity" aria-busy={busy}>
      <legend>Your recent activity</legend>
      <p className="hint">
        What you did with patient data on this computer{view ? ` (as ${view.user})` : ''}, as the audit trail keeps it. Patients are shown by pseudonym; your clinic&apos;s
        administrator can export the whole trail.
      </p>
      {view?.problem ? (
        <div className="banner error" role="alert" data-testid="audit-problem">
          {view.problem}
        </div>
      ) : null}
      <FieldError problem={problem} />
      {view && view.entries.length === 0 ? <p data-testid="activity-empty">Nothing yet.</p> : null}
      {view && view.entries.length > 0 ? (
        <table className="activity" data-testid="activity">
          <caption className="visually-hidden">Your recent activity, newest first</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">What</th>
              <th scope="col">Patient</th>
              <th scope="col">Outcome</th>
            </tr>
          </thead>
          <tbody>
            {view.entries.map((entry, index) => (
              <tr key={`${entry.at}-${index}`}>
                <td>{dateTimeText(entry.at)}</td>
                <td>{entry.text}</td>
                <td>{entry.patient ?? '—'}</td>
                <td>{entry.refused === null ? 'Done' : `Refused: ${entry.refused}`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <button type="button" disabled={busy} onClick={() => void load()}>
        Refresh
      </button>
    </fieldset>
  );
}
