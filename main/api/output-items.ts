/**
 * An output item of a transcription result as the app reads it: the item, or why it could not
 * be read. Apart from the voice operations (voice-api.ts) so that what keeps and shows results
 * does not load the service's HTTP client and schemas with it.
 */
import type { OutputItem } from './response-schemas';

/** Output items read from one answer; more are counted, not read. */
export const MAX_OUTPUT_ITEMS = 100;

/** An output item that is not one: why (`status: Invalid input…`), and its template id when it has one as text. */
export interface UnreadableOutputItem {
  unreadable: string;
  template_id: string | null;
}

export type OutputItemRead = OutputItem | UnreadableOutputItem;

export function isUnreadableItem(item: OutputItemRead): item is UnreadableOutputItem {
  return 'unreadable' in item;
}
