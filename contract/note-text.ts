/**
 * A note's text as blocks to show and edit, and back: the service writes notes in Markdown
 * (`# Complaints`, `- fever`), and a doctor reads and edits headings and lists, not hash signs.
 * Only headings, lists and paragraphs are read; anything else stays text as written (nothing
 * becomes markup). An edited note is kept as the same Markdown, so that every correction, old
 * or new, reads the same way. Pure.
 */
export type TextBlock =
  | { kind: 'heading'; text: string; level: number }
  | { kind: 'list'; items: string[]; ordered: boolean }
  | { kind: 'paragraph'; text: string };

const HEADING = /^(#{1,6})\s+(.*)$/;
const ITEM = /^\s*(?:([-*•])|\d{1,3}[.)])\s+(.*)$/;

/** `**word**` and `__word__` read as the word: emphasis marks are not shown as stars. */
function plain(text: string): string {
  return text.replace(/(\*\*|__)(?=\S)(.+?)(?<=\S)\1/g, '$2').trim();
}

export function noteTextBlocks(text: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  let paragraph: string[] = [];
  const endParagraph = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', text: paragraph.join('\n') });
    paragraph = [];
  };
  for (const line of text.split(/\r?\n/)) {
    const heading = HEADING.exec(line);
    const item = ITEM.exec(line);
    if (heading) {
      endParagraph();
      blocks.push({ kind: 'heading', text: plain(heading[2]!), level: heading[1]!.length });
    } else if (item) {
      endParagraph();
      const ordered = item[1] === undefined;
      const last = blocks.at(-1);
      if (last?.kind === 'list' && last.ordered === ordered) last.items.push(plain(item[2]!));
      else blocks.push({ kind: 'list', items: [plain(item[2]!)], ordered });
    } else if (line.trim() === '') {
      endParagraph();
    } else {
      paragraph.push(plain(line));
    }
  }
  endParagraph();
  return blocks;
}

/** One line of a heading or a list item: its line breaks become spaces (a break would end it). */
const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ' ').trim();

/**
 * Blocks as the note's Markdown: `## Heading`, `- item` (`1. item` when numbered), paragraphs as
 * written; a heading's content on the next line, a blank line between the rest (and before a heading). Empty blocks
 * and items are left out. `noteTextBlocks` reads it back to the same blocks.
 */
export function noteTextMarkdown(blocks: TextBlock[]): string {
  const lines: string[] = [];
  let afterHeading = false;
  for (const block of blocks) {
    let text: string;
    if (block.kind === 'heading') text = oneLine(block.text) === '' ? '' : `${'#'.repeat(Math.min(Math.max(block.level, 1), 6))} ${oneLine(block.text)}`;
    else if (block.kind === 'list')
      text = block.items
        .map(oneLine)
        .filter((item) => item !== '')
        .map((item, index) => (block.ordered ? `${index + 1}. ${item}` : `- ${item}`))
        .join('\n');
    else
      text = block.text
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== '')
        .join('\n');
    if (text === '') continue;
    if (lines.length > 0) lines.push(afterHeading && block.kind !== 'heading' ? '\n' : '\n\n');
    lines.push(text);
    afterHeading = block.kind === 'heading';
  }
  return lines.join('');
}
