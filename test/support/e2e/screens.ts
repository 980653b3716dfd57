/** Moving about the window as the doctor does: the main navigation's screens, a dictation from the list. */
import type { Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';

export type ScreenName = 'Dictation' | 'Records' | 'Registration' | 'Patients' | 'Settings';

/** The main navigation (the screens' buttons). */
export function mainNavigation(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main' });
}

/**
 * Opens a screen with its button in the main navigation; resolves once the screen's heading is
 * there. Settings opens with its part for the clinic's IT open too (closed by default), where
 * the service, sign-in, encryption and updates are, as the tests set them.
 */
export async function showScreen(page: Page, screen: ScreenName): Promise<void> {
  await mainNavigation(page).getByRole('button', { name: screen, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(screen);
  if (screen === 'Settings') await openClinicSettings(page);
}

/** Opens Settings' part for the clinic's IT (service, sign-in, encryption, updates), closed by default. */
export async function openClinicSettings(page: Page): Promise<void> {
  const section = page.getByTestId('it-section');
  if ((await section.getAttribute('open')) === null) await section.locator('summary').click();
  await expect(section).toHaveAttribute('open', '');
}

/** Opens a dictation from the list by its label (the list showing all, whoever's it is); returns its details. */
export async function openDictation(page: Page, label: string): Promise<Locator> {
  await page.getByRole('radiogroup', { name: 'Which dictations to show' }).getByRole('radio', { name: 'All' }).click();
  await page.getByRole('option').filter({ hasText: label }).click();
  const details = page.getByRole('region', { name: 'Dictation details' });
  await expect(details.getByRole('heading', { name: label, exact: true })).toBeVisible();
  return details;
}
