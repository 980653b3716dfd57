/** A note's text with its headings and lists drawn as such. */
import { noteTextBlocks } from '../../../contract/note-text';

/** A note's text with its headings and lists shown as such (note-text-blocks.ts). */
export function NoteText({ text }: { text: string }) {
  return (
    <div className="output-text note-text">
      {noteTextBlocks(text).map((block, index) => {
        if (block.kind === 'heading') return <h4 key={index}>{block.text}</h4>;
        if (block.kind === 'list') {
          return (
            <ul key={index}>
              {block.items.map((item, itemIndex) => (
                <li key={itemIndex}>{item}</li>
              ))}
            </ul>
          );
        }
        return <p key={index}>{block.text}</p>;
      })}
    </div>
  );
}
