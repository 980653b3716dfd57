/**
 * What the copy shortcut needs of dictations and the clipboard: the dictation it takes (fixed
 * at the press), whether its note is ready or on its way, the copy through the one copy path,
 * and the earlier clipboard put back. The desktop's parts (focus, notifications) come from the
 * feature that assembles it.
 */
import type { InsertProfile } from '../../contract/insert-profiles';
import type { AuditRecorder } from '../audit/audit-event';
import { shortcutCopied } from '../audit/feature-hooks';
import type { CopyPath } from '../clipboard/copy-path';
import type { CopyNoteActions } from '../shortcuts/copy-note-shortcut';
import type { DictationStore } from '../dictations/dictation-store';
import { copyShortcutNote, readinessOf, shortcutTarget, type PatientOf } from './dictation-notes';

type Desktop = Pick<CopyNoteActions, 'appHasFocus' | 'focusedWindow' | 'typist' | 'tell'>;

/** Resolves true once dictation `id` has its note, false once it cannot have one (failed, removed) or after `timeoutMs`. */
export function noteReady(store: DictationStore, id: string, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const finish = (ready: boolean) => {
      clearTimeout(timer);
      offChange();
      offRemove();
      resolve(ready);
    };
    const check = () => {
      const readiness = readinessOf(store, id);
      if (readiness !== 'processing') finish(readiness === 'ready');
    };
    const timer = setTimeout(() => finish(false), timeoutMs);
    const offChange = store.onChange((manifest) => manifest.id === id && check());
    const offRemove = store.onRemove((removed) => removed === id && finish(false));
    check();
  });
}

export function copyShortcutActions(deps: {
  store: DictationStore;
  copies: CopyPath;
  viewedId(): string | null;
  profiles(): readonly InsertProfile[];
  desktop: Desktop;
  log(event: string): void;
  /** The patient a dictation is for, as its notification names them. */
  patientOf: PatientOf;
  /** The audit trail: every copy the shortcut makes. */
  audit?: AuditRecorder;
}): Omit<CopyNoteActions, 'pressedIn'> {
  const { store } = deps;
  return {
    ...deps.desktop,
    target: () => shortcutTarget(store, deps.viewedId())?.id ?? null,
    readiness: (id) => readinessOf(store, id),
    whenReady: (id, timeoutMs) => noteReady(store, id, timeoutMs),
    copy: async (id, options) => {
      const copy = await copyShortcutNote(store, deps.copies, id, options, deps.log, deps.patientOf);
      if (deps.audit && id) shortcutCopied(deps.audit, { id, patientId: store.get(id)?.patientId ?? null }, options, copy.copied);
      return copy.copied ? { copied: true, which: copy.which, text: copy.text, earlier: copy.earlier } : copy;
    },
    putBack: (earlier) => deps.copies.putBack(earlier),
    profiles: deps.profiles,
  };
}
