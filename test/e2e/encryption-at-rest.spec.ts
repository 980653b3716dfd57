/**
 * Patient data at rest: after a dictation with a label and a result, and lab reports queued
 * on disk, nothing in the whole data folder is audio, a document or the words a patient
 * could be recognised by; the recording plays (decrypted as it is streamed); the retention
 * rule, with the app's clock moved forward, destroys the recording for good.
 */
import { cpSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createMp3Encoder } from 'wasm-media-encoders';
import { labReportPdf, scannedJpeg } from '../fixtures/documents';
import { bridgeValue, expect, test } from '../support/e2e/fixtures';
import { dropFiles } from '../support/e2e/drop-files';
import { newDataFolder, screenshot } from '../support/e2e/launch-app';
import { customService } from '../support/e2e/policies';
import { recordFor } from '../support/e2e/recording';
import { mainNavigation, showScreen } from '../support/e2e/screens';
import { decrypted, dictationKeyring, masterKeyOf, recordingWav } from '../support/e2e/sealed-data';
import { analyseWav } from '../support/e2e/wav-analysis';

test.setTimeout(150_000);

const LABEL = 'Mrs Kapoor bed 7';
/** The retention rule under test: recordings are kept 30 days. */
const RETENTION = { audioRetentionDays: 30 };

/** Every file below a folder, with its path. */
function filesBelow(folder: string): Array<{ path: string; bytes: Buffer }> {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const path = join(entry.parentPath, entry.name);
      return { path, bytes: readFileSync(path) };
    });
}

const MP3_KBPS = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];

/** An MPEG-2 Layer III frame header at `at` (as the app's 16 kHz MP3s are): its length in bytes and its sample-rate index, or null. */
function mp3FrameAt(bytes: Buffer, at: number): { length: number; rateIndex: number } | null {
  if (at + 4 > bytes.length || bytes[at] !== 0xff || (bytes[at + 1]! & 0xfe) !== 0xf2) return null;
  const kbps = MP3_KBPS[bytes[at + 2]! >> 4];
  const rateIndex = (bytes[at + 2]! >> 2) & 3;
  const rate = [22050, 24000, 16000][rateIndex];
  if (!kbps || !rate) return null;
  return { length: Math.floor((576 / 8) * ((kbps * 1000) / rate)) + ((bytes[at + 2]! >> 1) & 1), rateIndex };
}

/**
 * Where four MPEG-2 Layer III frames follow one another at one sample rate, or -1. Fewer turn
 * up in random bytes: a frame header every 50 KB or so, two in a row once in about 1.6 GB, and
 * the data folder searched holds tens of megabytes (two were found in a sealed scan in a CI run).
 */
function mp3FramesAt(bytes: Buffer): number {
  for (let i = 0; i + 4 <= bytes.length; i += 1) {
    const first = mp3FrameAt(bytes, i);
    if (!first) continue;
    let at = i + first.length;
    let frames = 1;
    for (let next = mp3FrameAt(bytes, at); next && next.rateIndex === first.rateIndex && frames < 4; next = mp3FrameAt(bytes, at)) {
      frames += 1;
      at += next.length;
    }
    if (frames === 4) return i;
  }
  return -1;
}

/** A second of a tone as the app's compact copies are encoded (16 kHz mono, 32 kbit/s), by the same encoder. */
async function mp3Like(): Promise<Buffer> {
  const encoder = await createMp3Encoder();
  encoder.configure({ sampleRate: 16_000, channels: 1, bitrate: 32 });
  const tone = Float32Array.from({ length: 16_000 }, (_, i) => 0.5 * Math.sin((2 * Math.PI * 440 * i) / 16_000));
  return Buffer.concat([Buffer.from(encoder.encode([tone])), Buffer.from(encoder.finalize())]);
}

/** What in these bytes would give away audio, a document or a patient (`words`: the label, a medicine…). */
function giveaways(bytes: Buffer, words: string[] = []): string[] {
  const found: string[] = [];
  const riff = bytes.indexOf('RIFF');
  if (riff >= 0 && bytes.toString('ascii', riff + 8, riff + 12) === 'WAVE') found.push('WAV (RIFF…WAVE)');
  for (let at = bytes.indexOf('ID3'); at >= 0; at = bytes.indexOf('ID3', at + 1)) {
    if (bytes[at + 3]! >= 2 && bytes[at + 3]! <= 4 && bytes[at + 4] === 0) {
      found.push('ID3 tag');
      break;
    }
  }
  if (mp3FramesAt(bytes) >= 0) found.push('MP3 frames');
  if (bytes.includes('OpusHead') || bytes.includes('OggS\x00')) found.push('Ogg Opus');
  if (bytes.includes('%PDF-')) found.push('PDF');
  if (/\xff\xd8\xff[\xe0-\xef].{2}(JFIF|Exif)/s.test(bytes.toString('latin1'))) found.push('JPEG');
  if (bytes.includes(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) found.push('PNG');
  for (const word of words) {
    if (bytes.includes(word) || bytes.includes(Buffer.from(word, 'utf16le'))) found.push(`"${word}"`);
  }
  return found;
}

test('nothing in the data folder gives away audio, documents, the label or the result; retention destroys the recording for good', async ({
  launch,
  startSandbox,
  microphone: _microphone,
}) => {
  const sandbox = await startSandbox({ faults: { processingMs: 300 } });
  const { app, page, userDataDir } = await launch({ policy: customService(sandbox, RETENTION) });
  await expect(mainNavigation(page)).toBeVisible();

  await recordFor(page, LABEL, 3000);
  await expect.poll(async () => (await bridgeValue(page, 'listDictations'))[0]?.state, { timeout: 30_000 }).toBe('completed');
  const [item] = await bridgeValue(page, 'listDictations');
  expect(item!.label).toBe(LABEL);
  const detail = await bridgeValue(page, 'getDictation', { id: item!.id });
  const prescription = detail.result && 'outputs' in detail.result ? detail.result.outputs.find((output) => output.content.kind === 'prescription') : undefined;
  // The first medicine's name (the sandbox chooses them from the recording): a word of four letters, as "Oral", would turn up by chance in megabytes of sealed bytes.
  const medicine = JSON.stringify(prescription?.content).match(/"medications":\[\{"name":"([^"]+)"/)?.[1];
  expect(medicine).toBeTruthy();
  const words = [LABEL, 'Kapoor', medicine!, 'kapoor-cbc'];

  // Played back through app://, decrypted as it is streamed: the WAV that was recorded.
  const served = await app.evaluate(async ({ net }, id) => {
    const response = await net.fetch(`app://scribe/recordings/${id}.wav`);
    return Buffer.from(await response.arrayBuffer()).toString('base64');
  }, item!.id);
  expect(Buffer.from(served, 'base64')).toEqual(await recordingWav(userDataDir, item!.id));
  expect(analyseWav(Buffer.from(served, 'base64')).rms).toBeGreaterThan(0.02);

  // Lab reports queued while the service cannot be reached wait on disk.
  await sandbox.stop();
  await showScreen(page, 'Records');
  await dropFiles(page, [
    { name: 'kapoor-cbc.pdf', bytes: await labReportPdf() },
    { name: 'kapoor-cbc-page.jpg', bytes: scannedJpeg(1300, 1800) },
  ]);
  await expect(page.getByTestId('staged-file')).toHaveCount(2);
  await page.getByRole('button', { name: 'Upload 2 reports together' }).click();
  await expect.poll(async () => (await bridgeValue(page, 'listLabReports')).map((labReport) => labReport.fileName).sort()).toEqual(['kapoor-cbc-page.jpg', 'kapoor-cbc.pdf']);
  await screenshot(page, 'records-queued-encrypted');
  await app.close();

  const files = filesBelow(userDataDir);
  expect(files.some((file) => file.path.endsWith('document.sealed'))).toBe(true);
  expect(files.some((file) => file.path.endsWith('result.sealed'))).toBe(true);
  const found = files.flatMap((file) => giveaways(file.bytes, words).map((what) => `${what} in ${file.path.slice(userDataDir.length)}`));
  expect(found).toEqual([]);
  // The search itself finds what it looks for: the recording and a document, decrypted.
  expect(giveaways(await recordingWav(userDataDir, item!.id))).toContain('WAV (RIFF…WAVE)');
  expect(giveaways(await labReportPdf())).toContain('PDF');
  expect(giveaways(await mp3Like())).toContain('MP3 frames');

  // Thirty-one days later (the app's clock moved forward), the recording of the completed dictation is deleted.
  const copy = join(newDataFolder(), 'audio-copy.sealed');
  cpSync(join(userDataDir, 'dictations', item!.id, 'audio.sealed'), copy);
  const audioKey = dictationKeyring(userDataDir).keysOf(item!.id)!.audioKey!;
  const later = await launch({ userDataDir, policy: customService(sandbox, RETENTION), env: { SCRIBE_TEST_CLOCK_OFFSET_DAYS: '31' } });
  await expect.poll(() => readdirSync(join(userDataDir, 'dictations', item!.id)).filter((name) => name.startsWith('audio') || name.startsWith('upload'))).toEqual([]);
  const after = await bridgeValue(later.page, 'getDictation', { id: item!.id });
  expect(after.audioUrl).toBeNull();
  expect(JSON.stringify(after.result)).toContain(medicine);
  // The copy taken before can no longer be read: its key is gone from the keyring, the master key opens nothing.
  expect(dictationKeyring(userDataDir).keysOf(item!.id)).toMatchObject({ audioKey: null });
  expect(readFileSync(join(userDataDir, 'keys', 'dictations.sealed')).includes(audioKey)).toBe(false);
  expect((await decrypted(copy, masterKeyOf(userDataDir))).length).toBe(0);
  await later.app.close();
});

test('without an OS keyring: Settings warns that the key is in a user-only file; the policy requireProtectedStorage refuses to record, saying why', async ({
  launch,
  microphone: _microphone,
}) => {
  const open = await launch({ policy: { autoSync: false } });
  await showScreen(open.page, 'Settings');
  await expect(open.page.getByTestId('data-protection-warning')).toContainText('not by a system keyring');
  await screenshot(open.page, 'settings-data-protection-warning');
  await open.app.close();

  // No patient can be kept without the keyring either: none is chosen.
  const { app, page } = await launch({ policy: { autoSync: false, requireProtectedStorage: true }, patient: null });
  await page.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(page.getByText(/turned off by your administrator until a system keyring is available/).first()).toBeVisible();
  expect((await bridgeValue(page, 'listDictations')).length).toBe(0);
  await showScreen(page, 'Settings');
  await expect(page.getByTestId('data-protection-problem')).toContainText('requireProtectedStorage');
  await screenshot(page, 'settings-data-protection-refused');
  await app.close();
});
