/**
 * A checkpoint: the trail's end at a moment (an entry's number and the fingerprint of its
 * line), named by the trail's id and its data folder's id, as the app writes it to the system
 * log and `--audit-checkpoint` prints it; read back from any log's text (the journal, syslog,
 * the Event Log, the unified log, a clinic's collector) by the one line it always is. Pure.
 */
import { createHash } from 'node:crypto';

export interface Checkpoint {
  seq: number;
  hash: string;
  /** The trail's id (null: given by hand, which names no trail). */
  trail: string | null;
}

/** A checkpoint as found: where it came from, and when the log says it was written. */
export interface FoundCheckpoint extends Checkpoint {
  source: string;
  at: string | null;
}

/** What the system log's entries are known by. */
export const SYSTEM_LOG_NAME = 'scribe-desk-audit';

/** A data folder's id in the system log: the folder's path itself is for people, not to match on. */
export function folderId(userData: string): string {
  return createHash('sha256').update(userData).digest('hex').slice(0, 16);
}

export function checkpointMessage(point: Checkpoint & { trail: string }, userData: string): string {
  return `Scribe Desk audit checkpoint: entry ${point.seq}, fingerprint ${point.hash}, trail ${point.trail}, folder ${folderId(userData)} (${userData})`;
}

/** The fields the journal keeps beside the message, to find a folder's checkpoints by (`journalctl SCRIBE_AUDIT_FOLDER=…`). */
export function checkpointFields(point: Checkpoint & { trail: string }, userData: string): Record<string, string> {
  return { SCRIBE_AUDIT_TRAIL: point.trail, SCRIBE_AUDIT_SEQ: String(point.seq), SCRIBE_AUDIT_HASH: point.hash, SCRIBE_AUDIT_FOLDER: folderId(userData) };
}

const MESSAGE = /Scribe Desk audit checkpoint: entry (\d{1,15}), fingerprint ([0-9a-f]{64}), trail ([0-9a-f]{32}), folder ([0-9a-f]{16})/g;
const STAMP = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:[.,]\d+)?(?:Z|[+-]\d{2}:?\d{2})?)/;

/** Every checkpoint of this data folder in a log's text, oldest first as the log has them; a line that starts with a moment gives its `at`. */
export function checkpointsIn(text: string, userData: string, source: string): FoundCheckpoint[] {
  const id = folderId(userData);
  const found: FoundCheckpoint[] = [];
  for (const line of text.split(/\r?\n/)) {
    for (const match of line.matchAll(MESSAGE)) {
      if (match[4] !== id) continue;
      found.push({ seq: Number(match[1]), hash: match[2]!, trail: match[3]!, source, at: STAMP.exec(line.trim())?.[1] ?? null });
    }
  }
  return found;
}

const EXPECT = /^([1-9]\d{0,14}):([0-9a-fA-F]{16,64})$/;

/** `--expect=SEQ:HASH`: an entry's number and its fingerprint (whole, or its first 16 or more digits, as verify prints them). */
export function parseExpected(text: string): Checkpoint | null {
  const match = EXPECT.exec(text.trim());
  return match ? { seq: Number(match[1]), hash: match[2]!.toLowerCase(), trail: null } : null;
}

/** How a person gives the checkpoint back: `SEQ:HASH`. */
export function checkpointText(point: Pick<Checkpoint, 'seq' | 'hash'>): string {
  return `${point.seq}:${point.hash}`;
}
