/**
 * Nothing flagged leaves without a deliberate click (issue 56.3). A lab report whose patient
 * details differ from the patient it was uploaded for is copied by its button only after "Copy
 * anyway", headed so. Real stores, the real copy path on a clipboard in memory.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Patient } from '../../../contract/patients';
import type { LabReport } from '../../../main/lab-reports/lab-report';
import { labReportHandlers } from '../../../main/lab-reports/lab-reports-bridge';
import { LabReportStore } from '../../../main/lab-reports/lab-report-store';
import { copyPathOn, memoryClipboard } from '../../support/memory-clipboard';
import { refusedLater } from '../../support/failures';
import { testKeyring } from '../../support/store-fixture';
import { tempFolder } from '../../support/temp-folder';

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

/** Sunita's visit, her lab reports on a real store, the copy path on a clipboard in memory. */
function clinic(requireReview = false) {
  const folder = tempFolder();
  const labStore = new LabReportStore(join(folder, 'records'), testKeyring(folder));
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
  });
  return { labStore, state, labHandlers, report };
}

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
});
