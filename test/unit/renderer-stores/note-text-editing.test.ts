/** What an edited note's page element holds, read back as blocks: built here as plain nodes, as the browser would leave them. */
import { describe, expect, it } from 'vitest';
import { noteTextMarkdown } from '../../../contract/note-text';
import { editedBlocks, type NoteNode } from '../../../renderer/features/dictation/note-text-editing';

const text = (value: string): NoteNode => ({ nodeType: 3, nodeName: '#text', nodeValue: value, childNodes: [] });
const el = (name: string, children: Array<NoteNode | string>, attributes: Record<string, string> = {}): NoteNode => ({
  nodeType: 1,
  nodeName: name,
  nodeValue: null,
  childNodes: children.map((child) => (typeof child === 'string' ? text(child) : child)),
  getAttribute: (attribute) => attributes[attribute] ?? null,
});

describe('an edited note read back from its editor', () => {
  it('headings keep their level, lists their items (numbered or not), paragraphs their lines', () => {
    const editor = el('DIV', [
      el('H4', ['Complaints'], { 'data-level': '2' }),
      el('UL', [el('LI', ['fever']), el('LI', ['cough', el('UL', [el('LI', ['at night'])])])]),
      el('P', ['Rest', el('BR', []), 'and fluids']),
      el('OL', [el('LI', ['Review'])]),
    ]);
    expect(editedBlocks(editor)).toEqual([
      { kind: 'heading', text: 'Complaints', level: 2 },
      { kind: 'list', items: ['fever', 'cough', 'at night'], ordered: false },
      { kind: 'paragraph', text: 'Rest\nand fluids' },
      { kind: 'list', items: ['Review'], ordered: true },
    ]);
  });

  it("what the browser makes of typing is read as the doctor sees it: a heading they made is a section's, divs are lines, formatting is only words", () => {
    const editor = el('DIV', [
      'Loose words',
      el('H4', ['Plan']),
      el('DIV', [el('DIV', ['Review in ', el('B', ['a week'])]), el('DIV', [el('BR', [])])]),
      el('P', ['\u00a0']),
    ]);
    const blocks = editedBlocks(editor);
    expect(blocks).toEqual([
      { kind: 'paragraph', text: 'Loose words' },
      { kind: 'heading', text: 'Plan', level: 2 },
      { kind: 'paragraph', text: 'Review in a week' },
      { kind: 'paragraph', text: '\n' },
      { kind: 'paragraph', text: ' ' },
    ]);
    // Kept as the note's Markdown, empty lines left out; nothing typed becomes markup.
    expect(noteTextMarkdown(blocks)).toBe('Loose words\n\n## Plan\nReview in a week');
    expect(noteTextMarkdown(editedBlocks(el('DIV', [el('P', ['<b>rest</b> **now**'])])))).toBe('<b>rest</b> **now**');
  });
});
