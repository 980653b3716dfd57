/**
 * A prescription that contradicts itself (kept by "Save anyway", or as the service wrote it)
 * stays marked in the dictation list, and "Mark reviewed" asks about it: it is marked only by
 * a second, deliberate click, and stays marked in the list after (issue 56.3). The page's
 * operations on a real store.
 */
import { describe, expect, it } from 'vitest';
import type { ClockTimer } from '../../../main/core/clock';
import type { DictationStore } from '../../../main/dictations/dictation-store';
import { NoteContradictions } from '../../../main/note-leaving/note-contradictions';
import { refusedLater } from '../../support/failures';
import { copyPathOn, memoryClipboard } from '../../support/memory-clipboard';
import { noteBridge } from '../../support/note-bridge';
import { prescribedFor, testStore } from '../../support/store-fixture';
import { tempFolder } from '../../support/temp-folder';

const SUNITA = { id: '00000000-0000-4000-8000-0000000000c1', name: 'Sunita Devi', label: '', age: 54, sex: 'female' as const, abhaNumber: null };
const CONTRADICTING = { name: 'Dolo 650', dose: '1-0-0', frequency: 'morning, noon and night', duration: '3 days', instruction: '' };
const AGREEING = { name: 'Dolo 650', dose: '1-0-1', frequency: 'morning and night', duration: '3 days', instruction: '' };

const bridgeOn = (store: DictationStore, contradictions = new NoteContradictions(store)) =>
  noteBridge(store, copyPathOn(memoryClipboard().system).copies, { chosen: SUNITA, patientOf: (id) => (id === SUNITA.id ? SUNITA : null) }, contradictions);

describe('a prescription that contradicts itself', () => {
  it('stays marked in the list: counted after the start a few at a time and told as found, then as the note changes', async () => {
    const store = testStore(tempFolder());
    const manifest = prescribedFor(store, SUNITA.id, [CONTRADICTING, { ...AGREEING, name: 'Pantoprazole 40 mg' }]);
    const others = Array.from({ length: 21 }, () => prescribedFor(store, SUNITA.id, [AGREEING]));
    const contradictions = new NoteContradictions(store);
    const handlers = bridgeOn(store, contradictions);
    // The list does not wait for every note to be read.
    expect((await handlers.listDictations(undefined)).every((item) => item.contradictions === 0)).toBe(true);
    // Each turn on the clock reads 20 notes, then gives main's other work a turn.
    const turns: Array<() => void> = [];
    const clock = { setTimeout: (turn: () => void) => (turns.push(turn), {}) as ClockTimer, clearTimeout: () => undefined };
    const found: string[] = [];
    contradictions.countAll(clock, (counted) => found.push(counted.id));
    let taken = 0;
    for (let turn = turns.shift(); turn; turn = turns.shift()) {
      turn();
      taken += 1;
    }
    expect(taken).toBe(2);
    expect(found).toEqual([manifest.id]);
    const listed = await handlers.listDictations(undefined);
    expect(listed.filter((item) => item.contradictions > 0).map((item) => [item.id, item.contradictions])).toEqual([[manifest.id, 1]]);
    expect(listed).toHaveLength(others.length + 1);

    // Corrected, it is counted again when its summary is made.
    const saved = await handlers.saveNoteCorrection({ id: manifest.id, parts: [{ templateId: 'eka_emr_template', kind: 'medications', rows: [AGREEING] }] });
    expect(saved.contradictions).toBe(0);
    expect((await handlers.listDictations(undefined)).find((item) => item.id === manifest.id)?.contradictions).toBe(0);
  });

  it('is marked reviewed only by a second, deliberate click, and stays marked after', async () => {
    const store = testStore(tempFolder());
    const handlers = bridgeOn(store);
    const manifest = prescribedFor(store, SUNITA.id, [CONTRADICTING]);
    const asked = await refusedLater(() => handlers.setNoteReviewed({ id: manifest.id, reviewed: true }));
    expect(asked.kind).toBe('needs-confirmation');
    expect(asked.message).toMatch(/^The prescription contradicts itself\. Dolo 650: .* Nothing was marked reviewed\. Correct the note, or press “Mark reviewed anyway” if you have checked it\.$/);
    expect(store.get(manifest.id)!.reviewedAt).toBeNull();
    const marked = await handlers.setNoteReviewed({ id: manifest.id, reviewed: true, anyway: true });
    expect(marked.reviewedAt).not.toBeNull();
    expect(marked.contradictions).toBe(1);
    // One that agrees with itself is marked at the first click.
    const agreeing = prescribedFor(store, SUNITA.id, [AGREEING]);
    expect((await handlers.setNoteReviewed({ id: agreeing.id, reviewed: true })).reviewedAt).not.toBeNull();
  });
});
