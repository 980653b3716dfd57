/**
 * A full disk during a recording: the recording stops with a clear message, what was
 * recorded is kept, and the next start (with space again) recovers it. The full disk is a
 * real one: a 256 KiB tmpfs mounted over the dictations folder, which needs root.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { bridgeValue, closeApp, expect, test } from '../support/e2e/fixtures';
import { mainLog } from '../support/e2e/data-folder';
import { newDataFolder, screenshot } from '../support/e2e/launch-app';
import { forPatient } from '../support/e2e/recording';

test.skip(process.platform !== 'linux' || process.getuid?.() !== 0, 'Mounting a small tmpfs needs root on Linux.');
test.setTimeout(120_000);

test('a full disk stops the recording with a clear message and keeps what was recorded', async ({ launch, microphone: _microphone }) => {
  const userDataDir = newDataFolder();
  const dictations = join(userDataDir, 'dictations');
  mkdirSync(dictations);
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=256k', 'tmpfs', dictations]);
  try {
    const first = await launch({ userDataDir, policy: { autoSync: false } });
    await forPatient(first.page, 'Disk full');
    await first.page.getByRole('button', { name: 'Record', exact: true }).click();
    await expect(first.page.getByTestId('recorder-message')).toContainText('The disk is full', { timeout: 30_000 });
    await expect(first.page.getByTestId('recorder-state')).toHaveText('Ready to record');
    await expect(first.page.getByRole('option', { name: /Disk full/ })).toContainText('Saved, waiting to send');
    // Said in the doctor's words, never as the system's error code (when cutting the parts met the full disk too; unit: upload-audio.test.ts).
    await expect(first.page.getByRole('region', { name: 'Dictation details' })).not.toContainText('ENOSPC');
    await screenshot(first.page, 'dictation-disk-full');
    // It quits by itself. It used not to, in some CI runs: the thread that cut the parts had met the
    // full disk and ended while V8 still compiled in the background, and main's exit waited for that
    // thread for ever (nodejs/node#54918). The encoder is now a process of its own (encoder-host.ts).
    await test.step('the app quits by itself with the disk full', async () => {
      expect(await closeApp(first), 'closed within 20 s of being asked').toBe(true);
      expect(mainLog(userDataDir)).toMatch(/app: quitting[\s\S]*app: stopped in \d+ ms[\s\S]*app: windows closed, ending/);
    });

    execFileSync('mount', ['-o', 'remount,size=8m', dictations]);
    const second = await test.step('the next start, with space again', () => launch({ userDataDir, policy: { autoSync: false } }));
    const [item] = await test.step('the recording is listed', () => bridgeValue(second.page, 'listDictations'));
    // Kept and ready to send (when the compact copy's space is freed, the app can even note the stop itself).
    expect(item).toMatchObject({ label: 'Disk full', state: 'recorded' });
    // 256 KiB holds about eight seconds of 16 kHz speech (a little less beside the compact copy).
    expect(item!.durationMs).toBeGreaterThan(6000);
    expect(item!.durationMs).toBeLessThan(8200);
    await second.app.close();
  } finally {
    // Lazily: a failed step above may leave the app holding a file, and its own error is the one to see.
    execFileSync('umount', ['-l', dictations]);
  }
});
