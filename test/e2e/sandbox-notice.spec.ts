/**
 * The first start against the built-in sandbox says, once, that nothing it shows is real:
 * beside the menu, over nothing, until hidden; remembered in the data folder.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { bridgeValue, expect, test } from '../support/e2e/fixtures';
import { screenshot } from '../support/e2e/launch-app';
import { customService } from '../support/e2e/policies';
import { showScreen } from '../support/e2e/screens';
import { CLINIC_SIZES, resize } from '../support/e2e/window-size';

test('the first start against the sandbox says that nothing here is real, until hidden, and never again', async ({ launch }) => {
  const first = await launch();
  const notice = first.page.getByRole('status', { name: 'Nothing here is real' });
  await expect(notice).toContainText('The built-in sandbox is answering: every result, lab report, patient and ABHA card is made up, marked “Test data”.');
  // Beside the menu: every screen's own content is where it always is, and every menu button can still be pressed.
  for (const size of CLINIC_SIZES) {
    await resize(first.app, first.page, size);
    await expect(notice).toBeInViewport({ ratio: 1 });
    await screenshot(first.page, `sandbox-notice-${size.width}x${size.height}`);
  }
  await showScreen(first.page, 'Settings');
  await showScreen(first.page, 'Dictation');
  await notice.getByRole('button', { name: 'Hide this notice' }).click();
  await expect(notice).toHaveCount(0);
  expect(existsSync(join(first.userDataDir, 'sandbox-notice-hidden'))).toBe(true);
  await first.app.close();

  const again = await launch({ userDataDir: first.userDataDir });
  await expect(again.page.getByRole('heading', { level: 1 })).toHaveText('Dictation');
  await expect(again.page.getByTestId('service-badge')).toHaveText('Sandbox: test data only');
  // Asked after the page asked at its start, so answered after it: the page knows by now.
  expect(await bridgeValue(again.page, 'sandboxNoticeHidden')).toBe(true);
  await expect(again.page.getByTestId('sandbox-notice')).toHaveCount(0);
});

test('a start against another service says nothing of the sandbox', async ({ launch, startSandbox }) => {
  const sandbox = await startSandbox();
  const { page } = await launch({ policy: customService(sandbox) });
  await expect(page.getByTestId('service-badge')).not.toHaveText('Sandbox: test data only');
  await expect(page.getByTestId('sandbox-notice')).toHaveCount(0);
});
