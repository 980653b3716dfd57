/**
 * Screens read at a glance, at the sizes clinics' screens have: the newest result's
 * medicines in view without scrolling, nothing scrolling sideways on any screen; a
 * screenshot of each at both sizes (test-results/screenshots).
 */
import type { Page } from '@playwright/test';
import { bridgeValue, expect, test } from '../support/e2e/fixtures';
import { screenshot } from '../support/e2e/launch-app';
import { labReportPdf } from '../fixtures/documents';
import { dropFiles } from '../support/e2e/drop-files';
import { expectStill } from '../support/e2e/positions';
import { CLINIC_SIZES, headersOffTheirColumns, resize } from '../support/e2e/window-size';
import { forPatient } from '../support/e2e/recording';
import { unnamed } from '../support/e2e/accessible-names';

test.setTimeout(120_000);

const SIZES = CLINIC_SIZES;

/** Whether any scrolling box on the page is wider than it shows. */
function scrollsSideways(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('*')]
      .filter((element) => {
        const style = getComputedStyle(element);
        const scrolls = element === document.scrollingElement || ['auto', 'scroll'].includes(style.overflowX);
        return scrolls && element.scrollWidth > element.clientWidth + 1;
      })
      .map((element) => element.className || element.tagName),
  );
}

test('at 1024×640 and 1366×768 the newest result shows its medicines without scrolling, nothing scrolls sideways, and every control has a clear name', async ({ launch, microphone: _microphone }) => {
  const { app, page } = await launch();
  for (const size of SIZES) {
    await resize(app, page, size);
    await screenshot(page, `dictation-idle-${size.width}x${size.height}`);
    expect(await scrollsSideways(page)).toEqual([]);
  }
  expect(await unnamed(page)).toEqual([]);
  await forPatient(page, 'Meena Iyer, bed 9, follow-up after discharge');
  await page.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(page.getByTestId('recorder-state')).toHaveText('Recording — speak now', { timeout: 15_000 });
  await screenshot(page, `dictation-recording-${SIZES[1].width}x${SIZES[1].height}`);
  expect(await unnamed(page)).toEqual([]);
  await expect.poll(() => bridgeValue(page, 'getRecorder').then((r) => r.elapsedMs), { timeout: 20_000 }).toBeGreaterThanOrEqual(1500);
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  const detail = page.getByRole('region', { name: 'Dictation details' });
  await expect(detail.getByTestId('detail-state')).toHaveText('Completed', { timeout: 60_000 });

  for (const size of SIZES) {
    await resize(app, page, size);
    await screenshot(page, `dictation-result-${size.width}x${size.height}`);
    const table = detail.getByRole('table', { name: 'Medications' });
    await expect(table).toBeInViewport({ ratio: 1 });
    // The patient's label is whole in the list.
    await expect(page.getByRole('option').filter({ hasText: 'Meena Iyer, bed 9, follow-up after discharge' })).toBeVisible();
    expect(await scrollsSideways(page)).toEqual([]);
  }
  expect(await unnamed(page)).toEqual([]);
  await app.close();
});

test('at 1024×640 and 1366×768 the Records, Registration and Settings screens scroll only up and down, and every control on them has a clear name', async ({ launch }) => {
  const { app, page } = await launch();
  const atBothSizes = async (name: string) => {
    for (const size of SIZES) {
      await resize(app, page, size);
      await screenshot(page, `${name}-${size.width}x${size.height}`);
      expect(await scrollsSideways(page), `${name} at ${size.width}×${size.height}`).toEqual([]);
      expect(await headersOffTheirColumns(page), `${name} at ${size.width}×${size.height}`).toEqual([]);
    }
    expect(await unnamed(page), name).toEqual([]);
  };

  await page.keyboard.press('Control+2');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Records');
  await atBothSizes('screen-records-empty');
  await dropFiles(page, [{ name: 'CBC report with a long file name from the lab.pdf', bytes: await labReportPdf() }]);
  await forPatient(page, 'Meena Iyer, bed 9, follow-up after discharge');
  await atBothSizes('screen-records-staged');
  await page.getByRole('button', { name: 'Upload 1 report' }).click();
  await expect(page.getByRole('region', { name: /^Result of / })).toBeVisible({ timeout: 30_000 });
  await atBothSizes('screen-records-report');
  // Values and units are never broken across lines ("12400" read as "1240" and "0").
  const brokenCells = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('table.lab-tests tbody td:nth-child(2), table.lab-tests tbody td:nth-child(3)')]
        .filter((cell) => {
          const range = document.createRange();
          range.selectNodeContents(cell);
          return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size > 1;
        })
        .map((cell) => cell.textContent),
    );
  for (const size of SIZES) {
    await resize(app, page, size);
    expect(await brokenCells(), `at ${size.width}×${size.height}`).toEqual([]);
  }

  await page.keyboard.press('Control+3');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Registration');
  await atBothSizes('screen-registration');

  await page.keyboard.press('Control+4');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
  await atBothSizes('screen-settings');
  await app.close();
});

test('Copy note and Mark reviewed are at the top of a long note, right after its heading for the keyboard, and cover nothing; no button moves when a message comes', async ({
  launch,
  microphone: _microphone,
}) => {
  const { app, page } = await launch();
  await resize(app, page, SIZES[0]);
  await forPatient(page, 'Meena Iyer, bed 9');
  await page.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(page.getByTestId('recorder-state')).toHaveText('Recording — speak now', { timeout: 15_000 });
  await expect.poll(() => bridgeValue(page, 'getRecorder').then((r) => r.elapsedMs), { timeout: 20_000 }).toBeGreaterThanOrEqual(1500);
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  const detail = page.getByRole('region', { name: 'Dictation details' });
  await expect(detail.getByTestId('detail-state')).toHaveText('Completed', { timeout: 60_000 });
  const actions = detail.getByRole('group', { name: 'Dictation actions' });
  const copy = actions.getByRole('button', { name: 'Copy note' });
  const review = actions.getByRole('button', { name: 'Mark reviewed' });

  // The keyboard: after Stop it is on the dictation; its heading's Change label, then Copy note and Mark reviewed.
  await expect(detail).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(detail.getByRole('button', { name: 'Change label' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(copy).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(review).toBeFocused();

  // Above the note, never over it: the note is long (it scrolls at this size), and its actions come before its first part.
  const scroller = await detail.evaluate((element) => element.scrollHeight > element.clientHeight);
  expect(scroller).toBe(true);
  const [actionsBox, firstPart, medicines] = await Promise.all([actions.boundingBox(), detail.getByRole('article').first().boundingBox(), detail.getByRole('table', { name: 'Medications' }).boundingBox()]);
  expect(actionsBox!.y + actionsBox!.height).toBeLessThanOrEqual(firstPart!.y);
  expect(actionsBox!.y + actionsBox!.height).toBeLessThanOrEqual(medicines!.y);
  // Scrolled to the note's end and back: the actions scroll with the note (they are not held over it).
  await detail.evaluate((element) => element.scrollTo(0, element.scrollHeight));
  await expect(detail.getByRole('button', { name: 'Edit note' })).toBeInViewport();
  await expect(copy).not.toBeInViewport();
  await detail.evaluate((element) => element.scrollTo(0, 0));
  await expect(copy).toBeInViewport({ ratio: 1 });
  await expect(review).toBeInViewport({ ratio: 1 });

  // Nothing moves under the pointer when the status beside the buttons speaks (copied, a part copied).
  const clinicalNotes = detail.getByRole('article', { name: 'Clinical notes' });
  const copyText = clinicalNotes.getByRole('button', { name: 'Copy text' });
  const still = [copy, review, copyText, detail.getByRole('button', { name: 'Delete' })];
  const status = detail.getByTestId('detail-status');
  await expectStill(still, async () => {
    await copy.click();
    await expect(status).toHaveText('Note copied: paste it into the EMR.');
  });
  await screenshot(page, 'dictation-note-copied-1024x640');
  // Measured where the pointer is: the part's own button in view (the click then scrolls nothing).
  await copyText.scrollIntoViewIfNeeded();
  await expectStill(still, async () => {
    await copyText.click();
    await expect(status).toHaveText('Text copied.');
  });
  await resize(app, page, SIZES[1]);
  await detail.evaluate((element) => element.scrollTo(0, 0));
  await screenshot(page, 'dictation-note-copied-1366x768');
  await review.click();
  await expect(actions.getByTestId('reviewed')).toContainText('Reviewed');
  // The keyboard lands on the next useful control, never on the page.
  await expect(actions.getByRole('button', { name: 'Copy note' })).toBeFocused();
  // The recording is one stop: Tab reaches its button and leaves it at once.
  const player = detail.getByTestId('audio-player');
  await player.focus();
  await page.keyboard.press('Tab');
  await expect(player).not.toBeFocused();
  await expect(detail.getByRole('button', { name: 'Delete' })).toBeFocused();
  // The screen keys are shown beside the screens' names.
  await expect(page.getByRole('navigation', { name: 'Main' })).toContainText('DictationCtrl+1');
  await app.close();
});
