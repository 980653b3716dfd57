/** Recording through the Dictation screen's own controls, while the virtual microphone speaks; the visit's patient chosen first. */
import type { ElectronApplication, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { bridgeValue } from './fixtures';

export const SPEAK_NOW = 'Recording — speak now';
export const READY = 'Ready to record';

/** The recorder process's pid, from Electron's own list of the app's processes. */
export async function recorderPid(app: ElectronApplication): Promise<number | null> {
  const metrics = await app.evaluate(({ app: electronApp }) => electronApp.getAppMetrics().map((metric) => ({ pid: metric.pid, type: metric.type, name: metric.name ?? '' })));
  return metrics.find((metric) => metric.type === 'Utility' && metric.name === 'Scribe Desk recorder')?.pid ?? null;
}

/**
 * In the "Which patient?" step (the patient bar's, or Record's): a patient of that line from
 * today's list, else a new one with just that bed or token label.
 */
async function pickIn(scope: ReturnType<Page['getByRole']>, label: string): Promise<void> {
  const known = scope.getByRole('button', { name: label, exact: true });
  if ((await known.count()) > 0) await known.first().click();
  else {
    await scope.getByLabel('Bed or token', { exact: true }).fill(label);
    await scope.getByRole('button', { name: 'Use this label' }).click();
  }
}

/** Makes `label` (a patient's line, or a bed or token) the patient of the visit, through the one patient bar. */
export async function choosePatient(page: Page, label: string): Promise<void> {
  const chosen = page.getByTestId('chosen-patient');
  if ((await chosen.textContent()) === label && !(await page.getByText('Note sent: Record asks again').isVisible())) return;
  await page.getByRole('region', { name: 'Patient of this visit' }).getByRole('button', { name: /^(Choose|Change) patient$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Which patient?' });
  await pickIn(dialog, label);
  await expect(dialog).toBeHidden();
  await expect(chosen).toHaveText(label);
}

/** Answers Record's question when it is asked: the patient (`label`), and the patient's consent for a consultation. */
export async function answerRecordQuestion(page: Page, label: string): Promise<void> {
  const dialog = page.getByTestId('record-dialog');
  const started = page.getByTestId('recorder-state').filter({ hasNotText: READY });
  await expect(dialog.or(started).first()).toBeVisible({ timeout: 15_000 });
  if (!(await dialog.isVisible())) return;
  const which = dialog.getByRole('region', { name: 'Which patient?' });
  if (await which.isVisible()) await pickIn(which, label);
  const agree = dialog.getByRole('button', { name: 'Patient agrees' });
  if (await agree.isVisible()) await agree.click();
  await expect(dialog).toBeHidden();
}

/** Records for `label` (the visit's patient, chosen first, and the recording's label): presses Record, answers what it asks; resolves once "speak now" shows. */
export async function startRecording(page: Page, label: string): Promise<void> {
  await forPatient(page, label);
  await page.getByRole('button', { name: 'Record', exact: true }).click();
  await answerRecordQuestion(page, label);
  await expect(page.getByTestId('recorder-state')).toHaveText(SPEAK_NOW, { timeout: 15_000 });
}

/** Presses Record as a doctor does. */
export async function pressRecord(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Record', exact: true }).click();
}

/**
 * Starts a Consultation: `press` is how it is asked for (the Record button, the shortcut, the
 * offer to record a call); what comes between the press and the recording (the patient's
 * consent) is answered here. Resolves once "speak now" shows.
 */
export async function startConsultation(page: Page, press: (page: Page) => Promise<void> = pressRecord): Promise<void> {
  await press(page);
  const consent = page.getByTestId('record-dialog').getByRole('button', { name: 'Patient agrees' });
  await expect(consent.or(page.getByTestId('recorder-state').filter({ hasText: SPEAK_NOW })).first()).toBeVisible({ timeout: 15_000 });
  if (await consent.isVisible()) {
    // The notice is read to the patient before they answer.
    await page.waitForTimeout(1_000);
    await consent.click();
  }
  await expect(page.getByTestId('recorder-state')).toHaveText(SPEAK_NOW, { timeout: 15_000 });
}

/** Resolves once the recording under way holds `ms` of sound. */
export async function speakFor(page: Page, ms: number): Promise<void> {
  await expect.poll(() => bridgeValue(page, 'getRecorder').then((r) => r.elapsedMs), { timeout: ms + 30_000, intervals: [250] }).toBeGreaterThanOrEqual(ms);
}

/** Records about `ms` of sound for `label` with Record and Stop; resolves once the recorder is ready again. */
export async function recordFor(page: Page, label: string, ms: number): Promise<void> {
  await startRecording(page, label);
  await speakFor(page, ms);
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(page.getByTestId('recorder-state')).toHaveText(READY);
}

/** The visit's patient `label` (a bed or token), and the next recording's label the same, as a clinic types both on one screen. */
export async function forPatient(page: Page, label: string): Promise<void> {
  await choosePatient(page, label);
  await page.getByLabel('Label (optional)').fill(label);
}

/** Records about `ms` for the visit's patient as chosen (labelled `label` when given), with Record and Stop. */
export async function recordForVisit(page: Page, ms: number, label = ''): Promise<void> {
  if (label) await page.getByLabel('Label (optional)').fill(label);
  await page.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(page.getByTestId('recorder-state')).toHaveText(SPEAK_NOW, { timeout: 15_000 });
  await speakFor(page, ms);
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(page.getByTestId('recorder-state')).toHaveText(READY);
}
