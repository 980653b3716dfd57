/**
 * A text note edited as the doctor reads it: headings, paragraphs and lists, never Markdown's
 * hash signs and dashes. The browser edits the text (Enter after a heading starts a paragraph,
 * Enter on an empty list item ends the list); three buttons turn the line with the caret into a
 * heading, a paragraph or a list item. Only text comes in: a paste or a drop brings its words,
 * never its formatting, and nothing typed is ever read as markup. What is kept is the note's
 * Markdown (contract/note-text.ts), as every correction is.
 */
import { useEffect, useRef, useState } from 'react';
import { noteTextBlocks, noteTextMarkdown, type TextBlock } from '../../../contract/note-text';
import { editedBlocks } from './note-text-editing';

/** The editor's first content: each block as an element holding its words as text (never as HTML). */
function fill(root: HTMLElement, blocks: TextBlock[]): void {
  const element = (tag: string, text: string) => {
    const made = document.createElement(tag);
    made.textContent = text;
    return made;
  };
  root.replaceChildren(
    ...blocks.map((block) => {
      if (block.kind === 'heading') {
        const heading = element('h4', block.text);
        heading.dataset.level = String(block.level);
        return heading;
      }
      if (block.kind === 'list') {
        const list = document.createElement(block.ordered ? 'ol' : 'ul');
        list.append(...block.items.map((item) => element('li', item)));
        return list;
      }
      const paragraph = document.createElement('p');
      block.text.split('\n').forEach((line, index) => {
        if (index > 0) paragraph.append(document.createElement('br'));
        paragraph.append(line);
      });
      return paragraph;
    }),
  );
  // An empty note still has a line to type on.
  if (blocks.length === 0) root.append(document.createElement('p'));
}

type BlockKind = 'heading' | 'paragraph' | 'list';

/** The list the caret is in, within the editor: null when it is in none. */
function listAtCaret(root: HTMLElement): HTMLElement | null {
  const anchor = document.getSelection()?.anchorNode ?? null;
  const element = anchor instanceof Element ? anchor : (anchor?.parentElement ?? null);
  const list = element?.closest('ul, ol') ?? null;
  return list instanceof HTMLElement && root.contains(list) ? list : null;
}

/**
 * Turns the line with the caret into a heading, a paragraph or a list item. The browser's own
 * editing commands keep the change on its undo stack (Ctrl+Z takes it back).
 */
function format(root: HTMLElement, kind: BlockKind): void {
  const list = listAtCaret(root);
  if (kind === 'list') {
    if (!list) document.execCommand('insertUnorderedList');
    return;
  }
  // Out of its list first: the item becomes a line of its own.
  if (list) document.execCommand(list.nodeName === 'OL' ? 'insertOrderedList' : 'insertUnorderedList');
  document.execCommand('formatBlock', false, kind === 'heading' ? 'h4' : 'p');
}

interface NoteTextEditorProps {
  id: string;
  label: string;
  text: string;
  onChange(text: string): void;
}

export function NoteTextEditor({ id, label, text, onChange }: NoteTextEditorProps) {
  const editor = useRef<HTMLDivElement>(null);
  /** The caret's place in the editor when it last had the focus: the buttons act there. */
  const caret = useRef<Range | null>(null);
  // The text the editor was filled with: later drafts come from the editor itself (it is never filled again).
  const [initial] = useState(text);
  useEffect(() => {
    if (editor.current) fill(editor.current, noteTextBlocks(initial));
  }, [initial]);
  const changed = () => {
    if (!editor.current) return;
    const markdown = noteTextMarkdown(editedBlocks(editor.current));
    // Unchanged, the note stays exactly as it was written (no correction is made of it).
    onChange(markdown === noteTextMarkdown(noteTextBlocks(initial)) ? initial : markdown);
  };
  const keepCaret = () => {
    const selection = document.getSelection();
    if (selection && selection.rangeCount > 0 && editor.current?.contains(selection.anchorNode)) caret.current = selection.getRangeAt(0).cloneRange();
  };
  const apply = (kind: BlockKind) => {
    const root = editor.current;
    if (!root) return;
    root.focus();
    if (caret.current) {
      const selection = document.getSelection();
      selection?.removeAllRanges();
      selection?.addRange(caret.current);
    }
    format(root, kind);
    changed();
  };
  const labelId = `${id}-label`;
  return (
    <div className="field note-text-field">
      <span className="field-label" id={labelId}>
        {label}
      </span>
      <div className="note-text-tools" role="toolbar" aria-label={`${label}: the line with the cursor`} aria-controls={id}>
        {(['heading', 'paragraph', 'list'] as const).map((kind) => (
          // The mouse does not take the focus from the text: the caret stays where the change goes.
          <button key={kind} type="button" onMouseDown={(event) => event.preventDefault()} onClick={() => apply(kind)}>
            {kind === 'heading' ? 'Heading' : kind === 'paragraph' ? 'Paragraph' : 'List item'}
          </button>
        ))}
      </div>
      <div
        ref={editor}
        id={id}
        className="note-text note-text-editor"
        contentEditable
        role="textbox"
        aria-multiline="true"
        aria-labelledby={labelId}
        spellCheck
        onInput={changed}
        onKeyUp={keepCaret}
        onMouseUp={keepCaret}
        onBlur={keepCaret}
        onKeyDown={(event) => {
          // Bold, italic and underline would be marks the note cannot keep.
          if ((event.ctrlKey || event.metaKey) && ['b', 'i', 'u'].includes(event.key.toLowerCase())) event.preventDefault();
        }}
        onPaste={(event) => {
          event.preventDefault();
          document.execCommand('insertText', false, event.clipboardData.getData('text/plain'));
        }}
        onDrop={(event) => {
          event.preventDefault();
          const words = event.dataTransfer.getData('text/plain');
          if (words) document.execCommand('insertText', false, words);
        }}
      />
    </div>
  );
}
