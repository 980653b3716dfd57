/**
 * What the doctor left in a note's text editor, read back as blocks (headings, paragraphs,
 * lists) for contract/note-text.ts to keep as Markdown. The editor is a page element the
 * browser edits; whatever the browser made of it (divs for new lines, a list typed in a
 * paragraph, pasted formatting), only headings, lists and paragraphs of text come out. Reads
 * nodes by their shape alone, so that it runs without a page (tests).
 */
import type { TextBlock } from '../../../contract/note-text';

/** The little of a DOM node this reads. */
export interface NoteNode {
  readonly nodeType: number;
  readonly nodeName: string;
  readonly nodeValue: string | null;
  readonly childNodes: ArrayLike<NoteNode>;
  getAttribute?(name: string): string | null;
}

const TEXT_NODE = 3;
const ELEMENT_NODE = 1;
const HEADING = /^H[1-6]$/;
const BLOCKS = new Set(['P', 'DIV', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'UL', 'OL', 'LI', 'BLOCKQUOTE', 'PRE', 'SECTION', 'ARTICLE', 'TABLE', 'TR']);

const children = (node: NoteNode): NoteNode[] => Array.from(node.childNodes);
const isBlock = (node: NoteNode) => node.nodeType === ELEMENT_NODE && BLOCKS.has(node.nodeName);
const isList = (node: NoteNode) => node.nodeName === 'UL' || node.nodeName === 'OL';

/** A node's words, its line breaks kept (BR, or a block inside it, starts a new line); lists inside are left to `listItems`. */
function textOf(node: NoteNode): string {
  if (node.nodeType === TEXT_NODE) return (node.nodeValue ?? '').replace(/\u00a0/g, ' ');
  if (node.nodeType !== ELEMENT_NODE) return '';
  if (node.nodeName === 'BR') return '\n';
  if (isList(node)) return '';
  let text = '';
  for (const child of children(node)) {
    if (isList(child)) continue;
    const part = textOf(child);
    text += isBlock(child) && text !== '' && !text.endsWith('\n') ? `\n${part}` : part;
  }
  return text;
}

/** A list's items, a list inside an item flattened after it. */
function listItems(list: NoteNode): string[] {
  return children(list).flatMap((child) => {
    if (child.nodeName !== 'LI') return textOf(child).trim() === '' ? [] : [textOf(child)];
    const nested = children(child).filter(isList);
    return [textOf(child), ...nested.flatMap(listItems)];
  });
}

/** The level the note's heading had (kept on the element as `data-level`); a heading the doctor made is a section's (2). */
function headingLevel(node: NoteNode): number {
  const kept = Number(node.getAttribute?.('data-level'));
  return Number.isInteger(kept) && kept >= 1 && kept <= 6 ? kept : 2;
}

/** The editor's content as blocks: each heading, list and paragraph in order; text loose in the editor is a paragraph. */
export function editedBlocks(root: NoteNode): TextBlock[] {
  const blocks: TextBlock[] = [];
  let loose = '';
  const endLoose = () => {
    if (loose.trim() !== '') blocks.push({ kind: 'paragraph', text: loose });
    loose = '';
  };
  const visit = (nodes: NoteNode[]) => {
    for (const node of nodes) {
      const heading = HEADING.test(node.nodeName);
      if (!isBlock(node)) {
        loose += textOf(node);
        continue;
      }
      endLoose();
      if (heading) blocks.push({ kind: 'heading', text: textOf(node), level: headingLevel(node) });
      else if (isList(node)) blocks.push({ kind: 'list', items: listItems(node), ordered: node.nodeName === 'OL' });
      // A block holding blocks (the browser nests a div in a div): its own blocks, in order.
      else if (children(node).some(isBlock)) visit(children(node));
      else blocks.push({ kind: 'paragraph', text: textOf(node) });
    }
  };
  visit(children(root));
  endLoose();
  return blocks;
}
