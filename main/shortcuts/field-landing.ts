/**
 * What of the note went into the field, judged from the field's text read back before and
 * after the note was inserted (the OS's accessibility interface reads it: field-reader.ts):
 * all of it, only its beginning (a field with a length limit cut the rest), none of it (the
 * field refused the paste), or unknown (the field could not be read, or shows the note in
 * another form, as a rich editor does). And what the doctor is told when not all went in: how
 * much the field took and in which chapter of the note (its heading) the cut falls, never any of
 * the note's own words: a notification shows on a shared screen, and on a locked one. Pure.
 */

export type Landing =
  | { kind: 'whole' }
  /** `took`: characters that went in; `left`: the rest of the note, which did not; `chapter`: the heading of the note's chapter the cut falls in (null when none is found). */
  | { kind: 'cut'; took: number; left: string; chapter: string | null }
  | { kind: 'none' }
  | { kind: 'unknown' };

/** Line ends as fields hold them, and a tab as typing enters it (note-typing.ts). */
const normal = (text: string) => text.replace(/\r\n?/g, '\n').replace(/\t/g, ' ');

const characters = (text: string) => Array.from(text).length;

/** What changed between `before` and `after`: the text between their common beginning and their common end. */
function inserted(before: string, after: string): string {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start += 1;
  let end = 0;
  while (end < before.length - start && end < after.length - start && before[before.length - 1 - end] === after[after.length - 1 - end]) end += 1;
  return after.slice(start, after.length - end);
}

/**
 * What of `note` landed, from the field's text `before` the note went in and `after` (null:
 * not readable). Without a reading before, only a field holding the whole note can be judged.
 */
export function landingOf(note: string, before: string | null, after: string | null): Landing {
  if (after === null) return { kind: 'unknown' };
  const wanted = normal(note);
  const now = normal(after);
  const landed = before === null ? null : inserted(normal(before), now);
  if (landed === wanted || now.includes(wanted)) return { kind: 'whole' };
  if (landed === null) return { kind: 'unknown' };
  if (landed === '') return { kind: 'none' };
  if (wanted.startsWith(landed)) return { kind: 'cut', took: characters(landed), left: wanted.slice(landed.length), chapter: chapterAt(wanted, landed.length) };
  return { kind: 'unknown' };
}

/** A chapter's heading is a short line that follows a blank line, as the note is laid out (contract/clinical-note.ts). */
const HEADING_MAX_CHARACTERS = 60;

/** The heading of the note's chapter that holds the character at `offset`: the last line before it that opens a chapter. */
export function chapterAt(note: string, offset: number): string | null {
  const lines = note.slice(0, offset).split('\n');
  for (let index = lines.length - 1; index > 0; index -= 1) {
    const line = lines[index]!.trim();
    const whole = index < lines.length - 1;
    if (whole && lines[index - 1]!.trim() === '' && line !== '' && characters(line) <= HEADING_MAX_CHARACTERS && !/[.:;,]$/.test(line)) return line;
  }
  return null;
}

/** What the doctor is told when not all of the note went in, or null (all went in, or it cannot be known). */
export function landingProblem(landing: Landing, how: 'paste' | 'type'): { title: string; body: string } | null {
  const onClipboard = 'The whole note is on the clipboard (what you had copied before was not put back)';
  if (landing.kind === 'cut') {
    return {
      title: 'Note cut short by the field',
      body: `The field took only the first ${landing.took} characters; the other ${characters(landing.left)} were not inserted, from ${landing.chapter ? `the part "${landing.chapter}"` : 'there'} on. ${onClipboard}: paste the rest where it fits.`,
    };
  }
  if (landing.kind === 'none') {
    return how === 'paste'
      ? { title: 'Note not inserted', body: `The field did not take the note (it may refuse pasting). ${onClipboard}: paste it yourself, or choose "Type it" for this program in Settings.` }
      : { title: 'Note not inserted', body: `The field did not take the typed note. ${onClipboard}: paste it yourself.` };
  }
  return null;
}
