/**
 * Under the recorder: the doctor's words as the service heard them so far, part by part, marked
 * as such (they are not the note, which takes their place when it comes), and the one short
 * line that says when words can only follow after Stop.
 */
import { useEffect } from 'react';
import { useLiveWordsStore } from '../../app/stores';

const PART_AFTER_STOP = 'The words of this part follow after Stop.';

export function LiveWords() {
  const follow = useLiveWordsStore((state) => state.follow);
  useEffect(() => follow(), [follow]);
  const words = useLiveWordsStore((state) => state.words);
  if (!words.dictationId || (words.parts.length === 0 && !words.notice)) return null;
  const shown = words.parts.filter((part) => part.state !== 'waiting');
  const listening = words.parts.some((part) => part.state === 'waiting');
  return (
    <section className="live-words" aria-labelledby="live-words-label" data-testid="live-words">
      <p className="live-words-label" id="live-words-label">
        Heard so far <span className="hint">(not the note: the note replaces these words when it comes)</span>
      </p>
      {words.notice ? (
        <p className="live-words-notice" role="status" data-testid="live-words-notice">
          {words.notice}
        </p>
      ) : null}
      {shown.length > 0 || listening ? (
        <ol className="live-words-parts" aria-live="polite" data-testid="live-words-parts">
          {shown.map((part) => (
            <li key={part.sequence} className={`live-part ${part.state}`} data-part={part.sequence}>
              {part.state === 'heard' ? part.text : PART_AFTER_STOP}
            </li>
          ))}
          {listening ? (
            <li className="live-part waiting" aria-label="Listening">
              …
            </li>
          ) : null}
        </ol>
      ) : null}
    </section>
  );
}
