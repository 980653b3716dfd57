import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SAVE_DIALOG_TITLE, TEST_DATA_CARD_HEADING, printCard, saveCard } from '../../../main/registration/abha-card-output';
import { tempFolder } from '../../support/temp-folder';
import { asThePageSees } from '../../support/failures';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

describe('the ABHA card, printed', () => {
  it('prints a page holding only the card; cancelling the dialog is no failure', async () => {
    const pages: string[] = [];
    expect(await printCard(PNG, async (url) => (pages.push(url), true))).toBe(true);
    expect(await printCard(PNG, async () => false)).toBe(false);
    const html = Buffer.from(pages[0]!.replace(/^data:text\/html;base64,/, ''), 'base64').toString('utf8');
    expect(html).toContain(`<img alt="ABHA card" src="data:image/png;base64,${PNG.toString('base64')}">`);
  });

  it("heads a sandbox card's page with the test-data mark, and only that card's", async () => {
    const pages: string[] = [];
    await printCard(PNG, async (url) => (pages.push(url), true), true);
    await printCard(PNG, async (url) => (pages.push(url), true));
    const [marked, real] = pages.map((url) => Buffer.from(url.replace(/^data:text\/html;base64,/, ''), 'base64').toString('utf8'));
    expect(TEST_DATA_CARD_HEADING).toBe('Test data (sandbox): not a real ABHA card');
    expect(marked).toContain(`<body><p>${TEST_DATA_CARD_HEADING}</p><img alt="ABHA card"`);
    expect(real).not.toContain('Test data');
  });

  it("says what failed, with the printer's reason as the detail; refuses a card too large for the page", async () => {
    expect(await asThePageSees(printCard(PNG, () => Promise.reject(new Error('Printer is offline'))))).toEqual({
      ok: false,
      error: { kind: 'refused', message: expect.stringMatching(/^The card could not be printed\./), detail: 'Printer is offline', retryable: false },
    });
    let printed = false;
    const huge = Buffer.alloc(1_300_000);
    expect(await asThePageSees(printCard(huge, async () => (printed = true)))).toMatchObject({ ok: false, error: { kind: 'refused', message: expect.stringMatching(/too large to print/) } });
    expect(printed).toBe(false);
  });
});

describe('the ABHA card, saved', () => {
  it('writes the one file chosen, as PNG, readable by this user only; nothing when the dialog is cancelled', async () => {
    const folder = tempFolder();
    let asked: { title: string; defaultPath: string } | null = null;
    const path = await saveCard(PNG, async (dialog) => ((asked = dialog), join(folder, 'card')));
    expect(asked).toMatchObject({ title: SAVE_DIALOG_TITLE, defaultPath: 'abha-card.png' });
    expect(path).toBe(join(folder, 'card.png'));
    expect(readFileSync(path!)).toEqual(PNG);
    if (process.platform !== 'win32') expect(statSync(path!).mode & 0o777).toBe(0o600);
    expect(await saveCard(PNG, async () => join(folder, 'other.PNG'))).toBe(join(folder, 'other.PNG'));
    expect(await saveCard(PNG, async () => null)).toBeNull();
  });

  it("offers a sandbox card's file as -TEST-DATA, and says why in the dialog", async () => {
    const folder = tempFolder();
    let asked: { defaultPath: string; message: string } | null = null;
    expect(await saveCard(PNG, async (dialog) => ((asked = dialog), join(folder, 'abha-card-TEST-DATA')), true)).toBe(join(folder, 'abha-card-TEST-DATA.png'));
    expect(asked).toMatchObject({ defaultPath: 'abha-card-TEST-DATA.png', message: expect.stringMatching(/^Test data \(sandbox\): not a real ABHA card: it comes from the built-in sandbox\./) });
  });

  it('says why the file could not be written', async () => {
    const missing = join(tempFolder(), 'no-such-folder', 'card.png');
    expect(await asThePageSees(saveCard(PNG, async () => missing))).toMatchObject({ ok: false, error: { kind: 'storage', message: expect.stringMatching(/^The card could not be saved\. The data could not be saved \(ENOENT\)/) } });
  });
});
