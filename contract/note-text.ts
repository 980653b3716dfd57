/**
 * A note's text as blocks to show: the service writes notes in Markdown (`# Complaints`,
 * `- fever`), and a doctor reads headings and lists, not hash signs. Only headings, lists
 * and paragraphs are read; anything else stays text as written (nothing becomes markup). Pure.
 */
export type TextBlock = { kind: 'heading'; text: string } | { kind: 'list'; items: string[] } | { kind: 'paragraph'; text: string };

const HEADING = /^#{1,6}\s+(.*)$/;
const ITEM = /^\s*(?:[-*•]|\d{1,3}[.)])\s+(.*)$/;

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
      blocks.push({ kind: 'heading', text: plain(heading[1]!) });
    } else if (item) {
      endParagraph();
      const last = blocks.at(-1);
      if (last?.kind === 'list') last.items.push(plain(item[1]!));
      else blocks.push({ kind: 'list', items: [plain(item[1]!)] });
    } else if (line.trim() === '') {
      endParagraph();
    } else {
      paragraph.push(plain(line));
    }
  }
  endParagraph();
  return blocks;
}
