/** A fault in the page, as one short technical line for a details view. Pure. */
import { cutText } from '../../contract/text';

const MAX_CHARS = 300;

function describe(error: unknown): string {
  if (error instanceof Error) return `${String(error.name)}: ${String(error.message)}`;
  if (typeof error === 'string') return error;
  return 'unknown error';
}

/** What went wrong, technically; quoted parts (which may hold what was on screen) are left out. */
export function failureReason(error: unknown): string {
  let text: string;
  try {
    text = describe(error);
  } catch {
    text = 'unknown error';
  }
  const line = text
    .slice(0, MAX_CHARS * 4)
    .replace(/"[^"]*"/g, '"…"')
    .replace(/\s+/g, ' ')
    .trim();
  return cutText(line, MAX_CHARS) || 'unknown error';
}
