/** The window at the sizes clinics' screens have, as the doctor sees it there. */
import type { ElectronApplication, Page } from '@playwright/test';
import { expect } from '@playwright/test';

/** A small clinic PC and a common laptop. */
export const CLINIC_SIZES = [
  { width: 1024, height: 640 },
  { width: 1366, height: 768 },
] as const;

/** Sets the page's size (the window's content), and waits until the page has it. */
export async function resize(app: ElectronApplication, page: Page, size: { width: number; height: number }): Promise<void> {
  await app.evaluate(({ BrowserWindow }, { width, height }) => BrowserWindow.getAllWindows()[0]?.setContentSize(width, height), size);
  await expect.poll(() => page.evaluate(() => [window.innerWidth, window.innerHeight])).toEqual([size.width, size.height]);
}

/** How far the screen scrolls sideways, px: more than 1, something is wider than the window and cut off at its right. */
export function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const screen = document.querySelector('.screen');
    return screen ? screen.scrollWidth - screen.clientWidth : 0;
  });
}

/** Each visible table whose header cell does not stand over its column (a style that lays the table out as a grid moves them apart): what is wrong, named. */
export function headersOffTheirColumns(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('table')].flatMap((table) => {
      const head = table.tHead?.rows[0];
      const row = [...table.tBodies].flatMap((body) => [...body.rows]).find((candidate) => candidate.cells.length === head?.cells.length);
      if (!head || !row || table.getClientRects().length === 0) return [];
      return [...head.cells].flatMap((cell, index) => {
        const over = cell.getBoundingClientRect();
        const under = row.cells[index]!.getBoundingClientRect();
        const apart = Math.max(Math.abs(over.left - under.left), Math.abs(over.right - under.right));
        return apart > 2 ? [`the table "${table.getAttribute('aria-label') ?? ''}": its header "${cell.textContent?.trim()}" is ${Math.round(apart)} px off its column`] : [];
      });
    }),
  );
}
