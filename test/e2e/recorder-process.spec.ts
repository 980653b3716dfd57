/**
 * The recorder utility process, seen from outside: what each process has loaded (their
 * memory maps and main's own report), which streams the sound server has open, and what
 * the doctor sees when that process dies or the microphone is slow to deliver sound.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { parseStartupLine, STARTUP_LINE } from '../../main/core/startup-marks';
import { bridgeValue, expect, test } from '../support/e2e/fixtures';
import { recordingWav } from '../support/e2e/sealed-data';
import { analyseWav } from '../support/e2e/wav-analysis';
import { forPatient, recorderPid } from '../support/e2e/recording';

test.setTimeout(120_000);

const SPEAK_NOW = 'Recording — speak now';
const NATIVE_RECORDER = 'pv_recorder';

/**
 * Capture streams that programs have open on the sound server. The virtual microphone's own
 * plumbing (a module's stream, client "-") and its player (a playback stream) are not counted.
 */
function captureStreams(): number {
  const rows = execFileSync('pactl', ['list', 'short', 'source-outputs'], { encoding: 'utf8' }).split('\n').filter((line) => line.trim() !== '');
  return rows.filter((row) => row.split('\t')[2] !== '-').length;
}

async function recordFor(page: Page, seconds: number): Promise<void> {
  await page.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(page.getByTestId('recorder-state')).toHaveText(SPEAK_NOW, { timeout: 15_000 });
  await expect.poll(() => bridgeValue(page, 'getRecorder').then((r) => r.elapsedMs)).toBeGreaterThanOrEqual(seconds * 1000);
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(page.getByTestId('recorder-state')).toHaveText('Ready to record');
}

test('PvRecorder lives only in the recorder process, the microphone is open only while recording, and a recorder that died is replaced at the next Record', async ({
  launch,
  microphone: _microphone,
}) => {
  const { app, page, userDataDir } = await launch({ policy: { autoSync: false } });
  // Device listing goes through the recorder process too.
  expect(await bridgeValue(page, 'listMicrophones')).toContain('ScribeTestMicrophone');

  await page.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(page.getByTestId('recorder-state')).toHaveText(SPEAK_NOW, { timeout: 15_000 });
  expect(captureStreams()).toBe(1);
  const firstPid = await recorderPid(app);
  expect(firstPid).not.toBeNull();
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(page.getByTestId('recorder-state')).toHaveText('Ready to record');

  // Idle: the recorder process is still there, ready, but holds no microphone stream.
  await expect.poll(captureStreams).toBe(0);
  expect(await recorderPid(app)).toBe(firstPid);

  // The native library is mapped into the recorder process, never into main (main's own report says so too).
  expect(readFileSync(`/proc/${firstPid}/maps`, 'utf8')).toContain(NATIVE_RECORDER);
  const mainPid = app.process().pid!;
  expect(readFileSync(`/proc/${mainPid}/maps`, 'utf8')).not.toContain(NATIVE_RECORDER);
  const mainLibraries = await app.evaluate(() => (process.report.getReport() as { sharedObjects: string[] }).sharedObjects);
  expect(mainLibraries.length).toBeGreaterThan(0);
  expect(mainLibraries.filter((library) => library.includes(NATIVE_RECORDER))).toEqual([]);

  // The recorder process dies between recordings (killed, as a crash would end it).
  process.kill(firstPid!, 'SIGKILL');
  await expect.poll(() => recorderPid(app)).not.toBe(firstPid);
  await expect(page.getByTestId('recorder-state')).toHaveText('Ready to record');

  await forPatient(page, 'After the crash');
  await recordFor(page, 2);
  const secondPid = await recorderPid(app);
  expect(secondPid).not.toBeNull();
  expect(secondPid).not.toBe(firstPid);
  const dictations = await bridgeValue(page, 'listDictations');
  const after = dictations.find((item) => item.label === 'After the crash');
  expect(after).toMatchObject({ state: 'recorded' });
  const audio = analyseWav(await recordingWav(userDataDir, after!.id));
  expect(audio.durationMs).toBeGreaterThanOrEqual(2000);
  expect(audio.rms).toBeGreaterThan(0.02);
  await app.close();
});

test('start-up is said once main answers for Record and the recorder process is ready, whichever comes last', async ({ launch }) => {
  const { app, page, userDataDir } = await launch({ policy: { autoSync: false } });
  await page.getByRole('button', { name: 'Record', exact: true }).waitFor();
  const startupLines = () => readFileSync(join(userDataDir, 'logs', 'main.log'), 'utf8').split('\n').filter((line) => line.includes(STARTUP_LINE));
  // One line: the second of the two moments says it, not both.
  await expect.poll(() => startupLines().length, { timeout: 15_000 }).toBe(1);
  const marks = parseStartupLine(startupLines()[0]!);
  expect([...marks.keys()]).toEqual(expect.arrayContaining(['app ready', 'window opened', 'recorder ready', 'Record answered']));
  expect(await recorderPid(app)).not.toBeNull();
  await app.close();
});

test('"speak now" shows only once sound arrives from the microphone', async ({ launch, microphone: _microphone }) => {
  const { app, page } = await launch({ policy: { autoSync: false } });
  // The sound server holds the microphone back: the stream opens, but no sound comes.
  execFileSync('pactl', ['suspend-source', 'scribe_test_mic', '1']);
  try {
    await page.getByRole('button', { name: 'Record', exact: true }).click();
    await expect(page.getByTestId('recorder-state')).toHaveText('Starting microphone… wait before speaking');
    await page.waitForTimeout(1500);
    await expect(page.getByTestId('recorder-state')).toHaveText('Starting microphone… wait before speaking');
  } finally {
    execFileSync('pactl', ['suspend-source', 'scribe_test_mic', '0']);
  }
  await expect(page.getByTestId('recorder-state')).toHaveText(SPEAK_NOW, { timeout: 15_000 });
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(page.getByTestId('recorder-state')).toHaveText('Ready to record');
  await app.close();
});
