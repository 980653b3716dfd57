/**
 * Screens that hold at the sizes clinics' screens have: with a 60-character name and every
 * status on screen, on every screen (and in the dialogs and the clinic's settings opened), no
 * control overlaps another, none is cut off at the window's edge or unreachable, no button
 * wraps past two lines, no list cuts its chosen entry or field its placeholder, and no ABHA number
 * breaks across two lines. The boxes of every visible control are compared; and axe finds nothing
 * wrong on any of them.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { axeFinds } from '../support/e2e/accessible-names';
import { expect, test } from '../support/e2e/fixtures';
import { newDataFolder, screenshot } from '../support/e2e/launch-app';
import { seedClinicMorning } from '../support/e2e/seed-dictations';
import { CLINIC_SIZES, resize, sidewaysOverflow } from '../support/e2e/window-size';

test.setTimeout(120_000);

const LONG_NAME = 'Venkata Lakshmi Narasimha Subramanian Ramachandran Iyengar Jr';
const PATIENTS = [
  { id: randomUUID(), label: 'Bed 12', name: LONG_NAME.slice(0, 60), age: 67, sex: 'male' as const, abhaNumber: '91-2345-6789-0123' },
  { id: randomUUID(), label: 'Token 34', name: 'Sunita Devi', age: 54, sex: 'female' as const, abhaNumber: null },
];

interface ControlBox {
  name: string;
  /** The controls it lies inside (a list box around its options): never counted as overlapping them. */
  inside: number[];
  index: number;
  x: number;
  y: number;
  width: number;
  height: number;
  /** Lines its text takes (buttons). */
  lines: number;
}

const CONTROLS = 'button, input:not([type=hidden]), select, textarea, a[href], [role=radio], [role=option], summary, [tabindex="0"]';

/** The controls a person sees now: their boxes in one frame, each clipped by the boxes that scroll it (a control scrolled out of sight is left out). */
function visibleBoxes(page: Page): Promise<ControlBox[]> {
  return page.evaluate((selector) => {
    const clipped = (element: HTMLElement): DOMRect | null => {
      let box = element.getBoundingClientRect();
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const view = parent.getBoundingClientRect();
        const left = Math.max(box.left, view.left);
        const top = Math.max(box.top, view.top);
        const right = Math.min(box.right, view.right);
        const bottom = Math.min(box.bottom, view.bottom);
        if (right - left < 2 || bottom - top < 2) return null;
        box = new DOMRect(left, top, right - left, bottom - top);
      }
      return box;
    };
    // With a dialog open, the page behind it cannot be used: only the dialog's controls count.
    const scope = document.querySelector('dialog[open]') ?? document.body;
    const elements = [...scope.querySelectorAll<HTMLElement>(selector)];
    return elements.flatMap((element, index) => {
      const full = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      if (full.width <= 2 || full.height <= 2 || !element.checkVisibility({ visibilityProperty: true }) || element.closest('.visually-hidden')) return [];
      const box = clipped(element);
      if (!box) return [];
      const inside = elements.flatMap((other, at) => (other !== element && other.contains(element) ? [at] : []));
      const lineHeight = Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.2;
      const inner = full.height - Number.parseFloat(style.paddingTop) - Number.parseFloat(style.paddingBottom) - Number.parseFloat(style.borderTopWidth) - Number.parseFloat(style.borderBottomWidth);
      return [
        {
          index,
          inside,
          name: `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 50)}"`,
          x: Math.round(box.x),
          y: Math.round(box.y),
          width: Math.round(box.width),
          height: Math.round(box.height),
          lines: element.tagName === 'BUTTON' ? Math.round(inner / lineHeight) : 1,
        },
      ];
    });
  }, CONTROLS);
}

/** Controls that cannot be reached: scrolled into view one by one, something else is at their middle (a sticky bar, another box). */
function unreachable(page: Page): Promise<string[]> {
  return page.evaluate(async (selector) => {
    const found: string[] = [];
    const scope = document.querySelector('dialog[open]') ?? document.body;
    const controls = [...scope.querySelectorAll<HTMLElement>(selector)].filter((element) => {
      const box = element.getBoundingClientRect();
      return box.width > 2 && box.height > 2 && element.checkVisibility({ visibilityProperty: true }) && !element.closest('.visually-hidden');
    });
    for (const element of controls) {
      element.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      await new Promise((resolve) => requestAnimationFrame(resolve));
      // A long list draws only the rows in view: one scrolled away is drawn again as another element.
      if (!element.isConnected) continue;
      const box = element.getBoundingClientRect();
      const atMiddle = document.elementFromPoint(box.x + box.width / 2, box.y + Math.min(box.height / 2, 10));
      const reached = atMiddle !== null && (element.contains(atMiddle) || atMiddle.contains(element) || (atMiddle.closest('label')?.contains(element) ?? false));
      if (!reached)
        found.push(
          `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 50)}" at ${Math.round(box.x)},${Math.round(box.y)} is covered by ${atMiddle?.outerHTML.slice(0, 80) ?? 'nothing'}`,
        );
    }
    return found;
  }, CONTROLS);
}

/** Room Chromium keeps at a list's right for its arrow, px. */
const ARROW_PX = 20;

/**
 * Each list (select) on screen whose chosen entry, and each empty field whose placeholder, is wider
 * than the control shows it: its text is cut ("Consultation (doctor and", "Name, ABHA number or a").
 */
function cutTexts(page: Page): Promise<string[]> {
  return page.evaluate((arrow) => {
    const scope = document.querySelector('dialog[open]') ?? document.body;
    const measure = document.createElement('canvas').getContext('2d')!;
    const controls = [...scope.querySelectorAll<HTMLSelectElement | HTMLInputElement>('select, input[placeholder]')];
    return controls.flatMap((control) => {
      const list = control instanceof HTMLSelectElement;
      const text = (list ? control.selectedOptions[0]?.textContent : control.value === '' ? control.placeholder : '')?.trim() ?? '';
      if (control.getClientRects().length === 0 || !text) return [];
      const style = getComputedStyle(control);
      measure.font = style.font;
      const room = control.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - (list ? arrow : 0);
      const name = control.labels?.[0]?.textContent?.trim() ?? control.getAttribute('aria-label') ?? control.id;
      // A few pixels of slack for the canvas's measure against the control's own: a cut letter is wider.
      return measure.measureText(text).width > room + 4 ? [`"${name}" cuts its ${list ? 'choice' : 'placeholder'} "${text}"`] : [];
    });
  }, ARROW_PX);
}

/** Each visible button whose own content sticks out of it (a shortcut's key past the menu's edge): what sticks out, named. */
function outOfTheirButtons(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const scope = document.querySelector('dialog[open]') ?? document.body;
    return [...scope.querySelectorAll('button')].flatMap((button) => {
      const box = button.getBoundingClientRect();
      if (button.getClientRects().length === 0) return [];
      // Text said to screen readers only (`visually-hidden`, a 1-px clipped box) is not seen.
      const out = [...button.querySelectorAll<HTMLElement>(':not(.visually-hidden)')].find((inner) => {
        const rect = inner.getBoundingClientRect();
        return rect.width > 0 && (rect.right > box.right + 1 || rect.left < box.left - 1 || rect.bottom > box.bottom + 1);
      });
      return out ? [`the button "${button.getAttribute('aria-label') ?? button.textContent?.trim()}" has "${out.textContent?.trim()}" sticking out of it`] : [];
    });
  });
}

/** Each ABHA number on screen broken across two lines ("ABHA 91-" / "2345-6789-0123" reads as two numbers). */
function brokenAbhaNumbers(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const walker = document.createTreeWalker(document.querySelector('dialog[open]') ?? document.body, NodeFilter.SHOW_TEXT);
    const broken: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of (node.textContent ?? '').matchAll(/ABHA \d[\d-]*\d/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
        if (lines.size > 1) broken.push(`"${match[0]}" is broken across ${lines.size} lines in "${(node.parentElement?.textContent ?? '').trim().slice(0, 60)}"`);
      }
    }
    return broken;
  });
}

/** What does not hold: overlaps, controls past the window's right edge, covered ones, buttons of three lines or more, a list's choice or a field's placeholder cut, an ABHA number broken. */
async function problems(page: Page, where: string): Promise<string[]> {
  await page.evaluate(() => document.querySelector('.screen')?.scrollTo(0, 0));
  const boxes = await visibleBoxes(page);
  const width = await page.evaluate(() => window.innerWidth);
  const found: string[] = [];
  for (const [index, box] of boxes.entries()) {
    if (box.x < 0 || box.x + box.width > width + 1) found.push(`${where}: ${box.name} is cut off at the edge (${box.x}+${box.width} of ${width})`);
    if (box.lines > 2) found.push(`${where}: ${box.name} wraps to ${box.lines} lines`);
    for (const other of boxes.slice(index + 1)) {
      if (box.inside.includes(other.index) || other.inside.includes(box.index)) continue;
      const across = Math.min(box.x + box.width, other.x + other.width) - Math.max(box.x, other.x);
      const down = Math.min(box.y + box.height, other.y + other.height) - Math.max(box.y, other.y);
      if (across > 1 && down > 1) found.push(`${where}: ${box.name} overlaps ${other.name}`);
    }
  }
  const sideways = await sidewaysOverflow(page);
  if (sideways > 1) found.push(`${where}: the screen scrolls sideways by ${sideways} px`);
  found.push(...(await unreachable(page)).map((problem) => `${where}: ${problem}`));
  found.push(...(await cutTexts(page)).map((problem) => `${where}: ${problem}`));
  found.push(...(await outOfTheirButtons(page)).map((problem) => `${where}: ${problem}`));
  found.push(...(await brokenAbhaNumbers(page)).map((problem) => `${where}: ${problem}`));
  await page.evaluate(() => document.querySelector('.screen')?.scrollTo(0, 0));
  return found;
}

test('at 1024×640 and 1366×768, with a 60-character name and every status, no control overlaps, is cut off, is out of reach or wraps past two lines', async ({ launch }) => {
  const userDataDir = newDataFolder();
  seedClinicMorning(userDataDir, PATIENTS);
  const { app, page } = await launch({ userDataDir, policy: { autoSync: false } });
  await page.evaluate((id) => window.scribe.choosePatient({ id }), PATIENTS[0]!.id);
  const found: string[] = [];
  for (const size of CLINIC_SIZES) {
    await resize(app, page, size);
    const at = `${size.width}x${size.height}`;
    for (const [key, screen] of [['1', 'dictation'], ['2', 'records'], ['3', 'registration'], ['5', 'patients'], ['4', 'settings']] as const) {
      await page.keyboard.press(`Control+${key}`);
      // The screen itself, not its "Loading…" while its code arrives, is what is measured.
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(screen, { ignoreCase: true });
      if (screen === 'dictation') {
        await page.getByRole('radio', { name: 'All' }).click();
        await page.getByRole('option').filter({ hasText: 'Failed' }).first().click();
      }
      found.push(...(await problems(page, `${screen} ${at}`)));
      if (size === CLINIC_SIZES[0]) found.push(...(await axeFinds(page)).map((problem) => `${screen}: axe ${problem}`));
      await screenshot(page, `layout-${screen}-${at}`);
    }
    await page.getByText('For your clinic’s IT').click();
    found.push(...(await problems(page, `clinic settings ${at}`)));
    await page.getByText('For your clinic’s IT').click();
    await page.keyboard.press('Control+1');
    await page.getByRole('button', { name: 'Next patient' }).click();
    await page.getByLabel('Mode').selectOption('consultation');
    found.push(...(await problems(page, `dictation, a consultation's row ${at}`)));
    await screenshot(page, `layout-consultation-row-${at}`);
    await page.getByRole('button', { name: 'Record', exact: true }).click();
    await expect(page.getByTestId('record-dialog')).toBeVisible();
    found.push(...(await problems(page, `record dialog ${at}`)));
    if (size === CLINIC_SIZES[0]) found.push(...(await axeFinds(page)).map((problem) => `record dialog: axe ${problem}`));
    await screenshot(page, `layout-record-dialog-${at}`);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByLabel('Mode').selectOption('dictation');
    await page.evaluate((id) => window.scribe.choosePatient({ id }), PATIENTS[0]!.id);
  }
  expect(found).toEqual([]);
  await app.close();
});
