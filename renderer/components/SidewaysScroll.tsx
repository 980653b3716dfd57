/**
 * A box that scrolls sideways when what it holds is wider than the room it has (a lab report's
 * table in a narrow column), rather than widening the screen and cutting off what is beside it.
 * While it scrolls it can be focused, so that the keyboard scrolls it too.
 */
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

export function SidewaysScroll({ label, children }: { label: string; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={box} className="sideways-scroll" {...(scrolls ? { tabIndex: 0, role: 'group', 'aria-label': `${label}, scrolls sideways` } : {})}>
      {children}
    </div>
  );
}
