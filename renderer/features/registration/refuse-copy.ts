/**
 * Copy and cut refused in an area of patient data on the page, however the selection was made:
 * what may leave goes through main.
 */
import { useEffect, type RefObject } from 'react';

/** Whether a copy would take anything from `area`: its own fields, or a selection reaching into it from anywhere on the page. */
export function copyReaches(area: Node, target: EventTarget | null, selection: Selection | null): boolean {
  if (target instanceof Node && area.contains(target)) return true;
  if (!selection) return false;
  for (let index = 0; index < selection.rangeCount; index += 1) {
    if (selection.getRangeAt(index).intersectsNode(area)) return true;
  }
  return false;
}

/**
 * Refuses copy and cut of anything in `area` while it is shown, however the selection was made
 * (a select-all started outside it too). What may leave goes through main, not the page's clipboard.
 */
export function useRefuseCopy(area: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const refuse = (event: ClipboardEvent) => {
      const element = area.current;
      if (element && copyReaches(element, event.target, document.getSelection())) event.preventDefault();
    };
    document.addEventListener('copy', refuse, true);
    document.addEventListener('cut', refuse, true);
    return () => {
      document.removeEventListener('copy', refuse, true);
      document.removeEventListener('cut', refuse, true);
    };
  }, [area]);
}
