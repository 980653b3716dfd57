/**
 * The audit trail's words: every kind of entry (what was done to which kind of thing), how an
 * entry ends (done, or refused and why), the formats an export is written in, and what the
 * Settings screen shows of the doctor's own recent activity. Main writes the entries
 * (main/audit); the page only reads its own activity. Pure.
 */

/** The groups ISO 27789 and the DPDP Rules ask a clinic to account for, and the trail's own. */
export const AUDIT_CATEGORIES = ['created', 'viewed', 'changed', 'left', 'sent', 'deleted', 'consent', 'account', 'policy', 'trail'] as const;
export type AuditCategory = (typeof AUDIT_CATEGORIES)[number];

/** Every kind of entry, with its group and what a person reads for it. */
export const AUDIT_ACTIONS = {
  'recording-created': { category: 'created', text: 'Recording made' },
  'lab-report-created': { category: 'created', text: 'Lab report added' },
  'registration-created': { category: 'created', text: 'ABHA registered' },
  'patient-created': { category: 'created', text: 'Patient added' },
  'document-requested': { category: 'created', text: 'Document asked for from a recording' },
  'note-viewed': { category: 'viewed', text: 'Note opened' },
  'dictation-viewed': { category: 'viewed', text: 'Dictation opened' },
  'recording-loaded': { category: 'viewed', text: 'Recording loaded into the player' },
  'lab-result-viewed': { category: 'viewed', text: 'Lab result opened' },
  'lab-report-details-viewed': { category: 'viewed', text: 'Lab report details shown' },
  'patient-viewed': { category: 'viewed', text: 'Patient opened' },
  'patient-list-viewed': { category: 'viewed', text: 'Patient list shown' },
  'abha-card-viewed': { category: 'viewed', text: 'ABHA card shown' },
  'document-viewed': { category: 'viewed', text: 'Document opened' },
  'note-corrected': { category: 'changed', text: 'Note corrected' },
  'note-correction-undone': { category: 'changed', text: 'Note corrections undone' },
  'note-marked-reviewed': { category: 'changed', text: 'Note marked reviewed' },
  'note-review-removed': { category: 'changed', text: 'Note review mark removed' },
  'lab-result-marked-reviewed': { category: 'changed', text: 'Lab result marked reviewed' },
  'lab-result-review-removed': { category: 'changed', text: 'Lab result review mark removed' },
  'document-marked-reviewed': { category: 'changed', text: 'Document marked reviewed' },
  'document-review-removed': { category: 'changed', text: 'Document review mark removed' },
  'patient-changed': { category: 'changed', text: 'Patient details changed' },
  'item-patient-changed': { category: 'changed', text: 'Patient of an item changed' },
  'label-changed': { category: 'changed', text: 'Label changed' },
  copied: { category: 'left', text: 'Copied to the clipboard' },
  inserted: { category: 'left', text: 'Inserted into another program' },
  exported: { category: 'left', text: 'Exported to a file' },
  printed: { category: 'left', text: 'Printed' },
  'original-opened': { category: 'left', text: 'Original opened in another program' },
  sent: { category: 'sent', text: 'Sent to the service' },
  deleted: { category: 'deleted', text: 'Deleted' },
  'consent-given': { category: 'consent', text: 'Consent given' },
  'consent-declined': { category: 'consent', text: 'Consent declined' },
  'consent-withdrawn': { category: 'consent', text: 'Consent withdrawn' },
  'health-record-agreed': { category: 'consent', text: 'Patient agreed to send the visit to their health record' },
  'health-record-declined': { category: 'consent', text: 'Patient declined to send the visit to their health record' },
  'health-record-linked': { category: 'sent', text: "Linked to the patient's health record" },
  'health-record-refused': { category: 'sent', text: 'Link to the health record refused' },
  'signed-in': { category: 'account', text: 'Signed in to the service' },
  'sign-in-refused': { category: 'account', text: 'Sign-in refused by the service' },
  'signed-out': { category: 'account', text: 'Signed out of the service' },
  'policy-applied': { category: 'policy', text: 'Machine policy applied' },
  'policy-refused': { category: 'policy', text: 'Machine policy refused' },
  'policy-overridden': { category: 'policy', text: 'Unusable policy set aside for test data' },
  'trail-opened': { category: 'trail', text: 'Audit trail opened' },
  'trail-break': { category: 'trail', text: 'Audit trail restarted after a break' },
  'trail-removed': { category: 'trail', text: 'Audit files past retention removed' },
  'system-log-refused': { category: 'trail', text: 'Checkpoints refused by the system log' },
} as const satisfies Record<string, { category: AuditCategory; text: string }>;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

export function isAuditAction(value: string): value is AuditAction {
  return Object.hasOwn(AUDIT_ACTIONS, value);
}

/** What an entry is about. */
export const AUDIT_ITEM_KINDS = ['dictation', 'lab-report', 'patient', 'registration', 'trail-file', 'document'] as const;
export type AuditItemKind = (typeof AUDIT_ITEM_KINDS)[number];

/** How an entry ended: done, or refused with a reason in a few words (never patient data). */
export type AuditOutcome = { done: true } | { done: false; reason: string };

export const AUDIT_DONE: AuditOutcome = { done: true };

/** The formats `--audit-export` writes. */
export const AUDIT_EXPORT_FORMATS = ['jsonl', 'csv'] as const;
export type AuditExportFormat = (typeof AUDIT_EXPORT_FORMATS)[number];

/** The least, and the default, number of days the trail is kept (DPDP Rules 2025: at least a year). */
export const AUDIT_MIN_RETENTION_DAYS = 365;

/** One entry of the doctor's recent activity, as Settings lists it. */
export interface ActivityEntry {
  /** ISO 8601, UTC. */
  at: string;
  action: AuditAction;
  /** What a person reads for the action ("Note opened"), with what it went to where that says more ("Sent to the service: voice upload"). */
  text: string;
  /** The patient's pseudonym (never a name), or null. */
  patient: string | null;
  /** Null when done; why it was refused otherwise. */
  refused: string | null;
}

/** What Settings shows: the doctor's own entries, newest first, and whether the trail is being written. */
export interface ActivityView {
  entries: ActivityEntry[];
  /** The OS user the entries are of. */
  user: string;
  /** Why the trail is not being written now (a full disk, keys that cannot be opened), in plain words; null when it is. */
  problem: string | null;
}
