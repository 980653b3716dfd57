/**
 * What the page shows of the doctor's words while a dictation is spoken in parts: each part's
 * words as the service heard them (not the note), in part order, and one short line when
 * words cannot come until after Stop. Main sends it as `liveWordsChanged`.
 */

/** A part's words as the service heard them; the longest shown. */
export const LIVE_PART_TEXT_MAX_CHARS = 4_000;
/** Parts listed at most (a 20-minute dictation cut at 4 s). */
export const LIVE_PARTS_MAX = 400;

export type LivePartState =
  /** Sent or being sent; its words are asked for politely. */
  | 'waiting'
  /** The service's words for it are in `text`. */
  | 'heard'
  /** They did not come while recording: they come with the note. */
  | 'after-stop';

export interface LivePart {
  /** Counts from 0, as the part's file name. */
  sequence: number;
  state: LivePartState;
  text: string | null;
}

export interface LiveWords {
  /** The dictation they are of; null when there is nothing to show. */
  dictationId: string | null;
  parts: LivePart[];
  /** Why words are not shown as they come (they follow after Stop), in a few words; null when they are. */
  notice: string | null;
}

export const NO_LIVE_WORDS: LiveWords = { dictationId: null, parts: [], notice: null };
