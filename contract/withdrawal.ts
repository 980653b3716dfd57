/**
 * A consultation whose consent was withdrawn: what the transcription service may still hold of
 * it, by the ids it knows, and the request the clinic sends the service to delete it (ids and a
 * date only, never patient data). The service's interface has no way to delete a session, so
 * the clinic asks. Pure.
 */

/** The service's ids for what it may hold of one consultation. */
export interface ServiceRecords {
  /** Sessions of the sessions API (the parts, the transcript and the notes are in them). */
  sessions: string[];
  /** Transactions of the voice upload. */
  transactions: string[];
  /** Documents made in a session (the doctor's corrected note). */
  documents: string[];
}

export const NO_SERVICE_RECORDS: ServiceRecords = { sessions: [], transactions: [], documents: [] };

/** What the page is told after a withdrawal. */
export interface Withdrawal {
  /** Whether any request about the consultation was issued to the service (its answer may never have come). */
  reachedService: boolean;
  records: ServiceRecords;
  /** The request to send the service; null when nothing reached it. */
  request: string | null;
}

export function recordIds(records: ServiceRecords): string[] {
  return [...records.sessions, ...records.transactions, ...records.documents];
}

const listed = (name: string, ids: string[]) => (ids.length > 0 ? [`${name}: ${ids.join(', ')}`] : []);

/** The text for the clinic to send the service; `day`: the date of the withdrawal (YYYY-MM-DD). */
export function deletionRequest(records: ServiceRecords, day: string): string | null {
  if (recordIds(records).length === 0) return null;
  return [
    `Please delete everything you hold of the consultation below: the patient withdrew their consent on ${day}.`,
    ...listed('Sessions', records.sessions),
    ...listed('Voice transactions', records.transactions),
    ...listed('Documents', records.documents),
  ].join('\n');
}
