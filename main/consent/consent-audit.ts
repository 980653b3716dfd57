/**
 * Consent in the audit trail: a patient's answer to the consent question (given, declined, or
 * withdrawn later), and the consent a consultation kept when its recording began. Each takes the
 * trail's writer and says the answer as an entry. Pure.
 */
import type { AuditWriter } from '../audit/audit-event';

/** A consultation's consent as it was kept when its recording began: the patient's answer, or the clinic's register. */
export function consentKept(writer: AuditWriter, manifest: { id: string; patientId: string | null; consent: { kind: 'given' | 'clinic' } | null }): void {
  if (manifest.consent === null) return;
  recordConsent(writer, 'given', { dictationId: manifest.id, patientId: manifest.patientId, for: manifest.consent.kind === 'given' ? 'consultation' : 'consultation (kept in the clinic’s own register)' });
}

/**
 * A patient's answer to the consent question (the consultation's consent step calls this with
 * the trail's writer): given, declined, or withdrawn later; `about` the consultation's
 * dictation where there is one yet, and the patient.
 */
export function recordConsent(writer: AuditWriter, answer: 'given' | 'declined' | 'withdrawn', about: { dictationId?: string | null; patientId: string | null; for?: string }): void {
  writer.record({
    action: answer === 'given' ? 'consent-given' : answer === 'declined' ? 'consent-declined' : 'consent-withdrawn',
    item: about.dictationId ? { kind: 'dictation', id: about.dictationId } : null,
    patientId: about.patientId,
    detail: { for: about.for ?? 'consultation' },
  });
}
