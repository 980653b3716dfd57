/**
 * What the trail says when an outbox kind has sent an item (outbox/outbox-host.ts tells each
 * one): which item, by which of the service's interfaces, to which service. Pure.
 */
import type { AuditEvent } from './audit-event';

interface SentKind {
  api: string;
  item: SentItem;
}

/** What an outbox kind sends: a dictation (its parts too), a lab report, a document made from a recording. */
export type SentItem = 'dictation' | 'lab-report' | 'document';

/** By the kind's name (outbox-kind.ts `name`). */
const SENT_KINDS: Record<string, SentKind> = {
  dictations: { api: 'voice upload', item: 'dictation' },
  'parts of dictations': { api: 'sessions: audio part', item: 'dictation' },
  'dictation sessions': { api: 'sessions: end', item: 'dictation' },
  'corrected notes': { api: 'sessions: document (the corrected note)', item: 'dictation' },
  'lab reports': { api: 'records: lab report upload', item: 'lab-report' },
  documents: { api: 'sessions: another document asked for', item: 'document' },
};

/** The entry for an item the kind sent; `patientOf` finds the patient of a dictation or a lab report. */
export function sentEvent(kindName: string, itemId: string, service: string, patientOf: (kind: SentItem, id: string) => string | null): AuditEvent {
  const kind = SENT_KINDS[kindName];
  if (!kind) return { action: 'sent', detail: { api: kindName, service } };
  // A part's id is its dictation's and its number: `<dictation>#<n>`.
  const [id = itemId, part] = itemId.split('#');
  return {
    action: 'sent',
    item: { kind: kind.item, id },
    patientId: patientOf(kind.item, id),
    detail: { api: kind.api, service, ...(part === undefined ? {} : { count: Number(part) }) },
  };
}
