/** What axe-core finds wrong on a page: every rule, or those on accessible names, for the screens' tests. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** axe-core's rules on names: every control, field, image and progress bar has one, and the name holds the visible words. */
const NAME_RULES = [
  'button-name',
  'input-button-name',
  'label',
  'link-name',
  'select-name',
  'image-alt',
  'aria-input-field-name',
  'aria-toggle-field-name',
  'aria-command-name',
  'aria-progressbar-name',
  'aria-meter-name',
  'duplicate-id-aria',
  'label-content-name-mismatch',
];

/** What axe finds wrong on the page as it is now, by `rules` (every rule when none are named). Legacy mode: an Electron window cannot open the blank page axe's newer mode needs. */
export async function axeFinds(page: Page, rules?: string[]): Promise<string[]> {
  const builder = new AxeBuilder({ page }).setLegacyMode(true);
  const results = await (rules ? builder.withRules(rules) : builder).analyze();
  return results.violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')} ${node.html.slice(0, 120)}`));
}

/** What lacks a clear accessible name on the page as it is now. */
export function unnamed(page: Page): Promise<string[]> {
  return axeFinds(page, NAME_RULES);
}
