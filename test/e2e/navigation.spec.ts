import { expect, test } from '../support/e2e/fixtures';
import { screenshot } from '../support/e2e/launch-app';

test('every screen is reachable by mouse and keyboard; the status bar shows the sandbox', async ({ launch }) => {
  const { app, page } = await launch();
  const status = page.getByRole('status', { name: 'Status' });
  await expect(status.getByTestId('service-badge')).toHaveText('Sandbox: test data only');
  await expect(status.getByTestId('connection')).toHaveText('Online');
  await expect(status.getByTestId('pending-sync')).toHaveText('Nothing waiting to sync');

  const nav = page.getByRole('navigation', { name: 'Main' });
  const screens = ['Dictation', 'Records', 'Registration', 'Settings'];
  for (const [index, name] of screens.entries()) {
    await page.keyboard.press(`Control+${index + 1}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    // The new screen starts at its heading, not at the menu button that had the focus.
    if (index > 0) await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    await expect(nav.getByRole('button', { name })).toHaveAttribute('aria-current', 'page');
    await screenshot(page, `screen-${name.toLowerCase()}`);
  }

  await nav.getByRole('button', { name: 'Dictation' }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(nav.getByRole('button', { name: 'Records' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Records');
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await nav.getByRole('button', { name: 'Records' }).focus();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(nav.getByRole('button', { name: 'Settings' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await app.close();
});
