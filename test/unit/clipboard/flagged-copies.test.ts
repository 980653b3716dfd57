/**
 * Nothing flagged leaves without a deliberate click (issue 56.3). A lab report whose patient
 * details differ from the patient it was uploaded for is copied by its button only after "Copy
 * anyway", headed so; the copy shortcut never copies it. A refused press of the shortcut tells
 * the window and the trail the reason that applied. Real stores, the real copy path on a
 * clipboard in memory.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ShortcutCopyOutcome } from '../../../contract/ipc';
import type { Patient } from '../../../contract/patients';
import type { AuditEvent } from '../../../main/audit/audit-event';
import { SHORTCUT_REFUSALS } from '../../../main/audit/feature-hooks';
import type { LabReport } from '../../../main/lab-reports/lab-report';
import { labReportHandlers } from '../../../main/lab-reports/lab-reports-bridge';
import { LabReportStore } from '../../../main/lab-reports/lab-report-store';
import { MAY_BE_ANOTHER_PATIENTS, labResultsForShortcut } from '../../../main/lab-reports/lab-results-shortcut';
import { copyShortcutActions } from '../../../main/note-leaving/copy-shortcut-actions';
import { copyPathOn, memoryClipboard } from '../../support/memory-clipboard';
import { refusedLater } from '../../support/failures';
import { prescribedFor, recorded, testKeyring, testStore } from '../../support/store-fixture';
import { tempFolder } from '../../support/temp-folder';
import { systemClock } from '../../../main/core/clock';

const SUNITA: Patient = {
  id: '00000000-0000-4000-8000-0000000000c1',
  label: '',
  name: 'Sunita Devi',
  age: 54,
  sex: 'female',
  abhaNumber: null,
  abhaAddress: null,
  createdAt: '2026-11-25T09:00:00.000Z',
  seenAt: '2026-11-25T09:00:00.000Z',
};

const RAVI: Patient = { ...SUNITA, id: '00000000-0000-4000-8000-0000000000c2', name: 'Ravi Kumar', age: 40, sex: 'male' };

const VALUES: LabReport['tests'] = [{ name: 'Haemoglobin', value: '9.1', unit: 'g/dL', range: '12-15', flag: 'low', confidence: 0.95 }];

/** A report read back naming `patientName`, aged `age`. */
function read(patientName: string, age: string, gender: string): LabReport {
  return { version: 1, tests: VALUES, unreadableTests: 0, details: { patientName, age, gender, sampleDate: null, lab: null, doctor: null }, fhir: null, notices: [] };
}

const unused = () => {
  throw new Error('not used by a copy');
};

/** Sunita's visit, her lab reports on a real store, the copy path on a clipboard in memory, and what the shortcut tells the trail and the window. */
function clinic(requireReview = false) {
  const folder = tempFolder();
  const labStore = new LabReportStore(join(folder, 'records'), testKeyring(folder), systemClock);
  const dictations = testStore(tempFolder());
  const { state, system } = memoryClipboard('the EMR’s own text');
  const { copies } = copyPathOn(system, requireReview);
  const patientOf = (id: string) => [SUNITA, RAVI].find((patient) => patient.id === id);
  const report = (fileName: string, readBack: LabReport, patientId = SUNITA.id) => {
    const queued = labStore.enqueue({ fileName, patientId, kind: 'pdf', bytes: Buffer.from('%PDF-1.4\n%%EOF\n'), tasks: ['smart', 'pii'], batch: false });
    labStore.saveReport(queued.id, readBack);
    return labStore.update(queued.id, { state: 'ready', documentId: `doc-${fileName}`, finishedAt: new Date().toISOString() });
  };
  const labHandlers = labReportHandlers({
    store: labStore,
    staging: unused as never,
    outbox: { progressOf: () => null, kick: unused, retry: unused, remove: unused },
    copies,
    originals: { open: unused },
    patientOf,
    chooseFiles: unused,
    saveJson: unused,
    log: { info: () => undefined },
    visit: { chosen: () => SUNITA, noteLeft: () => undefined },
    requireReview: () => requireReview,
    showing: unused,
    clock: systemClock,
  });
  let shown: string | null = null;
  const audit: AuditEvent[] = [];
  const told: ShortcutCopyOutcome[] = [];
  const shortcut = copyShortcutActions({
    store: dictations,
    copies,
    viewedId: () => null,
    profiles: () => [],
    desktop: { appHasFocus: () => false, focusedWindow: () => ({ kind: 'unknown' }), typist: () => null, tell: () => undefined },
    log: () => undefined,
    patientOf: (id) => (id ? (patientOf(id) ?? null) : null),
    visit: { chosenId: () => SUNITA.id, noteLeft: () => undefined },
    labResults: labResultsForShortcut({ store: labStore, copies, shownId: () => shown, patientOf, requireReview: () => requireReview, noteLeft: () => undefined }),
    audit: { record: (event) => audit.push(event) },
    clock: { setTimeout: unused, clearTimeout: () => undefined },
    page: { shortcutCopied: (outcome) => told.push(outcome) },
  });
  return { labStore, dictations, state, labHandlers, shortcut, audit, told, report, show: (id: string | null) => (shown = id) };
}

const CONTRADICTING = { name: 'Dolo 650', dose: '1-0-0', frequency: 'morning, noon and night', duration: '3 days', instruction: '' };
const AGREEING = { name: 'Dolo 650', dose: '1-0-1', frequency: 'morning and night', duration: '3 days', instruction: '' };

describe("a lab report that may be another patient's", () => {
  it('is copied by "Copy values" only after "Copy anyway", and its copy says so under its heading', async () => {
    const { state, labHandlers, report } = clinic();
    const ramesh = report('cbc.pdf', read('Ramesh Kumar', '61 years', 'Male'));
    const refused = await refusedLater(() => labHandlers.copyLabResult({ id: ramesh.id }));
    expect(refused.kind).toBe('needs-confirmation');
    expect(refused.message).toBe(
      'This may be another patient’s report: the name, age and gender in the report differ from “Sunita Devi, 54 F”, the patient it was uploaded for. Nothing was copied. Check the patient details, or press “Copy anyway” if you mean it.',
    );
    expect(state.text).toBe('the EMR’s own text');

    await labHandlers.copyLabResult({ id: ramesh.id, anyway: true });
    const [whose, warning, blank, value] = state.text.split('\n');
    expect(whose).toMatch(/^Sunita Devi, 54 F · Lab results of cbc\.pdf, uploaded /);
    expect(warning).toBe('COPIED ANYWAY: this may be another patient’s report (the name, age and gender in the report differ from “Sunita Devi, 54 F”, the patient it was uploaded for).');
    expect([blank, value]).toEqual(['', 'Haemoglobin: 9.1 g/dL (range 12-15) LOW']);
    expect(state.html).toContain('<p><strong>COPIED ANYWAY: this may be another patient’s report');
  });

  it("is asked about once with another patient's report: both reasons said, one deliberate click", async () => {
    const { labHandlers, report } = clinic();
    const ramesh = report('cbc.pdf', read('Ramesh Kumar', '61 years', 'Male'), RAVI.id);
    const refused = await refusedLater(() => labHandlers.copyLabResult({ id: ramesh.id }));
    expect(refused.message).toBe(
      'This is the lab result of Ravi Kumar · 40 M, but the patient of this visit is Sunita Devi · 54 F. Nothing was copied. Choose the patient, or press “Copy anyway” if you mean it. ' +
        'This may also be another patient’s report: the name and age in the report differ from “Ravi Kumar, 40 M”, the patient it was uploaded for.',
    );
  });

  it("leaves at once, with no such line, when it is the patient's own", async () => {
    const { state, labHandlers, report } = clinic();
    const own = report('lipid.pdf', read('Sunita Devi', '54', 'F'));
    await labHandlers.copyLabResult({ id: own.id });
    expect(state.text).toMatch(/^Sunita Devi, 54 F · Lab results of lipid\.pdf, uploaded .*\n\nHaemoglobin/);
  });

  it('is never copied by the shortcut: the earlier copy leaves the clipboard, the window and the trail are told why', async () => {
    const { state, labHandlers, shortcut, audit, told, report, show } = clinic();
    const own = report('lipid.pdf', read('Sunita Devi', '54', 'F'));
    const ramesh = report('cbc.pdf', read('Ramesh Kumar', '61 years', 'Male'));
    await labHandlers.copyLabResult({ id: own.id });
    expect(state.text).toContain('lipid.pdf');

    show(ramesh.id);
    const target = shortcut.target();
    expect(target).toBe(`lab-report:${ramesh.id}`);
    const copy = await shortcut.copy(target, {});
    expect(copy).toEqual({ copied: false, reason: `${MAY_BE_ANOTHER_PATIENTS} Nothing copied; the earlier note was removed from the clipboard.`, refusal: 'other-patient-report' });
    expect(state.text).toBe('');
    expect(told).toEqual([{ copied: false, message: `Copy shortcut: ${copy.copied ? '' : copy.reason}` }]);
    expect(audit).toEqual([
      expect.objectContaining({ action: 'copied', item: { kind: 'lab-report', id: ramesh.id }, outcome: { done: false, reason: SHORTCUT_REFUSALS['other-patient-report'] } }),
    ]);

    show(own.id);
    expect(await shortcut.copy(shortcut.target(), {})).toMatchObject({ copied: true, which: 'the lab results of S.D., 54 F' });
    expect(told.at(-1)).toEqual({ copied: true, message: 'The copy shortcut put the note of the lab results of S.D., 54 F on the clipboard.' });
    expect(audit.at(-1)).toMatchObject({ outcome: { done: true } });
  });
});

describe('the copy shortcut refused', () => {
  it('gives the trail the reason that applied: no note yet, a prescription that contradicts itself, not reviewed', async () => {
    const { dictations, shortcut, audit, told } = clinic(true);
    const waiting = recorded(dictations, 'OPD 4');
    dictations.setPatient(waiting.id, SUNITA.id);
    await shortcut.copy(shortcut.target(), {});
    const contradicting = prescribedFor(dictations, SUNITA.id, [CONTRADICTING]);
    await shortcut.copy(shortcut.target(), {});
    const agreeing = prescribedFor(dictations, SUNITA.id, [AGREEING]);
    await shortcut.copy(shortcut.target(), {});
    expect(audit.map((event) => [event.item?.id, event.outcome])).toEqual([
      [waiting.id, { done: false, reason: SHORTCUT_REFUSALS['no-note'] }],
      [contradicting.id, { done: false, reason: SHORTCUT_REFUSALS.contradicts }],
      [agreeing.id, { done: false, reason: SHORTCUT_REFUSALS['not-reviewed'] }],
    ]);
    expect(told.map((outcome) => outcome.copied)).toEqual([false, false, false]);
    expect(told[1]!.message).toMatch(/^Copy shortcut: The prescription contradicts itself\. Dolo 650: the dose 1-0-0 is taken in the morning/);
  });
});
