/**
 * The visit reaches the patient's health record, as a clinic goes through it with the sandbox's
 * exchange: a reviewed note linked at "Next patient" after the patient agrees; one the exchange
 * refuses, shown with its reason and linked again; one the patient declines, never sent; and one
 * for a patient without an ABHA address, added in the question's one step (a wrong one refused in
 * its field), agreed while the service cannot be reached and linked once it is back. The
 * question and the patient's view are screenshotted.
 */
import type { Page } from '@playwright/test';
import type { PatientInput } from '../../contract/patient-schema';
import { SandboxServer } from '../../main/sandbox/sandbox-server';
import { unnamed } from '../support/e2e/accessible-names';
import { bridgeValue, expect, test } from '../support/e2e/fixtures';
import { screenshot } from '../support/e2e/launch-app';
import { customService } from '../support/e2e/policies';
import { recordForVisit } from '../support/e2e/recording';
import { showScreen } from '../support/e2e/screens';

test.setTimeout(300_000);

const HIP_ID = 'IN0000000099';
const POLICY = { clientId: 'EC_E2E_TEST', hipId: HIP_ID, facilityName: 'E2E Clinic (test data)', healthRecordLinking: 'ask' };
const patient = (name: string | null, abhaAddress: string | null, label = ''): PatientInput => ({ label, name, age: name ? 41 : null, sex: name ? 'male' : null, abhaNumber: null, abhaAddress });

/** The patient chosen for the visit, a note recorded, completed and marked reviewed for them. */
async function reviewedVisit(page: Page, input: PatientInput): Promise<string> {
  const saved = await bridgeValue(page, 'savePatient', { patient: input, choose: true });
  await showScreen(page, 'Dictation');
  await recordForVisit(page, 1_500);
  const detail = page.getByRole('region', { name: 'Dictation details' });
  await expect(detail.getByTestId('detail-state')).toHaveText('Completed', { timeout: 60_000 });
  await detail.getByRole('group', { name: 'Dictation actions' }).getByRole('button', { name: 'Mark reviewed' }).click();
  await expect.poll(() => bridgeValue(page, 'listDictations').then((list) => list.find((item) => item.patientId === saved.id)?.reviewedAt ?? null)).not.toBeNull();
  return saved.id;
}

/** The patient's view, opened from the Patients screen. */
async function patientView(page: Page, name: string) {
  await showScreen(page, 'Patients');
  await page.getByRole('region', { name: 'Today' }).getByRole('button', { name: new RegExp(`^${name.replace(/[()]/g, '\\$&')}`) }).first().click();
  return page.getByTestId('patient-view');
}

const question = (page: Page) => page.getByTestId('health-record-question');
const linkState = (view: ReturnType<Page['getByTestId']>) => view.getByTestId('health-record-state');

test('a visit linked at Next patient; one refused and linked again; one declined; one added without an ABHA address, offline, then linked', async ({ launch, startSandbox, microphone: _microphone }) => {
  const sandbox = await startSandbox({ faults: { processingMs: 300, linkDelayMs: 500 } });
  const { page } = await launch({ policy: customService(sandbox, POLICY), patient: null });
  const careContexts = () => sandbox.healthRecords().careContexts;

  // Linked: the one line read to the patient, agreed; the view says it is in the health record.
  const ravi1 = await reviewedVisit(page, patient('Ravi Kumar (test)', 'ravi.kumar@sbx'));
  await page.getByRole('button', { name: 'Next patient' }).click();
  await expect(question(page)).toBeVisible();
  await expect(page.getByTestId('health-record-line')).toHaveText('Send this visit to Ravi Kumar (test)’s health record (ravi.kumar@sbx)?');
  await expect(page.getByTestId('health-record-items')).toContainText('Dictation note');
  expect(await unnamed(page)).toEqual([]);
  await screenshot(page, 'health-record-question');
  await question(page).getByRole('button', { name: 'Patient agrees: send' }).click();
  await expect(question(page)).toBeHidden();
  const ravi = await patientView(page, 'Ravi Kumar (test)');
  await expect(linkState(ravi)).toContainText('In the health record', { timeout: 30_000 });
  expect(careContexts()).toMatchObject([{ hipId: HIP_ID, hiType: 'OPConsultation', outcome: 'LINKED' }]);
  await screenshot(page, 'health-record-linked');

  // Refused by the exchange: the reason, then "Link again".
  sandbox.setFaults({ linkErrorNext: 1 });
  await reviewedVisit(page, patient('Meena Iyer (test)', 'meena.iyer@sbx'));
  await page.getByRole('button', { name: 'Next patient' }).click();
  await question(page).getByRole('button', { name: 'Patient agrees: send' }).click();
  const meena = await patientView(page, 'Meena Iyer (test)');
  await expect(linkState(meena)).toContainText('Not linked', { timeout: 30_000 });
  await expect(meena.getByTestId('health-record-reason')).toContainText('The health exchange did not link it: The consent manager could not link');
  await screenshot(page, 'health-record-refused');
  await meena.getByRole('button', { name: 'Link again' }).click();
  await expect(linkState(meena)).toContainText('In the health record', { timeout: 30_000 });

  // Declined: nothing sent, and said so.
  const sent = careContexts().length;
  await reviewedVisit(page, patient('Arjun Rao (test)', 'arjun.rao@sbx'));
  await page.getByRole('button', { name: 'Next patient' }).click();
  await question(page).getByRole('button', { name: 'Patient declines' }).click();
  const arjun = await patientView(page, 'Arjun Rao (test)');
  await expect(linkState(arjun)).toContainText('Patient declined');
  expect(careContexts()).toHaveLength(sent);

  // No ABHA address: added in the same step (a wrong one refused in its field), agreed while the service is down, linked once it is back.
  await reviewedVisit(page, patient(null, null, 'Bed 4'));
  const port = Number(new URL(sandbox.url).port);
  await sandbox.stop();
  await page.getByRole('button', { name: 'Next patient' }).click();
  await expect(page.getByTestId('health-record-line')).toHaveText('Send this visit to Bed 4’s health record?');
  await expect(page.getByTestId('health-record-needs')).toHaveText('Bed 4 has no ABHA address here: add it, and their name, age and sex, to send the visit.');
  const address = question(page).getByLabel('Patient’s ABHA address');
  await address.fill('sita.devi@gmail.com');
  await expect(question(page).getByRole('alert')).toContainText('ends in @abdm');
  await expect(question(page).getByRole('button', { name: 'Patient agrees: send' })).toBeDisabled();
  await question(page).getByLabel('Patient’s name').fill('Sita Devi (test)');
  await question(page).getByLabel('Age in years').fill('30');
  await question(page).getByLabel('Sex').selectOption('female');
  await screenshot(page, 'health-record-question-no-abha');
  await address.fill('sita.devi@sbx');
  await question(page).getByRole('button', { name: 'Patient agrees: send' }).click();
  await expect(question(page)).toBeHidden();
  const sita = await patientView(page, 'Sita Devi (test)');
  await expect(linkState(sita)).toContainText(/Waiting to link|Linking/);
  await screenshot(page, 'health-record-waiting-offline');
  const back = await SandboxServer.start({ port, token: sandbox.token, faults: { processingMs: 300, linkDelayMs: 500 } });
  try {
    await expect(linkState(sita)).toContainText('In the health record', { timeout: 60_000 });
    expect(back.healthRecords().careContexts).toMatchObject([{ hiType: 'OPConsultation', outcome: 'LINKED' }]);
    expect(back.healthRecords().patients).toMatchObject([{ gen: 'F', abha: 'sita.devi@sbx' }]);
  } finally {
    await back.stop();
  }

  // Deleting a patient says which of their visits the health exchange holds: what the clinic must ask it to delete.
  const again = await patientView(page, 'Ravi Kumar (test)');
  await again.getByRole('button', { name: 'Delete patient' }).click();
  const raviNote = (await bridgeValue(page, 'listDictations')).find((item) => item.patientId === ravi1)!;
  await expect(again.locator('.confirm-question')).toContainText(`1 visit was linked to their health record (care context scribe-${raviNote.id}): deleting here does not remove it there; the clinic must ask the health exchange.`);
  await screenshot(page, 'health-record-delete-patient');
});

test('without a HIP id in the policy nothing is linked, and the patient’s view says why', async ({ launch }) => {
  const { page } = await launch({ policy: { healthRecordLinking: 'always' }, patient: null });
  await bridgeValue(page, 'savePatient', { patient: patient('Kavya Menon (test)', 'kavya.menon@sbx'), choose: true });
  await page.getByRole('button', { name: 'Next patient' }).click();
  const view = await patientView(page, 'Kavya Menon (test)');
  await expect(view.getByTestId('health-record-off')).toHaveText(
    'Visits are not linked to health records: the clinic’s policy names no HIP id (hipId), the clinic’s id in the national health exchange. Ask your administrator to set it.',
  );
  await expect(question(page)).toBeHidden();
  await screenshot(page, 'health-record-off-no-hip-id');
});
