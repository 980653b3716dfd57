import { describe, expect, it } from 'vitest';
import { noteTextBlocks, noteTextMarkdown } from '../../../contract/note-text';

describe("a note's text as a doctor reads it", () => {
  it('shows Markdown headings and lists as such, and keeps every other line as written', () => {
    expect(noteTextBlocks('# Clinical notes\n\n## Complaints\n- fever for **3 days**\n* cough\n\nAdvice: <b>rest</b>\nand fluids\n1. Review in a week')).toEqual([
      { kind: 'heading', text: 'Clinical notes', level: 1 },
      { kind: 'heading', text: 'Complaints', level: 2 },
      { kind: 'list', items: ['fever for 3 days', 'cough'], ordered: false },
      { kind: 'paragraph', text: 'Advice: <b>rest</b>\nand fluids' },
      { kind: 'list', items: ['Review in a week'], ordered: true },
    ]);
  });

  it('a text without Markdown is its paragraphs', () => {
    expect(noteTextBlocks('Fever.\n\nCough 2x a day')).toEqual([
      { kind: 'paragraph', text: 'Fever.' },
      { kind: 'paragraph', text: 'Cough 2x a day' },
    ]);
  });
});

describe('an edited note kept as Markdown', () => {
  const SERVICE_NOTE = '# Clinical notes (sandbox test data)\n\n## Complaints\n- Sandbox complaint 1a2b3c, not a real patient\n\n## Advice\n- Sandbox advice: this note is test output.';

  it("reads back to the same blocks: the service's note, headings at their level, numbered lists numbered", () => {
    for (const text of [SERVICE_NOTE, '## Plan\n1. Review in a week\n2. Bloods\n\n- rest\n\nFluids.\nPlenty.', 'Only a paragraph.']) {
      const blocks = noteTextBlocks(text);
      expect(noteTextBlocks(noteTextMarkdown(blocks))).toEqual(blocks);
    }
    expect(noteTextMarkdown(noteTextBlocks(SERVICE_NOTE))).toBe(
      '# Clinical notes (sandbox test data)\n\n## Complaints\n- Sandbox complaint 1a2b3c, not a real patient\n\n## Advice\n- Sandbox advice: this note is test output.',
    );
  });

  it('leaves out what is empty, and keeps a heading or an item on one line', () => {
    expect(
      noteTextMarkdown([
        { kind: 'heading', text: '  ', level: 2 },
        { kind: 'heading', text: 'Complaints\nand history', level: 2 },
        { kind: 'list', items: ['fever', '', 'cough\nat night'], ordered: false },
        { kind: 'paragraph', text: '\n' },
        { kind: 'paragraph', text: 'Rest.\n\nFluids.' },
        { kind: 'list', items: ['Review', 'Bloods'], ordered: true },
      ]),
    ).toBe('## Complaints and history\n- fever\n- cough at night\n\nRest.\nFluids.\n\n1. Review\n2. Bloods');
  });
});
