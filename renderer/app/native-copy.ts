/**
 * The page's own copy never puts patient data on the clipboard. Ctrl+C and Ctrl+X (and the Edit
 * menu's Copy and Cut, which fire the same events), and dragging a selection out, are decided
 * here for the whole page, by the views that hold patient data: each is marked
 * `data-patient-data="<kind>:<id>"` (a screen's body, the visit's bar, a dialog naming a patient, a dictation's note, its transcript,
 * a lab report's values).
 *
 * - Within one note, transcript or lab report's values, the copy is routed to main's copy path,
 *   which makes the text from its own data with the same rules as "Copy note" and "Copy values"
 *   (review, heading, test-data line, another patient's only by "Copy anyway", kept out of
 *   clipboard histories, cleared): the page passes no text.
 * - Anywhere else in a marked view it is refused, and the page says how to copy instead.
 * - In a field being edited (a note correction, a label), a cut or copy stays within the page:
 *   Ctrl+V puts it back into the app's own fields, and the clipboard gets a line saying so,
 *   never the text.
 *
 * Nothing unmarked (Settings) is touched.
 */

/** The attribute a view of patient data carries: `<kind>:<id>`. */
export const PATIENT_DATA = 'data-patient-data';

/** What a copy that reaches patient data becomes. */
export type NativeCopy =
  | { kind: 'route'; to: { kind: 'note'; id: string; original: boolean } | { kind: 'transcript'; id: string } | { kind: 'lab-result'; id: string } }
  | { kind: 'refuse' }
  | { kind: 'within-page' }
  | { kind: 'native' };

export const REFUSED =
  'Patient data is not copied from the page itself. Use the copy buttons ("Copy note", "Copy transcript" and the others): they head the text with whose it is and apply your clinic’s rules.';

/** What the clipboard holds after a cut or copy inside a field: a line, never the patient's text. */
export const WITHIN_PAGE_LINE = 'Copied inside Scribe Desk. Patient text leaves Scribe Desk only by its copy buttons.';
/** The page's own mark beside that line, so that Ctrl+V in the app knows its cut or copy. */
const WITHIN_PAGE_TYPE = 'application/x-scribe-desk-within-page';

const markedAncestor = (node: Node | null): Element | null => {
  const element = node instanceof Element ? node : (node?.parentElement ?? null);
  return element?.closest(`[${PATIENT_DATA}]`) ?? null;
};

const isEditable = (target: EventTarget | null): target is HTMLElement =>
  target instanceof HTMLElement && (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target.isContentEditable);

/** The note, transcript or lab values a marked element names, when main can copy them whole. */
function routeOf(element: Element): Extract<NativeCopy, { kind: 'route' }>['to'] | null {
  const [kind, id] = (element.getAttribute(PATIENT_DATA) ?? '').split(':', 2) as [string, string | undefined];
  if (!id) return null;
  if (kind === 'note' || kind === 'note-original') return { kind: 'note', id, original: kind === 'note-original' };
  if (kind === 'transcript') return { kind: 'transcript', id };
  if (kind === 'lab-result') return { kind: 'lab-result', id };
  return null;
}

/** Marked views a selection's range reaches (those it lies in, and those inside it). */
function reachedBy(range: Range): Element[] {
  return Array.from(document.querySelectorAll(`[${PATIENT_DATA}]`)).filter((element) => range.intersectsNode(element));
}

/** What a copy from `target` with `selection` becomes. */
export function nativeCopyOf(target: EventTarget | null, selection: Selection | null): NativeCopy {
  const ranges = selection ? Array.from({ length: selection.rangeCount }, (_, index) => selection.getRangeAt(index)).filter((range) => !range.collapsed) : [];
  if (isEditable(target) && markedAncestor(target)) return { kind: 'within-page' };
  if (ranges.length === 0) return markedAncestor(target as Node | null) ? { kind: 'refuse' } : { kind: 'native' };
  if (!ranges.some((range) => reachedBy(range).length > 0)) return { kind: 'native' };
  // Routed only when every range lies within one note, transcript or lab report's values (innermost marked view of both ends).
  const ends = ranges.flatMap((range) => [markedAncestor(range.startContainer), markedAncestor(range.endContainer)]);
  const first = ends[0];
  const route = first && ends.every((end) => end === first) ? routeOf(first) : null;
  return route ? { kind: 'route', to: route } : { kind: 'refuse' };
}

export interface NativeCopyActions {
  copyNote(id: string, original: boolean): void;
  copyTranscript(id: string): void;
  copyLabResult(id: string): void;
  /** Says why nothing was copied. */
  refused(message: string): void;
}

/** The text selected in a field, and a way to take it out (a cut). */
function fieldSelection(field: HTMLElement): string {
  if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) return field.value.slice(field.selectionStart ?? 0, field.selectionEnd ?? 0);
  return document.getSelection()?.toString() ?? '';
}

/** Follows the page's copy, cut, paste and drag events until the returned function is called. */
export function followNativeCopies(actions: NativeCopyActions): () => void {
  /** The last cut or copy inside a field: its text and the mark put beside the line on the clipboard. */
  let withinPage: { text: string; mark: string } | null = null;

  const copyOrCut = (event: ClipboardEvent) => {
    const decision = nativeCopyOf(event.target, document.getSelection());
    if (decision.kind === 'native') return;
    event.preventDefault();
    if (decision.kind === 'route') {
      if (event.type === 'copy' || !isEditable(event.target)) {
        if (decision.to.kind === 'note') actions.copyNote(decision.to.id, decision.to.original);
        else if (decision.to.kind === 'transcript') actions.copyTranscript(decision.to.id);
        else actions.copyLabResult(decision.to.id);
      }
      return;
    }
    if (decision.kind === 'refuse') {
      actions.refused(REFUSED);
      return;
    }
    const mark = crypto.randomUUID();
    withinPage = { text: fieldSelection(event.target as HTMLElement), mark };
    event.clipboardData?.setData('text/plain', WITHIN_PAGE_LINE);
    event.clipboardData?.setData(WITHIN_PAGE_TYPE, mark);
    if (event.type === 'cut') document.execCommand('delete');
  };

  const paste = (event: ClipboardEvent) => {
    if (!withinPage || !isEditable(event.target) || event.clipboardData?.getData(WITHIN_PAGE_TYPE) !== withinPage.mark) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    document.execCommand('insertText', false, withinPage.text);
  };

  // A selection dragged out of the window would carry its text to another program.
  const drag = (event: DragEvent) => {
    if (nativeCopyOf(event.target, document.getSelection()).kind === 'native') return;
    event.preventDefault();
  };

  document.addEventListener('copy', copyOrCut, true);
  document.addEventListener('cut', copyOrCut, true);
  document.addEventListener('paste', paste, true);
  document.addEventListener('dragstart', drag, true);
  return () => {
    document.removeEventListener('copy', copyOrCut, true);
    document.removeEventListener('cut', copyOrCut, true);
    document.removeEventListener('paste', paste, true);
    document.removeEventListener('dragstart', drag, true);
  };
}
