/**
 * What the audit trail says of a link: sent to the exchange (which record, by which interface,
 * to which service, under which care context), then in the health record or refused. The
 * patient's answer is written by the page's operation (operation-audit.ts). Pure.
 */
import type { AuditEvent } from '../audit/audit-event';
import type { LinkManifest } from './link-store';

const API = 'abdm-connect: care context link';

export function linkSent(link: LinkManifest, service: string): AuditEvent {
  return {
    action: 'sent',
    item: { kind: link.itemKind, id: link.itemId },
    patientId: link.patientId,
    detail: { api: API, service, serviceIds: link.careContextId, how: link.agreedBy === 'policy' ? 'by the clinic’s policy' : 'with the patient’s agreement', ...(link.linkVersion > 1 ? { count: link.linkVersion } : {}) },
  };
}

export function linkFinished(link: LinkManifest, service: string): AuditEvent | null {
  if (link.state !== 'linked' && link.state !== 'refused') return null;
  return {
    action: link.state === 'linked' ? 'health-record-linked' : 'health-record-refused',
    item: { kind: link.itemKind, id: link.itemId },
    patientId: link.patientId,
    outcome: link.state === 'linked' ? { done: true } : { done: false, reason: 'the service or the health exchange refused it' },
    detail: { api: API, service, serviceIds: link.careContextId },
  };
}
