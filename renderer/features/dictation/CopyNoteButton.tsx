/** "Copy note": main puts the dictation's note on the clipboard as text and as HTML; the page never handles the note's text. */
import { useMemo, useState } from 'react';
import { clinicalNote } from '../../../contract/clinical-note';
import type { StoredResult } from '../../../contract/transcription';
import { errorOf, scribe } from '../../bridge';

/** Shown only where main can make a note of the result (the same function decides). */
export function CopyNoteButton({ id, result }: { id: string; result: StoredResult }) {
  const hasNote = useMemo(() => clinicalNote(result) !== null, [result]);
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(null);
  if (!hasNote) return null;
  const copy = async () => {
    const error = await errorOf(scribe.copyNote({ id }));
    setStatus(error ? { text: error.message, error: true } : { text: 'Note copied: paste it into the EMR.', error: false });
  };
  return (
    <div className="note-actions">
      <button type="button" className="primary" aria-describedby={`copy-note-status-${id}`} onClick={() => void copy()}>
        Copy note
      </button>
      <span id={`copy-note-status-${id}`} role="status" className={status?.error ? 'field-error' : 'hint'}>
        {status?.text ?? 'Text and, where the EMR keeps formatting, the medications as a table.'}
      </span>
    </div>
  );
}
