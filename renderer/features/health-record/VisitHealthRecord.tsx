/**
 * A patient's health record as their view shows it: under each dictation and lab report, where
 * its link stands (waiting, sent, in the health record, refused with the exchange's reason and
 * "Link again", declined by the patient, an older version in the record); above them, why
 * nothing is linked when linking is off, and what was never asked about, with a way to ask now.
 */
import { useState } from 'react';
import { LINK_STATE_LABELS, type LinkedItemKind, type VisitHealthRecord, type VisitLink } from '../../../contract/health-record';
import { useHealthRecordStore } from '../../app/stores';
import { formatDateTime } from '../../components/dates';
import { FieldError } from '../../components/FieldError';

/** The latest link of one item, and whether an earlier version is what the record still holds. */
export function LinkLine({ record, kind, itemId }: { record: VisitHealthRecord | undefined; kind: LinkedItemKind; itemId: string }) {
  const [problem, setProblem] = useState<string | null>(null);
  const links = record?.links.filter((link) => link.itemKind === kind && link.itemId === itemId) ?? [];
  const link: VisitLink | undefined = [...links].sort((a, b) => b.version - a.version)[0];
  if (!link) return null;
  const when = [link.version > 1 ? `corrected version ${link.version}` : null, link.at ? formatDateTime(link.at) : null].filter(Boolean).join(' · ');
  return (
    <div className={`health-record-line state-${link.state}`} data-testid="health-record-state">
      <span className="health-record-label">Health record:</span> <span className={`state-badge link-${link.state}`}>{LINK_STATE_LABELS[link.state]}</span>
      {when ? <span className="hint">{when}</span> : null}
      {link.state === 'refused' && link.problem ? <p className="warning-text" data-testid="health-record-reason">{link.problem}</p> : null}
      {link.state !== 'refused' && link.problem ? <p className="hint">{link.problem}</p> : null}
      {link.outdated ? <p className="hint">Corrected after it was linked: the health record holds the earlier version until the note is marked reviewed again.</p> : null}
      {link.state === 'refused' ? (
        <button type="button" onClick={() => void useHealthRecordStore.getState().linkAgain(link.id).then((error) => setProblem(error?.message ?? null))}>
          Link again
        </button>
      ) : null}
      <FieldError problem={problem} />
    </div>
  );
}

/** Why nothing is linked, or what was never asked about, above the patient's visits. */
export function HealthRecordSummary({ patientId, record }: { patientId: string; record: VisitHealthRecord | undefined }) {
  const [problem, setProblem] = useState<string | null>(null);
  if (!record) return null;
  if (record.linking.why) {
    return (
      <p className="banner info" data-testid="health-record-off">
        {record.linking.why}
      </p>
    );
  }
  if (record.unasked.length === 0) return null;
  const count = record.unasked.length;
  return (
    <div className="banner info health-record-unasked" data-testid="health-record-unasked">
      <span>
        {count} reviewed {count === 1 ? 'record is' : 'records are'} not in the patient’s health record yet.
      </span>
      <button type="button" onClick={() => void useHealthRecordStore.getState().askAgain(patientId).then((error) => setProblem(error?.message ?? null))}>
        Send to health record…
      </button>
      <FieldError problem={problem} />
    </div>
  );
}

/** What deleting the patient leaves at the exchange: the visits linked to their health record. */
export function linkedBeforeDeletion(record: VisitHealthRecord | undefined): string {
  const linked = record?.links.filter((link) => link.state === 'linked' || link.state === 'accepted' || link.state === 'replaced') ?? [];
  if (linked.length === 0) return '';
  const ids = linked.map((link) => link.careContextId).join(', ');
  return ` ${linked.length === 1 ? '1 visit was' : `${linked.length} visits were`} linked to their health record (care context ${ids}): deleting here does not remove ${linked.length === 1 ? 'it' : 'them'} there; the clinic must ask the health exchange.`;
}
