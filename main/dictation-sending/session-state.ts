/**
 * What a dictation's manifest says about its transcription session, and the changes that
 * move it on: which parts the service holds, whether End may go, and giving a session up
 * (it expired before End, or a retry starts afresh) without ever ending it. Pure.
 */
import { randomBytes } from 'node:crypto';
import type { DictationManifest, SessionState } from '../dictations/dictation-manifest';

/** A dictation that goes another way from now on: no attempts made that way yet, nothing to wait for. */
export const FRESH_START = { attempts: 0, nextAttemptAt: null } as const satisfies Partial<DictationManifest>;

/** 16–32 characters, as the service takes a client's own session id. */
export function newSessionId(): string {
  return `sd_${randomBytes(12).toString('hex')}`;
}

export function freshSession(): SessionState {
  return { id: newSessionId(), upload: null, sealedUpload: null, expiresAt: null, acked: [], endedAt: null, patientTold: null, sealedPatientTold: null };
}

/** True when every part of a finished recording has been acknowledged in the current session: End may go. */
export function readyToEnd(manifest: DictationManifest): boolean {
  const { session, partCount } = manifest;
  if (manifest.api !== 'sessions' || partCount === null || partCount === 0 || !session?.upload || session.endedAt) return false;
  const acked = new Set(session.acked);
  for (let sequence = 0; sequence < partCount; sequence += 1) if (!acked.has(sequence)) return false;
  return true;
}

export function isAcked(manifest: DictationManifest, sequence: number): boolean {
  return manifest.session?.acked.includes(sequence) ?? false;
}

/** The change that gives the current session up (never ended by the app) and starts the parts again in a new one. */
export function abandonSession(manifest: DictationManifest): Partial<DictationManifest> {
  if (!manifest.session) return {};
  return { session: null, previousSessionIds: [...manifest.previousSessionIds, manifest.session.id] };
}

/** The change that records a part as acknowledged, if the session it went to is still the dictation's. */
export function ackPart(manifest: DictationManifest, sessionId: string, sequence: number): Partial<DictationManifest> | null {
  const session = manifest.session;
  if (!session || session.id !== sessionId || session.acked.includes(sequence)) return null;
  return { session: { ...session, acked: [...session.acked, sequence].sort((a, b) => a - b) } };
}

/**
 * The change that sends the whole recording by the voice upload instead, saying why: the
 * session cannot be used (a part or End refused for good, the parts could not be cut). The
 * session is given up, never ended. The voice upload starts afresh: it does not wait out what
 * the parts were waiting for.
 */
export function sendWholeInstead(manifest: DictationManifest, why: string): Partial<DictationManifest> {
  return { ...abandonSession(manifest), ...FRESH_START, api: 'voice-upload', problem: `${why.replace(/\.$/, '')}. The recording is sent whole instead.` };
}
