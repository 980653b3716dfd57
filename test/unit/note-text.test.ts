import { describe, expect, it } from 'vitest';
import { noteTextBlocks } from '../../contract/note-text';

describe("a note's text as a doctor reads it", () => {
  it('shows Markdown headings and lists as such, and keeps every other line as written', () => {
    expect(noteTextBlocks('# Clinical notes\n\n## Complaints\n- fever for **3 days**\n* cough\n\nAdvice: <b>rest</b>\nand fluids\n1. Review in a week')).toEqual([
      { kind: 'heading', text: 'Clinical notes' },
      { kind: 'heading', text: 'Complaints' },
      { kind: 'list', items: ['fever for 3 days', 'cough'] },
      { kind: 'paragraph', text: 'Advice: <b>rest</b>\nand fluids' },
      { kind: 'list', items: ['Review in a week'] },
    ]);
  });

  it('a text without Markdown is its paragraphs', () => {
    expect(noteTextBlocks('Fever.\n\nCough 2x a day')).toEqual([
      { kind: 'paragraph', text: 'Fever.' },
      { kind: 'paragraph', text: 'Cough 2x a day' },
    ]);
  });
});
