/** Every text an element shows, in order, as a person would see it change (a text that lasts a moment only included). */
import type { Page } from '@playwright/test';

/** Starts noting the texts of the element `testId` names; `seenTexts` reads them. */
export async function watchTexts(page: Page, testId: string): Promise<void> {
  await page.evaluate((id) => {
    const seen: string[] = [];
    (window as unknown as { seenTexts: Record<string, string[]> }).seenTexts = { ...(window as unknown as { seenTexts?: Record<string, string[]> }).seenTexts, [id]: seen };
    new MutationObserver(() => {
      const text = document.querySelector(`[data-testid="${id}"]`)?.textContent ?? '';
      if (text !== '' && seen.at(-1) !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  }, testId);
}

/** The texts noted since `watchTexts`, in order, without repeats in a row and without empty ones. */
export function seenTexts(page: Page, testId: string): Promise<string[]> {
  return page.evaluate((id) => (window as unknown as { seenTexts: Record<string, string[]> }).seenTexts[id] ?? [], testId);
}
