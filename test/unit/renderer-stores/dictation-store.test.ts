import { describe, expect, it } from 'vitest';
import { appError, failed, ok } from '../../../contract/result';
import { createDictationStore, orderedIds, selectedDetail } from '../../../renderer/features/dictation/dictation-store';
import { settle, storeOnFakeBridge } from '../../support/fake-bridge';
import { ID, OFFLINE, detail, dictation, recorder } from '../../support/renderer-fixtures';

function setup() {
  const made = storeOnFakeBridge(createDictationStore);
  made.fake.answer('showingDictation', ok(undefined));
  return made;
}

/** Follows main with these dictations loaded and an idle recorder. */
async function following(list = [dictation(ID.a), dictation(ID.b)]) {
  const context = setup();
  context.fake.answer('getRecorder', ok(recorder()));
  context.fake.answer('listDictations', ok(list));
  const off = context.store.getState().follow();
  await settle();
  return { ...context, off };
}

describe('dictation store: following main', () => {
  it('the list loaded does not undo what an event said during the load (changed or removed); the rest is added', async () => {
    const { fake, store } = setup();
    fake.answer('getRecorder', ok(recorder()));
    const list = fake.hold('listDictations');
    store.getState().follow();
    fake.emit('dictationChanged', dictation(ID.a, { state: 'completed' }));
    fake.emit('dictationRemoved', { id: ID.b });
    list.answer(ok([dictation(ID.a, { state: 'processing' }), dictation(ID.b), dictation(ID.c)]));
    await settle();
    const { items } = store.getState();
    expect(items.get(ID.a)?.state).toBe('completed');
    expect(items.has(ID.b)).toBe(false);
    expect(items.has(ID.c)).toBe(true);
  });

  it("a recorder event during the recorder's load wins over its answer", async () => {
    const { fake, store } = setup();
    fake.answer('listDictations', ok([]));
    const load = fake.hold('getRecorder');
    store.getState().follow();
    fake.emit('recorderChanged', recorder({ state: 'recording', dictationId: ID.a }));
    load.answer(ok(recorder()));
    await settle();
    expect(store.getState().recorder).toMatchObject({ state: 'recording', dictationId: ID.a });
  });

  it('a failed load goes to the problem store, and the list is known not to be listed', async () => {
    const { fake, problem, store } = setup();
    fake.answer('getRecorder', ok(recorder()));
    fake.answer('listDictations', failed(OFFLINE));
    store.getState().follow();
    await settle();
    expect(problem.store.getState().problem).toEqual(OFFLINE);
    expect(store.getState().items.size).toBe(0);
    expect(store.getState().listing).toBe('failed');
  });

  it('the list is "asked" until main answers, even when an event brought an item first; then "listed", empty or not', async () => {
    const { fake, store } = setup();
    fake.answer('getRecorder', ok(recorder()));
    const list = fake.hold('listDictations');
    store.getState().follow();
    await settle();
    expect(store.getState().listing).toBe('asked');
    fake.emit('dictationChanged', dictation(ID.a));
    expect(store.getState().listing).toBe('asked');
    list.answer(ok([]));
    await settle();
    expect(store.getState().listing).toBe('listed');
    expect([...store.getState().items.keys()]).toEqual([ID.a]);
  });

  it('unsubscribes from all three events', async () => {
    const { fake, store, off } = await following();
    off();
    expect(fake.listening('recorderChanged') + fake.listening('dictationChanged') + fake.listening('dictationRemoved')).toBe(0);
    fake.emit('dictationRemoved', { id: ID.a });
    expect(store.getState().items.has(ID.a)).toBe(true);
  });

  it('orders newest first', () => {
    const items = new Map([
      [ID.a, dictation(ID.a, { createdAt: '2025-01-01T09:00:00.000Z' })],
      [ID.b, dictation(ID.b, { createdAt: '2025-01-01T11:00:00.000Z' })],
      [ID.c, dictation(ID.c, { createdAt: '2025-01-01T10:00:00.000Z' })],
    ]);
    expect(orderedIds(items)).toEqual([ID.b, ID.c, ID.a]);
  });
});

describe('dictation store: selection', () => {
  it("selecting loads the dictation's result, and tells main only while the screen is on view", async () => {
    const { fake, store } = await following();
    fake.answer('getDictation', ({ id }) => ok(detail(dictation(id), { audioUrl: `audio://${id}` })));
    await store.getState().select(ID.a);
    expect(store.getState().selected).toMatchObject({ id: ID.a, audioUrl: `audio://${ID.a}` });
    expect(selectedDetail(store.getState())?.audioUrl).toBe(`audio://${ID.a}`);
    store.getState().setOnScreen(true);
    await store.getState().select(ID.b);
    store.getState().setOnScreen(false);
    expect(fake.calls('showingDictation')).toEqual([{ id: null }, { id: ID.a }, { id: ID.b }, { id: null }]);
  });

  it('an answer for a dictation no longer selected is dropped; one gone (not found) clears the selection', async () => {
    const { fake, store } = await following();
    const answers = fake.hold('getDictation');
    const first = store.getState().select(ID.a);
    const second = store.getState().select(ID.b);
    answers.answer(ok(detail(dictation(ID.a), { audioUrl: 'late' })));
    await first;
    expect(store.getState().selected).toBeNull();
    answers.answer(failed(appError('not-found', 'Deleted.')));
    await second;
    expect(store.getState()).toMatchObject({ selectedId: null, selected: null });
  });

  it('the selected dictation is loaded again when its state changes, and unselected when removed', async () => {
    const { fake, store } = await following();
    fake.answer('getDictation', ({ id }) => ok(detail(dictation(id))));
    await store.getState().select(ID.a);
    fake.emit('dictationChanged', dictation(ID.a, { label: 'renamed' }));
    expect(fake.calls('getDictation')).toHaveLength(1);
    fake.emit('dictationChanged', dictation(ID.a, { state: 'completed' }));
    await settle();
    expect(fake.calls('getDictation')).toHaveLength(2);
    fake.emit('dictationRemoved', { id: ID.a });
    expect(store.getState()).toMatchObject({ selectedId: null, selected: null });
    expect(store.getState().items.has(ID.a)).toBe(false);
  });

  it('the dictation just recorded comes into view when the recorder goes idle', async () => {
    const { fake, store } = await following();
    fake.answer('getDictation', ({ id }) => ok(detail(dictation(id))));
    await store.getState().select(ID.b);
    fake.emit('recorderChanged', recorder({ state: 'recording', dictationId: ID.a }));
    expect(store.getState().selectedId).toBe(ID.b);
    fake.emit('recorderChanged', recorder({ state: 'idle', dictationId: null }));
    await settle();
    expect(store.getState().selectedId).toBe(ID.a);
  });
});

describe('dictation store: the next recording and actions', () => {
  it("main's draft replaces the fields only when it was cleared anew, not on every recorder status", async () => {
    const { fake, store } = await following();
    fake.answer('setRecordingDraft', ok(recorder()));
    store.getState().setLabel('Bed 4');
    expect(fake.calls('setRecordingDraft')).toEqual([{ mode: 'dictation', label: 'Bed 4', languages: null }]);
    fake.emit('recorderChanged', recorder({ level: 0.5 }));
    expect(store.getState().label).toBe('Bed 4');
    fake.emit('recorderChanged', recorder({ state: 'recording', draft: { label: '', mode: 'consultation', languages: ['hi'], cleared: 1 } }));
    expect(store.getState()).toMatchObject({ label: '', mode: 'consultation', languages: ['hi'] });
  });

  it('start sends the fields shown; a refused start goes to the problem store', async () => {
    const { fake, problem, store } = await following();
    fake.answer('setRecordingDraft', ok(recorder()));
    store.getState().setMode('consultation');
    fake.answer('startRecording', failed(appError('busy', 'A recording is under way.')));
    await store.getState().start({ patientId: ID.c });
    expect(fake.calls('startRecording')).toEqual([{ mode: 'consultation', label: '', languages: null, patientId: ID.c }]);
    expect(problem.store.getState().problem?.message).toBe('A recording is under way.');
  });

  it('rename puts the answer in the list; a failure is returned to the caller, not the problem store', async () => {
    const { fake, problem, store } = await following();
    fake.answer('renameDictation', ({ id, label }) => ok(dictation(id, { label })));
    expect(await store.getState().rename(ID.a, 'Ward round')).toBeNull();
    expect(store.getState().items.get(ID.a)?.label).toBe('Ward round');
    fake.answer('renameDictation', failed(OFFLINE));
    expect(await store.getState().rename(ID.a, 'Other')).toEqual(OFFLINE);
    expect(problem.store.getState().problem).toBeNull();
  });

  it('"Send now" answers in the notice: trying at once, then what came of the try, or that the service still cannot be reached', async () => {
    const { fake, store, clock } = await following([dictation(ID.a, { state: 'recorded', problem: 'The service cannot be reached.', nextAttemptAt: '2025-01-01T10:01:00.000Z' })]);
    fake.answer('getDictation', ({ id }) => ok(detail(dictation(id))));
    await store.getState().select(ID.a);
    fake.answer('retryDictation', ok(undefined));
    // The patience is the store's own timer, on the page's clock: the test moves it.
    await store.getState().retry(ID.a);
    expect(store.getState().notice).toEqual({ text: 'Trying now…', error: false });
    fake.emit('dictationChanged', dictation(ID.a, { state: 'uploading', problem: null, nextAttemptAt: null }));
    // An upload under way is no answer yet, however long it takes.
    clock.tick(60_000);
    expect(store.getState().notice).toEqual({ text: 'Trying now…', error: false });
    fake.emit('dictationChanged', dictation(ID.a, { state: 'processing', problem: null }));
    expect(store.getState().notice).toEqual({ text: 'Sent: it is on its way.', error: false });

    await store.getState().retry(ID.a);
    clock.tick(7_999);
    expect(store.getState().notice).toEqual({ text: 'Trying now…', error: false });
    clock.tick(1);
    expect(store.getState().notice).toEqual({
      text: 'Tried just now: the service still cannot be reached. The dictation is kept and sent by itself as soon as it can be.',
      error: true,
    });
  });

  it('Copy note says which note went to the clipboard, or why none did', async () => {
    const { fake, store } = await following();
    fake.answer('getDictation', ({ id }) => ok(detail(dictation(id))));
    await store.getState().select(ID.a);
    fake.answer('copyNote', ok({ version: 'corrected' }));
    await store.getState().copyNote(ID.a, false);
    expect(store.getState().notice).toEqual({ text: 'Copied your corrected note: paste it into the EMR.', error: false, copied: true });
    expect(fake.calls('copyNote')).toEqual([{ id: ID.a, original: false, anyway: false }]);
    fake.answer('copyNote', failed(appError('refused', 'The note is not marked reviewed.')));
    await store.getState().copyNote(ID.a, true);
    expect(store.getState().notice).toEqual({ text: 'The note is not marked reviewed.', error: true });
  });

  it("another patient's note is refused with a deliberate \"Copy anyway\", which copies it", async () => {
    const { fake, store } = await following();
    fake.answer('getDictation', ({ id }) => ok(detail(dictation(id))));
    await store.getState().select(ID.a);
    fake.answer('copyNote', failed(appError('needs-confirmation', 'This is the note of Ravi Kumar · 40 M, but the patient of this visit is Sunita Devi · 54 F.')));
    await store.getState().copyNote(ID.a, false);
    const notice = store.getState().notice;
    expect(notice).toMatchObject({ text: expect.stringMatching(/Ravi Kumar/), error: true, anyway: { label: 'Copy anyway' } });
    fake.answer('copyNote', ok({ version: 'service' }));
    await notice!.anyway!.run();
    expect(fake.calls('copyNote').at(-1)).toEqual({ id: ID.a, original: false, anyway: true });
    expect(store.getState().notice).toEqual({ text: 'Note copied: paste it into the EMR.', error: false, copied: true });
  });

  it('retry, copy and export say how it went in the notice', async () => {
    const { fake, store } = await following();
    fake.answer('retryDictation', failed(OFFLINE));
    await store.getState().retry(ID.a);
    expect(store.getState().notice).toEqual({ text: OFFLINE.message, error: true });
    fake.answer('copyNoteChapter', ok(undefined));
    await store.getState().copyChapterOrTranscript(ID.a, { templateId: 'transcript_template', form: 'text', original: false }, 'The note');
    expect(store.getState().notice).toEqual({ text: 'The note copied.', error: false, copied: true });
    fake.answer('exportOutput', ok('/tmp/note.pdf'));
    await store.getState().exportOutput(ID.a, 'soap');
    expect(store.getState().notice).toEqual({ text: 'Saved to /tmp/note.pdf', error: false });
  });

  it('a refused press of the copy shortcut replaces "Copied …", and says why; a notice that says nothing of the clipboard stays', async () => {
    // The app hands every store main's news of the shortcut (renderer/app/App.tsx).
    const { fake, store } = await following();
    fake.answer('getDictation', ({ id }) => ok(detail(dictation(id))));
    await store.getState().select(ID.a);
    fake.answer('copyNote', ok({ version: 'service' }));
    await store.getState().copyNote(ID.a, false);
    const refusal = 'The prescription contradicts itself. Dolo 650: … Nothing copied; the earlier note was removed from the clipboard.';
    store.getState().shortcutCopied({ copied: false, message: refusal });
    expect(store.getState().notice).toEqual({ text: refusal, error: true, copied: false });
    // Said once: a later press says nothing over a notice that no longer speaks of the clipboard.
    store.getState().shortcutCopied({ copied: true, message: 'The copy shortcut put the note of S.D. on the clipboard.' });
    expect(store.getState().notice?.text).toBe(refusal);

    fake.answer('exportOutput', ok('/tmp/note.json'));
    await store.getState().exportOutput(ID.a, 'soap');
    store.getState().shortcutCopied({ copied: false, message: refusal });
    expect(store.getState().notice).toEqual({ text: 'Saved to /tmp/note.json', error: false });
  });

  it('"Mark reviewed" of a prescription that contradicts itself asks first; "Mark reviewed anyway" marks it and says it stays marked', async () => {
    const { fake, store } = await following();
    fake.answer('getDictation', ({ id }) => ok(detail(dictation(id, { state: 'completed' }))));
    await store.getState().select(ID.a);
    fake.answer('setNoteReviewed', failed(appError('needs-confirmation', 'The prescription contradicts itself. Dolo 650: … Nothing was marked reviewed.')));
    expect(await store.getState().setReviewed(ID.a, true)).toBe(false);
    const notice = store.getState().notice;
    expect(notice).toMatchObject({ text: expect.stringMatching(/Nothing was marked reviewed/), error: true, anyway: { label: 'Mark reviewed anyway' } });
    fake.answer('setNoteReviewed', ({ id }) => ok(detail(dictation(id, { state: 'completed', reviewedAt: '2025-01-01T10:05:00.000Z', contradictions: 1 }))));
    await notice!.anyway!.run();
    expect(fake.calls('setNoteReviewed')).toEqual([
      { id: ID.a, reviewed: true, anyway: false },
      { id: ID.a, reviewed: true, anyway: true },
    ]);
    expect(store.getState().items.get(ID.a)).toMatchObject({ reviewedAt: '2025-01-01T10:05:00.000Z', contradictions: 1 });
    expect(store.getState().notice).toMatchObject({ text: expect.stringMatching(/^Marked reviewed\. The prescription still contradicts itself/), error: false });
    expect(store.getState().notice?.anyway).toBeUndefined();
  });

  it("Record waits for main's recorder before it reads the mode: the one the doctor last chose, not the page's first guess", async () => {
    const { fake, store } = setup();
    fake.answer('listDictations', ok([]));
    const load = fake.hold('getRecorder');
    store.getState().follow();
    let heard = false;
    void store.getState().recorderHeard().then(() => (heard = true));
    await settle();
    expect(heard).toBe(false);
    load.answer(ok(recorder({ draft: { label: '', mode: 'consultation', languages: null, cleared: 0 } })));
    await settle();
    expect(heard).toBe(true);
    expect(store.getState().mode).toBe('consultation');
  });

  it('a recorder that cannot be asked does not hold Record back', async () => {
    const { fake, store } = setup();
    fake.answer('listDictations', ok([]));
    fake.answer('getRecorder', failed(OFFLINE));
    store.getState().follow();
    await expect(store.getState().recorderHeard()).resolves.toBeUndefined();
  });
});
