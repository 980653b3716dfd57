/** Another program with a field to paste into (paste-target.mjs), started and in front, as the EMR is when the doctor presses the copy shortcut. */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, type ElectronApplication } from '@playwright/test';
import { launchElectron, ROOT } from './launch-app';

/** Resolves once its window has the desktop's focus. */
export async function startPasteTarget(): Promise<ElectronApplication> {
  const target = await launchElectron([join(ROOT, 'test/support/e2e/paste-target.mjs'), ...(process.getuid?.() === 0 ? ['--no-sandbox'] : [])], {
    ...(process.env as Record<string, string>),
  });
  await expect.poll(() => execFileSync('xdotool', ['getwindowfocus', 'getwindowname'], { encoding: 'utf8' }).trim()).toBe('Paste target');
  return target;
}
