/**
 * The one way the app says that something came from the built-in sandbox: the same words on
 * the screen, on paper, in a file's name and inside an exported file, whatever the thing is
 * (a prescription, a lab result, a patient's ABHA). Pure.
 */

/** What the short mark says (a badge beside a state). */
export const TEST_DATA_BADGE = 'Test data';

/** The things a mark can name. */
export type TestDataSubject = 'prescription' | 'lab result' | 'patient' | 'ABHA card' | 'document';

/** "Test data (sandbox): not a real lab result": the caption above what the sandbox made. */
export function testDataCaption(subject: TestDataSubject): string {
  return `${TEST_DATA_BADGE} (sandbox): not a real ${subject}`;
}

/** The line that heads a copied or exported text of the sandbox's data: "TEST DATA from the built-in sandbox: not a real ABHA number." */
export function testDataNotice(notA: string): string {
  return `TEST DATA from the built-in sandbox: not a real ${notA}.`;
}

/** What an exported file's name ends with (before its extension) when its content is test data. */
export const TEST_DATA_FILE_SUFFIX = '-TEST-DATA';

/**
 * FHIR's own mark for test data (HL7 v3 ActReason `HTEST`, "test health data"), put in an
 * exported bundle's `meta.security`, so that a system importing the file can tell as well.
 */
export const FHIR_TEST_DATA_TAG = {
  system: 'http://terminology.hl7.org/CodeSystem/v3-ActReason',
  code: 'HTEST',
  display: 'test health data',
} as const;
