import { expect, test } from '../support/e2e/fixtures';
import { newDataFolder, screenshot } from '../support/e2e/launch-app';
import { seedDictations } from '../support/e2e/seed-dictations';

test('the list of 5,000 dictations renders only what is visible, filters and searches', async ({ launch }) => {
  const userDataDir = newDataFolder();
  seedDictations(userDataDir, 5000);
  const { app, page } = await launch({ userDataDir, policy: { autoSync: false } });
  const list = page.getByTestId('dictation-list');
  await expect(page.getByText('5000 of 5000')).toBeVisible();
  expect(await list.getByRole('option').count()).toBeLessThan(40);
  await expect(list.getByRole('option').first()).toContainText('Patient 4999');

  await list.evaluate((element) => {
    element.scrollTop = element.scrollHeight;
  });
  await expect(list.getByRole('option', { name: /Patient 0000/ })).toBeVisible();
  expect(await list.getByRole('option').count()).toBeLessThan(40);

  await page.getByRole('button', { name: 'Failed', exact: true }).click();
  await expect(page.getByText('1000 of 5000')).toBeVisible();
  await page.getByRole('button', { name: 'All', exact: true }).click();
  await page.getByLabel('Search by patient or label').fill('Patient 4323');
  await expect(page.getByText('1 of 5000')).toBeVisible();
  await list.getByRole('option').first().click();
  await expect(page.getByTestId('detail-state')).toHaveText('Partial result');

  await page.getByLabel('Search by patient or label').fill('');
  await list.focus();
  await page.keyboard.press('ArrowDown');
  await expect(list.getByRole('option', { selected: true })).toContainText('Patient 4322');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(list.getByRole('option', { selected: true })).toContainText('Patient 4324');
  await screenshot(page, 'dictation-list-5000');
  await app.close();
});
