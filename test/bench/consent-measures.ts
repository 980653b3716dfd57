/**
 * The consultation's consent step as a clinic lives it: Record pressed in Consultation, the
 * notice read to the patient for a few seconds, "Patient agrees"; how long from the answer to
 * "speak now". Against the same app's Record → "speak now" for a Dictation, which asks nothing.
 */
import { benchVisit, launch, pressRecordInPage, scribeArgs, SPEAK_NOW, stopRecording } from './app-measures';
import { ROOT } from '../support/e2e/launch-app';
import { agreeInPage } from '../support/e2e/agree-in-page';

export interface ConsentAnswers {
  /** "Patient agrees" → "speak now", page clock (ms), one per consultation. */
  agree: number[];
  /** Record → "speak now" for a Dictation in the same app (ms). */
  dictation: number[];
}

/** `rounds` consultations, each with `readingMs` of the notice read aloud before the answer, and as many dictations in turn. */
export async function consentAnswers(rounds: number, readingMs: number, appDir = ROOT): Promise<ConsentAnswers> {
  const app = await launch(scribeArgs(appDir, { autoSync: false }));
  try {
    const page = await app.firstWindow();
    await benchVisit(page);
    const result: ConsentAnswers = { agree: [], dictation: [] };
    for (let round = 0; round < rounds; round += 1) {
      await page.getByLabel('Mode').selectOption('consultation');
      await page.getByRole('button', { name: /^(● )?Record$/ }).click();
      await page.getByRole('button', { name: 'Patient agrees' }).waitFor();
      await page.waitForTimeout(readingMs);
      result.agree.push(await agreeInPage(page, SPEAK_NOW));
      await page.waitForTimeout(2_000);
      await stopRecording(page);
      await page.getByLabel('Mode').selectOption('dictation');
      result.dictation.push(await pressRecordInPage(page));
      await page.waitForTimeout(2_000);
      await stopRecording(page);
    }
    return result;
  } finally {
    await app.close();
  }
}
