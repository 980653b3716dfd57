/**
 * A computer whose graphics cannot composite (this one: Xvfb has no GPU) has its window drawn in
 * software from the second start on, without waiting for the graphics processor to fail again
 * (main/shell/windows/software-drawing.ts); a computer whose graphics composite is left as it is.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ElectronApplication } from '@playwright/test';
import { closeApp, expect, test } from '../support/e2e/fixtures';
import { mainLog } from '../support/e2e/data-folder';
import { screenshot } from '../support/e2e/launch-app';

const compositing = (app: ElectronApplication) => app.evaluate(({ app: electronApp }) => electronApp.getGPUFeatureStatus().gpu_compositing);

test('the window is drawn in software from the next start where the graphics could not composite, and works the same', async ({ launch }) => {
  const first = await launch({ patient: null });
  const composites = (await compositing(first.app)).startsWith('enabled');
  const noted = composites ? /window: the graphics composite/ : /window: the graphics cannot composite: the window is drawn in software from the next start/;
  if (!composites) await expect.poll(() => mainLog(first.userDataDir), { timeout: 10_000 }).toMatch(noted);
  await closeApp(first);
  if (!composites) expect(JSON.parse(readFileSync(join(first.userDataDir, 'graphics.json'), 'utf8'))).toEqual({ chrome: expect.stringMatching(/^\d+\./), notedAt: expect.any(Number) });

  const again = await launch({ userDataDir: first.userDataDir });
  await expect(again.page.getByRole('button', { name: /^(● )?Record$/ })).toBeEnabled();
  await screenshot(again.page, 'started-again-drawn-in-software');
  const drawnInSoftware = /window: drawn in software from the start/;
  if (composites) {
    expect(await compositing(again.app)).toMatch(/^enabled/);
    expect(mainLog(again.userDataDir)).not.toMatch(drawnInSoftware);
  } else {
    await expect.poll(() => mainLog(again.userDataDir), { timeout: 10_000 }).toMatch(drawnInSoftware);
    expect(await compositing(again.app)).toMatch(/^(disabled|unavailable)/);
  }
});
