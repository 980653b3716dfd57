/** What lacks a clear accessible name on the page (axe-core's rules on names), for the screens' tests. */
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

/** What lacks a clear accessible name on the page as it is now. Legacy mode: an Electron window cannot open the blank page axe's newer mode needs. */
export async function unnamed(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).setLegacyMode(true).withRules(NAME_RULES).analyze();
  return results.violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')} ${node.html.slice(0, 120)}`));
}
