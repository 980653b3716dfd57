/**
 * What the copy shortcut needs of dictations and the clipboard: the dictation it takes (fixed
 * at the press), whether its note is ready or on its way, the copy through the one copy path,
 * and the earlier clipboard put back. The desktop's parts (focus, notifications) come from the
 * feature that assembles it.
 */
import type { InsertProfile } from '../../contract/insert-profiles';
import type { ShortcutCopyOutcome } from '../../contract/ipc';
import type { AuditWriter } from '../audit/audit-event';
import type { Clock } from '../core/clock';
import { shortcutCopied } from '../audit/feature-hooks';
import type { CopyOptions, CopyPath } from '../clipboard/copy-path';
import type { CopyNoteActions, ShortcutCopy } from './copy-note-shortcut';
import type { DictationStore } from '../dictations/dictation-store';
import { copyShortcutNote, noTargetReason, readinessOf, shortcutTarget, type PatientOf } from './dictation-notes';

type Desktop = Pick<CopyNoteActions, 'appHasFocus' | 'focusedWindow' | 'typist' | 'tell'>;

/** Resolves true once dictation `id` has its note, false once it cannot have one (failed, removed) or after `timeoutMs` on `clock`. */
export function noteReady(store: DictationStore, id: string, timeoutMs: number, clock: Pick<Clock, 'setTimeout' | 'clearTimeout'>): Promise<boolean> {
  return new Promise((resolve) => {
    const finish = (ready: boolean) => {
      clock.clearTimeout(timer);
      offChange();
      offRemove();
      resolve(ready);
    };
    const check = () => {
      const readiness = readinessOf(store, id);
      if (readiness !== 'processing') finish(readiness === 'ready');
    };
    const timer = clock.setTimeout(() => finish(false), timeoutMs);
    const offChange = store.onChange((manifest) => manifest.id === id && check());
    const offRemove = store.onRemove((removed) => removed === id && finish(false));
    check();
  });
}

/** What the shortcut may copy instead of a note (a lab result, a document made from a recording): the one in view, when it is the visit's patient's. */
export interface ShownForShortcut {
  /** The item in view, if it is `chosenId`'s. */
  viewed(chosenId: string | null): string | null;
  readiness(id: string): 'ready' | 'processing' | 'none';
  copy(id: string, options: CopyOptions): Promise<ShortcutCopy>;
  patientOf(id: string): string | null;
}
export type LabResultsForShortcut = ShownForShortcut;

/** What a feature not yet awake shows the shortcut: nothing is in view (showing an item wakes its feature). */
export const NOTHING_IN_VIEW: ShownForShortcut = {
  viewed: () => null,
  readiness: () => 'none',
  copy: () => Promise.reject(new Error('Nothing of this kind is in view.')),
  patientOf: () => null,
};

/** A lab report's id as the shortcut's target, told apart from a dictation's; a document's likewise. */
const LAB = 'lab-report:';
const DOCUMENT = 'document:';

export function copyShortcutActions(deps: {
  store: DictationStore;
  copies: CopyPath;
  viewedId(): string | null;
  profiles(): readonly InsertProfile[];
  desktop: Desktop;
  log(event: string): void;
  /** The patient a dictation is for, as its notification names them. */
  patientOf: PatientOf;
  /** The visit's patient: the shortcut copies only what is theirs, and what it copies ends their visit. */
  visit: { chosenId(): string | null; noteLeft(patientId: string | null): void };
  labResults: LabResultsForShortcut;
  /** The document in view (made from a recording), copied by the shortcut instead of its note. */
  documents?: ShownForShortcut;
  /** The audit trail: every copy the shortcut makes. */
  audit?: AuditWriter;
  /** The shortcut's own clock: the wait for a note runs on it, as the shortcut's other waits do. */
  clock: Pick<Clock, 'setTimeout' | 'clearTimeout'>;
  /** The window, told what each press did to the clipboard: it never goes on saying "Copied" of a copy a refusal took off. */
  page?: { shortcutCopied(outcome: ShortcutCopyOutcome): void };
}): Omit<CopyNoteActions, 'pressedIn'> {
  const { store, visit, labResults } = deps;
  /** The other items the shortcut takes before a note, by their prefix. */
  const shown: Array<[string, ShownForShortcut, 'lab-report' | 'document']> = [[LAB, labResults, 'lab-report'], ...(deps.documents ? [[DOCUMENT, deps.documents, 'document'] as [string, ShownForShortcut, 'document']] : [])];
  const shownOf = (id: string) => shown.find(([prefix]) => id.startsWith(prefix));
  const copyShown = async ([prefix, items, kind]: [string, ShownForShortcut, 'lab-report' | 'document'], id: string, options: CopyOptions): Promise<ShortcutCopy> => {
    const itemId = id.slice(prefix.length);
    const copy = await items.copy(itemId, options);
    if (deps.audit) shortcutCopied(deps.audit, { kind, id: itemId, patientId: items.patientOf(itemId) }, options, copy.copied ? null : copy.refusal);
    return copy;
  };
  const copyNote = async (id: string | null, options: CopyOptions): Promise<ShortcutCopy> => {
    const chosenId = visit.chosenId();
    const noTarget = noTargetReason(chosenId !== null ? deps.patientOf(chosenId) : null);
    const copy = await copyShortcutNote(store, deps.copies, id, options, deps.log, deps.patientOf, noTarget);
    if (deps.audit && id) shortcutCopied(deps.audit, { id, patientId: store.get(id)?.patientId ?? null }, options, copy.copied ? null : copy.refusal);
    if (!copy.copied) return copy;
    visit.noteLeft(store.get(id!)?.patientId ?? null);
    return { copied: true, which: copy.which, text: copy.text, earlier: copy.earlier, copy: copy.copy };
  };
  return {
    ...deps.desktop,
    target: () => {
      const chosenId = visit.chosenId();
      for (const [prefix, items] of [...shown].reverse()) {
        const viewed = items.viewed(chosenId);
        if (viewed !== null) return `${prefix}${viewed}`;
      }
      return shortcutTarget(store, deps.viewedId(), chosenId)?.id ?? null;
    },
    readiness: (id) => {
      const other = shownOf(id);
      return other ? other[1].readiness(id.slice(other[0].length)) : readinessOf(store, id);
    },
    whenReady: (id, timeoutMs) => {
      const other = shownOf(id);
      return other ? Promise.resolve(other[1].readiness(id.slice(other[0].length)) === 'ready') : noteReady(store, id, timeoutMs, deps.clock);
    },
    copy: async (id, options) => {
      const other = id ? shownOf(id) : undefined;
      const copy = id && other ? await copyShown(other, id, options) : await copyNote(id, options);
      deps.page?.shortcutCopied(copy.copied ? { copied: true, message: `The copy shortcut put the note of ${copy.which} on the clipboard.` } : { copied: false, message: `Copy shortcut: ${copy.reason}` });
      return copy;
    },
    putBack: (earlier, copy) => deps.copies.putBack(earlier, copy),
    profiles: deps.profiles,
  };
}
