/**
 * More documents from one recording, in the real app: a consultation recorded from the virtual
 * microphone with the patient's consent (Hindi notice), then from that one recording a referral
 * letter (refused first by a service that no longer has its template: the doctor reads why and
 * tries again) and a handout for the patient in Hindi (asked for while the service cannot be
 * reached, sent once it can), each beside the note with its own state; the handout shown in
 * Devanagari, copied headed like the note, saved as a PDF under the clinic's header with a
 * Devanagari font in it. Every Indian script is drawn, none as boxes. A voice upload's result
 * says what it would need.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ElectronApplication, Locator, Page } from '@playwright/test';
import type { SandboxServer } from '../../main/sandbox/sandbox-server';
import { expect, test } from '../support/e2e/fixtures';
import { unnamed } from '../support/e2e/accessible-names';
import { SCREENSHOTS, screenshot } from '../support/e2e/launch-app';
import { customService } from '../support/e2e/policies';
import { startConsultation, recordFor } from '../support/e2e/recording';

test.setTimeout(240_000);

const CLINIC = ['Sandbox Clinic (test data)', '1 Example Road, Pune 411001', 'Telephone 020 0000 0000'];

/** Records a consultation of a few seconds for the visit's patient, the Hindi notice read; resolves once its note is there. */
async function consultationRecorded(page: Page): Promise<void> {
  await page.getByLabel('Mode').selectOption('consultation');
  await startConsultation(page, async () => {
    await page.getByRole('button', { name: 'Record', exact: true }).click();
    await page.getByTestId('record-dialog').getByLabel('Patient’s language').selectOption('hi');
  });
  await page.waitForTimeout(4_000);
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(page.getByTestId('detail-state')).toHaveText('Completed', { timeout: 60_000 });
}

const documentNamed = (page: Page, name: RegExp) => page.getByTestId('document').filter({ has: page.getByRole('heading', { name }) });
const accepted = (sandbox: SandboxServer, operation: string) => sandbox.received.filter((request) => request.operation === operation && (request.status ?? 0) < 300);

/** A template the service no longer has: the doctor reads why, and tries again once it is back. */
async function refusedThenMade(page: Page, sandbox: SandboxServer): Promise<void> {
  const panel = page.getByTestId('visit-documents');
  sandbox.setFaults({ removedTemplates: ['sandbox_clinic_referral'] });
  // By the keyboard alone: the template chosen, then Tab to "Make this document" and Enter.
  await panel.getByLabel('Template', { exact: true }).focus();
  await panel.getByLabel('Template', { exact: true }).selectOption({ label: 'Referral letter (clinic template, sandbox)' });
  await page.keyboard.press('Tab');
  await expect(panel.getByRole('button', { name: 'Make this document' })).toBeFocused();
  await page.keyboard.press('Enter');
  const letter = documentNamed(page, /^Referral letter/);
  await expect(letter.getByTestId('document-state')).toHaveText('Not made', { timeout: 20_000 });
  await expect(letter.getByTestId('document-problem')).toHaveText('The service no longer has the template “Referral letter (clinic template, sandbox)”. Choose another template for this document.');
  await letter.getByRole('button', { name: 'Retry' }).scrollIntoViewIfNeeded();
  await screenshot(page, 'visit-documents-refused');
  sandbox.setFaults({ removedTemplates: [] });
  await letter.getByRole('button', { name: 'Retry' }).click();
  await expect(letter.getByTestId('document-state')).toHaveText('Ready', { timeout: 30_000 });
}

/** The service cannot be reached: the handout is asked for all the same (the patient's language asked once), waits, and goes once it can. */
async function handoutMadeOffline(page: Page, sandbox: SandboxServer): Promise<Locator> {
  const panel = page.getByTestId('visit-documents');
  sandbox.setFaults({ dropRate: 1 });
  await panel.getByLabel('Template', { exact: true }).selectOption({ label: 'Instructions for the patient (clinic template, sandbox)' });
  await panel.getByRole('button', { name: 'For the patient…' }).click();
  const question = panel.getByTestId('language-question');
  // The consent notice's language is the first guess.
  await expect(question.getByLabel('Language of the handout')).toHaveValue('hi');
  await question.getByRole('button', { name: 'Make the handout' }).click();
  const handout = documentNamed(page, /in Hindi \(हिन्दी\)$/);
  await expect(handout.getByTestId('document-state')).toHaveText('Waiting to be asked for', { timeout: 20_000 });
  await expect(panel.getByRole('button', { name: 'For the patient, in Hindi (हिन्दी)' })).toBeVisible();
  await handout.scrollIntoViewIfNeeded();
  await screenshot(page, 'visit-documents-waiting-offline');
  expect(accepted(sandbox, 'documentInLanguage')).toHaveLength(0);
  sandbox.setFaults({ dropRate: 0 });
  await expect(handout.getByTestId('document-state')).toHaveText('Ready', { timeout: 60_000 });
  expect(accepted(sandbox, 'documentInLanguage').map((request) => request.json)).toEqual([{ template_id: 'sandbox_patient_handout', target_language: 'hi' }]);
  return handout;
}

/** Shown in Devanagari, in its language; copied headed like the note; saved as a PDF under the clinic's header, a Devanagari font drawn into it. */
async function handoutLeaves(app: ElectronApplication, page: Page, handout: Locator, userDataDir: string): Promise<void> {
  await handout.getByRole('button', { name: 'Show document' }).click();
  await expect(handout.getByTestId('document-language')).toHaveText('In Hindi (हिन्दी)');
  await expect(handout.locator('.document-text[lang="hi"]')).toContainText('मरीज़ के लिए निर्देश');
  await expect(handout.getByTestId('document-mismatch')).toHaveCount(0);
  // A sandbox of the test's own is a custom address: the app marks only what the built-in sandbox made; its words say they are test data.
  await expect(handout.locator('.document-text')).toContainText('सैंडबॉक्स का परीक्षण डेटा');
  await handout.scrollIntoViewIfNeeded();
  await screenshot(page, 'visit-documents-hindi-handout');
  await handout.getByRole('button', { name: 'Mark reviewed' }).click();
  await handout.getByRole('button', { name: 'Copy document' }).click();
  await expect(handout.getByRole('status')).toHaveText('Copied: paste it where it belongs in the patient’s record.');
  const copied = await app.evaluate(({ clipboard }) => clipboard.readText());
  expect(copied.split('\n').slice(0, 3)).toEqual([
    expect.stringMatching(/^Test patient · Consultation · /),
    'Instructions for the patient (clinic template, sandbox), in Hindi (हिन्दी): made by the transcription service from this consultation’s recording.',
    '',
  ]);
  expect(copied).toContain('मरीज़ के लिए निर्देश');
  const pdfPath = join(userDataDir, 'handout.pdf');
  await app.evaluate(({ dialog }, path) => {
    dialog.showSaveDialog = async () => ({ canceled: false, filePath: path });
  }, pdfPath);
  await handout.getByRole('button', { name: 'Save as PDF' }).click();
  await expect(handout.getByRole('status')).toHaveText(`Saved as ${pdfPath}.`, { timeout: 20_000 });
  const pdf = readFileSync(pdfPath);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const fonts = [...pdf.toString('latin1').matchAll(/\/BaseFont\s*\/([A-Za-z0-9+_-]+)/g)].map((match) => match[1]!.replace(/^[A-Z]{6}\+/, ''));
  console.log(`fonts in the handout's PDF: ${[...new Set(fonts)].join(', ')}`);
  expect(fonts.some((font) => /Devanagari/i.test(font))).toBe(true);
  // The page as printed, drawn by Chromium's own PDF viewer, for a person to look at.
  const printed = await app.evaluate(async ({ BrowserWindow }, path) => {
    const viewer = new BrowserWindow({ show: false, width: 900, height: 1200, webPreferences: { plugins: true, sandbox: true } });
    await viewer.loadURL(`file://${path}#toolbar=0&view=FitH`);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const image = await viewer.webContents.capturePage();
    viewer.destroy();
    return image.toPNG().toString('base64');
  }, pdfPath);
  writeFileSync(join(SCREENSHOTS, 'visit-documents-printed-handout.png'), Buffer.from(printed, 'base64'));
}

/** A handout whose number the service changed (a Tamil one, the patient's language changed): shown with the difference, and it cannot leave. */
async function handoutStopped(page: Page, sandbox: SandboxServer): Promise<void> {
  const panel = page.getByTestId('visit-documents');
  sandbox.setFaults({ documentTextNext: ['changed-number'] });
  await panel.getByRole('button', { name: 'Change the patient’s language' }).click();
  const question = panel.getByTestId('language-question');
  await question.getByLabel('Language of the handout').selectOption('ta');
  await question.getByRole('button', { name: 'Make the handout' }).click();
  const tamil = documentNamed(page, /in Tamil \(தமிழ்\)$/);
  await expect(tamil.getByTestId('document-state')).toHaveText('Ready', { timeout: 30_000 });
  await tamil.getByRole('button', { name: 'Show document' }).click();
  await expect(tamil.getByTestId('document-mismatch')).toContainText('This document does not say the prescription as the note does, so it cannot leave the app.');
  await expect(tamil.locator('.document-text[lang="ta"]')).toContainText('நோயாளிக்கான அறிவுரைகள்');
  for (const action of ['Copy document', 'Print', 'Save as PDF']) await expect(tamil.getByRole('button', { name: action })).toBeDisabled();
  await tamil.scrollIntoViewIfNeeded();
  await screenshot(page, 'visit-documents-tamil-mismatch');
}

test('a referral letter and a Hindi handout from one consultation: one refused by the service and tried again, one made offline and sent later; a handout whose number differs is stopped', async ({
  launch,
  startSandbox,
  microphone: _microphone,
}) => {
  const sandbox = await startSandbox({ faults: { processingMs: 1_000, documentProcessingMs: 1_500 } });
  const { app, page, userDataDir } = await launch({ policy: customService(sandbox, { transcriptionApi: 'sessions', clinicHeader: CLINIC }) });
  await consultationRecorded(page);
  const panel = page.getByTestId('visit-documents');
  await expect(panel.getByRole('heading', { name: 'Documents from this recording' })).toBeVisible();
  // Favourites first.
  await expect(panel.getByLabel('Template', { exact: true }).locator('optgroup').first()).toHaveAttribute('label', 'Your favourites');
  await refusedThenMade(page, sandbox);
  const handout = await handoutMadeOffline(page, sandbox);
  await handoutLeaves(app, page, handout, userDataDir);
  await handoutStopped(page, sandbox);
  // Every control of the documents has a clear name.
  expect(await unnamed(page)).toEqual([]);
  // Three documents from the one recording, one session, nothing recorded again.
  await expect(panel.getByTestId('document')).toHaveCount(3);
  expect(accepted(sandbox, 'sessionCreate')).toHaveLength(1);
});

/** Sample words of each script a handout is written in (Marathi shares Devanagari, Assamese Bengali's script). */
const SCRIPTS: Record<string, string> = {
  hi: 'मरीज़ के लिए निर्देश १२३',
  bn: 'রোগীর জন্য নির্দেশনা ১২৩',
  pa: 'ਮਰੀਜ਼ ਲਈ ਹਦਾਇਤਾਂ ੧੨੩',
  gu: 'દર્દી માટે સૂચનાઓ ૧૨૩',
  ta: 'நோயாளிக்கான அறிவுரைகள் ௧௨௩',
  te: 'రోగికి సూచనలు ౧౨౩',
  kn: 'ರೋಗಿಗೆ ಸೂಚನೆಗಳು ೧೨೩',
  ml: 'രോഗിക്കുള്ള നിർദ്ദേശങ്ങൾ ൧൨൩',
};

test('every Indian script a handout is written in is drawn with a font that carries it, none as boxes', async ({ launch }) => {
  const { page } = await launch({ patient: null });
  // Each letter drawn alone with the page's own face for its language, compared with the box of a code point no font has.
  const boxed = await page.evaluate((samples) => {
    const canvas = document.createElement('canvas');
    canvas.width = 48;
    canvas.height = 48;
    const context = canvas.getContext('2d', { willReadFrequently: true })!;
    const pixels = (text: string, font: string) => {
      context.clearRect(0, 0, 48, 48);
      context.font = `32px ${font}`;
      context.fillText(text, 4, 36);
      return Array.from(context.getImageData(0, 0, 48, 48).data.filter((_, index) => index % 4 === 3)).join(',');
    };
    const found: Record<string, number> = {};
    for (const [language, words] of Object.entries(samples)) {
      const probe = document.createElement('span');
      probe.lang = language;
      document.body.append(probe);
      const font = getComputedStyle(probe).fontFamily;
      probe.remove();
      const box = pixels('\u0378', font);
      const letters = [...new Set(words.replace(/\s/g, ''))];
      found[language] = letters.filter((letter) => pixels(letter, font) === box).length;
    }
    return found;
  }, SCRIPTS);
  expect(boxed).toEqual(Object.fromEntries(Object.keys(SCRIPTS).map((language) => [language, 0])));
  // And as the doctor sees them, side by side, each in its own script.
  await page.evaluate((samples) => {
    const sheet = document.createElement('div');
    sheet.id = 'script-sheet';
    sheet.style.cssText = 'position:fixed;inset:40px;background:#fff;padding:24px;font-size:26px;z-index:1000;border:2px solid #333';
    for (const [language, words] of Object.entries(samples)) {
      const line = document.createElement('p');
      line.lang = language;
      line.textContent = `${new Intl.DisplayNames(['en'], { type: 'language' }).of(language)}: ${words}`;
      sheet.append(line);
    }
    document.body.append(sheet);
  }, SCRIPTS);
  await screenshot(page, 'visit-documents-scripts');
});

test('a result of the voice upload says that more documents need the sessions API', async ({ launch, startSandbox, microphone: _microphone }) => {
  const sandbox = await startSandbox({ faults: { processingMs: 500 } });
  const { page } = await launch({ policy: customService(sandbox, { transcriptionApi: 'voice-upload' }) });
  await recordFor(page, 'Bed 9', 3_000);
  await expect(page.getByTestId('detail-state')).toHaveText('Completed', { timeout: 60_000 });
  await expect(page.getByTestId('documents-need-sessions')).toContainText('More documents from this recording (a referral letter, a handout for the patient) need the sessions API');
  await expect(page.getByRole('button', { name: 'Make this document' })).toHaveCount(0);
});
