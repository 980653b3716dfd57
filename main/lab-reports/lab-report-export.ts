/**
 * A lab report's FHIR bundle as the file the doctor saves: named for the patient's label and
 * the upload's time, and, when it is the sandbox's test data, saying so in its name and inside
 * (FHIR's own test-data label, `HTEST`, in the bundle's `meta.security`). Pure.
 */
import { exportStem } from '../../contract/export-name';
import { FHIR_TEST_DATA_TAG, TEST_DATA_FILE_SUFFIX } from '../../contract/test-data';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The bundle with the test-data label in its `meta.security` (once), `meta` after its id; the text as it was when it is no object. */
function labelledTestData(fhir: string): string {
  let bundle: unknown;
  try {
    bundle = JSON.parse(fhir);
  } catch {
    return fhir;
  }
  if (!isObject(bundle)) return fhir;
  const { resourceType, id, meta, ...rest } = bundle;
  const kept = isObject(meta) ? meta : {};
  const security = Array.isArray(kept.security) ? kept.security : [];
  const labelled = security.some((label) => isObject(label) && label.system === FHIR_TEST_DATA_TAG.system && label.code === FHIR_TEST_DATA_TAG.code);
  const marked = { ...kept, security: labelled ? security : [...security, { ...FHIR_TEST_DATA_TAG }] };
  return JSON.stringify({ resourceType, ...(id === undefined ? {} : { id }), meta: marked, ...rest }, null, 2);
}

/**
 * The file to offer: its default name ("Ramesh-Kumar-54M-2026-11-25-1035-lab-report-fhir.json",
 * "lab-report-2026-11-25-1035-fhir-TEST-DATA.json" without a label) and its text.
 */
export function fhirExportFile(fhir: string, labReport: { label: string; createdAt: string; testData: boolean }): { fileName: string; json: string } {
  // Without a label the stem is "lab-report" and its time already.
  const what = /[\p{L}\p{N}]/u.test(labReport.label) ? 'lab-report-fhir' : 'fhir';
  return {
    fileName: `${exportStem(labReport.label, labReport.createdAt, 'lab-report')}-${what}${labReport.testData ? TEST_DATA_FILE_SUFFIX : ''}.json`,
    json: labReport.testData ? labelledTestData(fhir) : fhir,
  };
}
