/** Recording through the Dictation screen's own controls, while the virtual microphone speaks. */
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { bridgeValue } from './fixtures';

export const SPEAK_NOW = 'Recording — speak now';
export const READY = 'Ready to record';

/** Types the label and presses Record; resolves once "speak now" shows. */
export async function startRecording(page: Page, label: string): Promise<void> {
  await page.getByLabel('Patient or visit (optional)').fill(label);
  await page.getByRole('button', { name: 'Record', exact: true }).click();
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
  await expect(page.getByTestId('recorder-state')).toHaveText(SPEAK_NOW, { timeout: 15_000 });
}

/** Resolves once the recording under way holds `ms` of sound. */
export async function speakFor(page: Page, ms: number): Promise<void> {
  await expect.poll(() => bridgeValue(page, 'getRecorder').then((r) => r.elapsedMs), { timeout: ms + 30_000, intervals: [250] }).toBeGreaterThanOrEqual(ms);
}

/** Records about `ms` of sound under `label` with Record and Stop; resolves once the recorder is ready again. */
export async function recordFor(page: Page, label: string, ms: number): Promise<void> {
  await startRecording(page, label);
  await speakFor(page, ms);
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(page.getByTestId('recorder-state')).toHaveText(READY);
}
