import { describe, expect, it } from 'vitest';
import { MAX_LAB_REPORT_BYTES, MAX_LAB_REPORT_FILES } from '../../../contract/limits';
import type { LabReportResultView } from '../../../contract/lab-reports';
import { appError, failed, ok } from '../../../contract/result';
import { createLabReportsStore } from '../../../renderer/features/lab-reports/lab-reports-store';
import { settle, storeOnFakeBridge } from '../../support/fake-bridge';
import { ID, OFFLINE, labReport, staged } from '../../support/renderer-fixtures';

const setup = () => storeOnFakeBridge(createLabReportsStore);

const READY_VIEW: LabReportResultView = { state: 'ready', tests: [], unreadableTests: 0, hasDetails: false, hasFhir: false, notices: [], patientDiffers: [] };

describe('lab reports store: following main', () => {
  it('the list loaded does not undo what an event said during the load; the rest is added, newest first', async () => {
    const { fake, store } = setup();
    const list = fake.hold('listLabReports');
    store.getState().follow();
    fake.emit('labReportChanged', labReport(ID.a, { state: 'failed', createdAt: '2025-01-01T09:00:00.000Z' }));
    fake.emit('labReportRemoved', { id: ID.b });
    list.answer(
      ok([
        labReport(ID.a, { state: 'reading', createdAt: '2025-01-01T09:00:00.000Z' }),
        labReport(ID.b, { createdAt: '2025-01-01T10:00:00.000Z' }),
        labReport(ID.c, { createdAt: '2025-01-01T11:00:00.000Z' }),
      ]),
    );
    await settle();
    expect(store.getState().labReports.map((item) => [item.id, item.state])).toEqual([
      [ID.c, 'reading'],
      [ID.a, 'failed'],
    ]);
  });

  it('a failed load goes to the problem store', async () => {
    const { fake, problem, store } = setup();
    fake.answer('listLabReports', failed(OFFLINE));
    store.getState().follow();
    await settle();
    expect(problem.store.getState().problem).toEqual(OFFLINE);
  });

  it('a lab report read while watched opens its result; one sent again loses it; one removed goes', async () => {
    const { fake, store } = setup();
    fake.answer('listLabReports', ok([labReport(ID.a, { state: 'reading' })]));
    fake.answer('getLabReportResult', ok(READY_VIEW));
    const off = store.getState().follow();
    await settle();
    fake.emit('labReportChanged', labReport(ID.a, { state: 'ready' }));
    await settle();
    expect(store.getState().expanded.has(ID.a)).toBe(true);
    expect(store.getState().results[ID.a]).toEqual({ state: 'loaded', view: READY_VIEW });

    fake.emit('labReportChanged', labReport(ID.a, { state: 'queued' }));
    expect(store.getState().expanded.has(ID.a)).toBe(false);
    expect(store.getState().results[ID.a]).toBeUndefined();

    fake.emit('labReportRemoved', { id: ID.a });
    expect(store.getState().labReports).toEqual([]);
    off();
    expect(fake.listening('labReportChanged') + fake.listening('labReportRemoved')).toBe(0);
  });

  it("a result that comes back after its lab report was removed is not shown; a failed one says why", async () => {
    const { fake, store } = setup();
    fake.answer('listLabReports', ok([labReport(ID.a, { state: 'ready' })]));
    store.getState().follow();
    await settle();
    const results = fake.hold('getLabReportResult');
    const loading = store.getState().loadResult(ID.a);
    expect(store.getState().results[ID.a]).toEqual({ state: 'loading' });
    fake.emit('labReportRemoved', { id: ID.a });
    results.answer(ok(READY_VIEW));
    await loading;
    expect(store.getState().results[ID.a]).toBeUndefined();

    fake.answer('getLabReportResult', failed(appError('service', 'The service could not read it.')));
    await store.getState().loadResult(ID.b);
    expect(store.getState().results[ID.b]).toEqual({ state: 'failed', message: 'The service could not read it.' });
    // Had once: not asked again unless forced.
    await store.getState().loadResult(ID.b);
    expect(fake.calls('getLabReportResult')).toHaveLength(2);
  });
});

/** The visit's patient the reports are uploaded for. */
const PATIENT = '00000000-0000-4000-8000-0000000000aa';

describe('lab reports store: staging and upload', () => {
  it('picked files are staged; upload sends only those without a problem, then keeps only the refused ones', async () => {
    const { fake, store } = setup();
    fake.answer('pickLabReportFiles', ok([staged(ID.a), staged(ID.b, 'Not a PDF or image.')]));
    await store.getState().pick();
    fake.answer('pickLabReportFiles', ok([staged(ID.c)]));
    await store.getState().pick();
    expect(store.getState().staged.map((file) => file.id)).toEqual([ID.a, ID.b, ID.c]);

    store.getState().setLabel('  Bed 4  ');
    store.getState().toggleTask('classification');
    store.getState().setAcceptLowResolution(true);
    const upload = fake.hold('uploadLabReports');
    const uploading = store.getState().upload(PATIENT);
    expect(store.getState().busy).toBe(true);
    upload.answer(ok(undefined));
    await uploading;
    expect(fake.calls('uploadLabReports')).toEqual([{ ids: [ID.a, ID.c], tasks: ['smart', 'pii', 'classification'], acceptLowResolution: true, label: 'Bed 4', patientId: PATIENT }]);
    expect(store.getState()).toMatchObject({ busy: false, label: '', acceptLowResolution: false, message: null });
    expect(store.getState().staged.map((file) => file.id)).toEqual([ID.b]);

    // Nothing left that can go: nothing is sent.
    await store.getState().upload(PATIENT);
    expect(fake.calls('uploadLabReports')).toHaveLength(1);
  });

  it('a refused upload keeps the files and says why', async () => {
    const { fake, store } = setup();
    fake.answer('pickLabReportFiles', ok([staged(ID.a)]));
    await store.getState().pick();
    store.getState().setLabel('Bed 4');
    fake.answer('uploadLabReports', failed(appError('invalid-input', 'Choose at least one parsing task.')));
    await store.getState().upload(PATIENT);
    expect(store.getState()).toMatchObject({ busy: false, label: 'Bed 4', message: 'Choose at least one parsing task.' });
    expect(store.getState().staged).toHaveLength(1);
  });

  it('dropped files: only the first 20 are taken, one above the size limit is sent unread', async () => {
    const { fake, store } = setup();
    fake.answer('stageLabReportFiles', ({ files }) => ok(files.map((_file, index) => staged(`00000000-0000-4000-8000-${String(index).padStart(12, '0')}`))));
    const big = new File([new Uint8Array(MAX_LAB_REPORT_BYTES + 1)], 'big.pdf');
    const files = [big, ...Array.from({ length: MAX_LAB_REPORT_FILES }, (_, index) => new File([new Uint8Array([index])], `${index}.pdf`))];
    await store.getState().drop(files);
    const [sent] = fake.calls('stageLabReportFiles');
    expect(sent?.files).toHaveLength(MAX_LAB_REPORT_FILES);
    expect(sent?.files[0]).toEqual({ name: 'big.pdf', size: MAX_LAB_REPORT_BYTES + 1, data: null });
    expect(sent?.files[1]?.data).toEqual(new Uint8Array([0]));
    expect(store.getState().staged).toHaveLength(MAX_LAB_REPORT_FILES);
    expect(store.getState().message).toBe(`Only the first ${MAX_LAB_REPORT_FILES} files were taken.`);
  });

  it('a dismissed file leaves the list even when main failed to forget it', async () => {
    const { fake, store } = setup();
    fake.answer('pickLabReportFiles', ok([staged(ID.a), staged(ID.b)]));
    await store.getState().pick();
    fake.answer('dismissStagedFile', failed(appError('not-found', 'Gone.')));
    await store.getState().dismiss(ID.a);
    expect(store.getState().staged.map((file) => file.id)).toEqual([ID.b]);
  });
});

describe('lab reports store: "Send now" always answers, in its row', () => {
  const UNREACHABLE = 'The service cannot be reached. Check the network connection; the app will try again.';

  it('trying at once; tried and why not when the try fails; on its way while the service reads it; nothing more once read', async () => {
    const { fake, store } = setup();
    fake.answer('listLabReports', ok([labReport(ID.a, { state: 'queued', problem: UNREACHABLE, nextAttemptAt: '2025-01-01T10:01:00.000Z' })]));
    fake.answer('retryLabReport', ok(undefined));
    fake.answer('getLabReportResult', ok(READY_VIEW));
    store.getState().follow();
    await settle();
    const answer = () => store.getState().answers[ID.a]?.text;

    const press = store.getState().retry(ID.a);
    expect(answer()).toBe('Trying now…');
    // Main's news of the try may come before its answer to the press.
    fake.emit('labReportChanged', labReport(ID.a, { state: 'queued', problem: null, nextAttemptAt: null }));
    fake.emit('labReportChanged', labReport(ID.a, { state: 'uploading', problem: null }));
    expect(answer()).toBe('Trying now…');
    fake.emit('labReportChanged', labReport(ID.a, { state: 'queued', problem: UNREACHABLE, nextAttemptAt: '2025-01-01T10:02:00.000Z' }));
    await press;
    expect(store.getState().answers[ID.a]).toEqual({ text: `Tried just now: ${UNREACHABLE}`, error: true, state: 'queued' });

    await store.getState().retry(ID.a);
    fake.emit('labReportChanged', labReport(ID.a, { state: 'uploading', problem: null, nextAttemptAt: null }));
    fake.emit('labReportChanged', labReport(ID.a, { state: 'reading', problem: null }));
    expect(answer()).toBe('Sent: it is on its way.');
    fake.emit('labReportChanged', labReport(ID.a, { state: 'ready' }));
    expect(store.getState().answers[ID.a]).toBeUndefined();
  });

  it('a press main refuses says why in the row; a removed report takes its answer with it', async () => {
    const { fake, store } = setup();
    fake.answer('listLabReports', ok([labReport(ID.a, { state: 'failed', problem: 'Unreadable.' })]));
    store.getState().follow();
    await settle();
    fake.answer('retryLabReport', failed(appError('refused', 'This report cannot be sent again now.')));
    await store.getState().retry(ID.a);
    expect(store.getState().answers[ID.a]).toEqual({ text: 'This report cannot be sent again now.', error: true, state: 'failed' });
    fake.emit('labReportRemoved', { id: ID.a });
    expect(store.getState().answers).toEqual({});
  });
});

describe('lab reports store: the values leaving', () => {
  it("a report that may be another patient's is copied only by a deliberate \"Copy anyway\"; what each report's actions said stays with it", async () => {
    const { fake, store } = setup();
    const refusal = 'This may be another patient’s report: the name in the report differs from “Sunita Devi, 54 F”, the patient it was uploaded for. Nothing was copied.';
    fake.answer('copyLabResult', ({ anyway }) => (anyway ? ok(undefined) : failed(appError('needs-confirmation', refusal))));
    await store.getState().copyValues(ID.a);
    expect(store.getState().valueNotes[ID.a]).toEqual({ text: refusal, error: true, anyway: true, copied: false });
    await store.getState().copyValues(ID.a, true);
    expect(fake.calls('copyLabResult')).toEqual([
      { id: ID.a, anyway: false },
      { id: ID.a, anyway: true },
    ]);
    expect(store.getState().valueNotes[ID.a]).toEqual({ text: 'Values copied: paste them into the EMR.', error: false, anyway: false, copied: true });
    fake.answer('copyLabResult', failed(appError('refused', 'The values of cbc.pdf are not marked reviewed.')));
    await store.getState().copyValues(ID.b);
    expect(store.getState().valueNotes[ID.b]).toMatchObject({ error: true, anyway: false });
  });

  it('a refused press of the copy shortcut replaces every "copied" line (values, document id) with why, and leaves the rest', async () => {
    const { fake, store } = setup();
    fake.answer('copyLabResult', ok(undefined));
    await store.getState().copyValues(ID.a);
    fake.answer('copyLabResult', failed(appError('refused', 'Not reviewed.')));
    await store.getState().copyValues(ID.b);
    fake.answer('copyLabReportId', ok(undefined));
    await store.getState().copyId(ID.a);
    const refusal = 'These lab results may be another patient’s report …, so nothing was copied. Nothing copied; the earlier note was removed from the clipboard.';
    store.getState().shortcutCopied({ copied: false, message: refusal });
    expect(store.getState().valueNotes).toEqual({
      [ID.a]: { text: refusal, error: true, anyway: false, copied: false },
      [ID.b]: { text: 'Not reviewed.', error: true, anyway: false, copied: false },
    });
    expect(store.getState().message).toBe(refusal);
  });
});
