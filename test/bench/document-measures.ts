/**
 * Documents from one recording (issue 59), in the built app: a consultation of a few seconds
 * recorded from the virtual microphone by the sessions API, then handouts for its patient in one
 * language after another, each pressed in the page and timed until it shows Ready, against the
 * service's own time to make it (the sandbox's `documentProcessingMs`); and what each document
 * takes on the disk, sealed, against its text.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { languageLine } from '../../contract/handout-languages';
import { SandboxServer } from '../../main/sandbox/sandbox-server';
import { ROOT } from '../support/e2e/launch-app';
import { benchVisit, launch, pressRecordInPage, scribeArgs } from './app-measures';

export interface DocumentsOnScreen {
  serviceMs: number;
  /** Press of "For the patient" → the document shown Ready, each run. */
  onScreenMs: number[];
  /** Bytes of each document's sealed file, and of its text. */
  sealedBytes: number[];
  textBytes: number[];
}

/** The languages the runs make handouts in, one document each (the same template and language asked again is the same document). */
const LANGUAGES = ['hi', 'ta', 'bn', 'te', 'kn', 'ml', 'gu', 'pa', 'mr'];

/** Presses the handout's button in the page; resolves with page-clock milliseconds until one more document shows Ready. */
function pressUntilReady(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        // No named functions in here: the page has not the bundler's helper that names them.
        const selector = '[data-testid="document"][data-state="ready"]';
        const before = document.querySelectorAll(selector).length;
        const button = [...document.querySelectorAll('button')].find((candidate) => candidate.textContent?.startsWith('For the patient, in '))!;
        const started = performance.now();
        // Held on window so it lives as long as the wait, whatever React re-renders.
        const observer = new MutationObserver(() => {
          if (document.querySelectorAll(selector).length > before) {
            observer.disconnect();
            resolve(performance.now() - started);
          }
        });
        (window as unknown as { benchObserver: MutationObserver }).benchObserver = observer;
        observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-state'] });
        button.click();
        setTimeout(() => reject(new Error('No document Ready within 60 s.')), 60_000);
      }),
  );
}

export async function documentsOnScreen(runs: number, serviceMs: number): Promise<DocumentsOnScreen> {
  const sandbox = await SandboxServer.start({ faults: { processingMs: 500, documentProcessingMs: serviceMs } });
  const args = scribeArgs(ROOT, { service: 'custom', customServiceUrl: sandbox.url, accessToken: sandbox.token, transcriptionApi: 'sessions', autoSync: true });
  const userDataDir = args.find((arg) => arg.startsWith('--user-data-dir='))!.slice('--user-data-dir='.length);
  const figures: DocumentsOnScreen = { serviceMs, onScreenMs: [], sealedBytes: [], textBytes: [] };
  try {
    const app = await launch(args);
    try {
      const page = await app.firstWindow();
      await benchVisit(page);
      await pressRecordInPage(page);
      await page.waitForTimeout(4_000);
      await page.getByRole('button', { name: /^(■ )?Stop$/ }).click();
      await page.getByTestId('detail-state').filter({ hasText: 'Completed' }).waitFor({ timeout: 60_000 });
      const patientId = await page.evaluate(async () => {
        const listed = await window.scribe.listPatients();
        return listed.ok ? listed.value.visitPatientId : null;
      });
      const panel = page.getByTestId('visit-documents');
      await panel.getByLabel('Template', { exact: true }).selectOption({ label: 'Instructions for the patient (clinic template, sandbox)' });
      for (const language of LANGUAGES.slice(0, runs)) {
        await page.evaluate(async ([id, code]) => void (await window.scribe.setPatientLanguage({ id: id!, language: code! })), [patientId, language]);
        await panel.getByRole('button', { name: `For the patient, in ${languageLine(language)}` }).waitFor();
        figures.onScreenMs.push(await pressUntilReady(page));
        // A moment between two, as a doctor reads the one before.
        await page.waitForTimeout(500);
      }
      for (const document of await page.evaluate(async () => {
        const listed = await window.scribe.listDocuments();
        return listed.ok ? listed.value : [];
      })) {
        const opened = await page.evaluate(async (id) => window.scribe.openDocument({ id }), document.id);
        if (opened.ok) figures.textBytes.push(Buffer.byteLength(opened.value.text ?? '', 'utf8'));
      }
      const folder = join(userDataDir, 'dictations');
      for (const dictation of readdirSync(folder).filter((name) => statSync(join(folder, name)).isDirectory())) {
        const documents = join(folder, dictation, 'documents');
        try {
          for (const file of readdirSync(documents)) figures.sealedBytes.push(readFileSync(join(documents, file)).length);
        } catch {
          // A dictation with no documents.
        }
      }
    } finally {
      await app.close();
    }
  } finally {
    await sandbox.stop();
  }
  return figures;
}
