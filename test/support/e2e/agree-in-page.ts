/** The patient's consent given in the page, as the bench and the consent test time it. */
import type { Page } from '@playwright/test';

/** Presses "Patient agrees" in the page; page-clock milliseconds until `speakNow` shows. */
export function agreeInPage(page: Page, speakNow: string): Promise<number> {
  return page.evaluate(
    (wanted) =>
      new Promise<number>((resolve, reject) => {
        const agree = [...document.querySelectorAll('button')].find((button) => button.textContent === 'Patient agrees')!;
        const pressed = performance.now();
        const observer = new MutationObserver(() => {
          if (document.querySelector('[data-testid="recorder-state"]')?.textContent === wanted) {
            observer.disconnect();
            resolve(performance.now() - pressed);
          }
        });
        // Held on window so it lives as long as the wait, whatever React re-renders.
        (window as unknown as { agreeObserver: MutationObserver }).agreeObserver = observer;
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
        agree.click();
        setTimeout(() => reject(new Error('No "speak now" within 10 s of the answer')), 10_000);
      }),
    speakNow,
  );
}
