/**
 * A question asked of the OS through koffi: the library and its functions are loaded at the
 * first question, and a question that cannot be asked here (no such OS, no display, a missing
 * library, a failed call) answers `fallback` instead of throwing.
 */
import { createRequire } from 'node:module';
import type * as Koffi from 'koffi';

const loadCommonJs = createRequire(import.meta.url);

export function nativeQuery<T>(load: (koffi: typeof Koffi) => (() => T) | null, fallback: T): () => T {
  let query: (() => T) | null | undefined;
  return () => {
    if (query === undefined) {
      try {
        query = load(loadCommonJs('koffi') as typeof Koffi);
      } catch {
        query = null;
      }
    }
    try {
      return query ? query() : fallback;
    } catch {
      return fallback;
    }
  };
}
