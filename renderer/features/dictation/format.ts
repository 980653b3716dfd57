/** Display helpers for dictations. Pure. */
import type { DictationState } from '../../../contract/dictation';
import { NONE } from '../../../contract/medication-row';

export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return NONE;
  const total = Math.floor(ms / 1000);
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

/** " · 0:03" after a dictation's date; nothing while it records (its length is then the recorder's running clock). */
export function lengthText(dictation: { state: DictationState; durationMs: number }): string {
  return dictation.state === 'recording' ? '' : ` · ${formatDuration(dictation.durationMs)}`;
}

/** One date format everywhere (contract/dates.ts): "25 Nov 2026, 11:35", "11:35". */
export { formatDateTime, formatTime } from '../../components/dates';

export { medicationRow, type MedicationRow } from '../../../contract/medication-row';
