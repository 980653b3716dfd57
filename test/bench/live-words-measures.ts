/**
 * Issue 47's measures: the words on screen while speaking, and the bytes of the parts.
 *
 * - `partCutChoices`: where a part is cut decides how closely the words follow the doctor and
 *   how many requests that costs. The app's own PartCutter runs over the same speech with each
 *   least length; for each, the time from a moment of speech to its part's cut (every 20 ms of
 *   sound counted alike: median, worst), parts a minute, and the requests a minute the words
 *   then cost (an upload, and the asks part-words-reader.ts makes until words the service has
 *   `serviceMs` after the part are read).
 * - `partBytesAndCpu`: a minute of speech cut and written as the recorder writes it, Ogg Opus at
 *   the live length against MP3 at today's: bytes, and the encoder's CPU time (this process,
 *   the same code the recorder process runs).
 * - `wordsOnScreen`: the real app and the virtual microphone; when the words of each part show
 *   on screen (seen in the page), against when each moment of the speech was spoken (the
 *   recording, decrypted, and the moment "speak now" showed as its first sample), with the
 *   service's own time (the sandbox's `partWordsDelayMs`) given apart.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { AudioPartWriter, parsePartFileName, partFileName, type AudioPart, type PartChoice } from '../../main/audio/audio-parts';
import { rms } from '../../main/audio/level-meter';
import { PartCutter } from '../../main/audio/part-cutter';
import { FIRST_ASK_MS, ASK_SPACING_MS, ASKS_PER_PART } from '../../main/dictation-sending/part-words-reader';
import { PARTS_FOLDER } from '../../main/dictations/dictation-store';
import { SandboxServer } from '../../main/sandbox/sandbox-server';
import { checkSealedFile } from '../../main/storage/sealed-file';
import { launchElectron } from '../support/e2e/launch-app';
import { decrypted, dictationKeyring } from '../support/e2e/sealed-data';
import { feed } from './node-measures';
import { benchVisit } from './app-measures';

const RATE = 16_000;
/** Every 20 ms of sound louder than this (RMS, full scale 1) is a moment of speech. */
const SPEECH_RMS = 0.02;
const SPEECH_FRAME = RATE / 50;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** The end of each 20 ms of speech in these samples, in samples. */
function speechMoments(samples: Int16Array): number[] {
  const moments: number[] = [];
  for (let start = 0; start + SPEECH_FRAME <= samples.length; start += SPEECH_FRAME) {
    if (rms(samples.subarray(start, start + SPEECH_FRAME)) >= SPEECH_RMS) moments.push(start + SPEECH_FRAME);
  }
  return moments;
}

/** The asks one part's words take when the service has them `serviceMs` after the part (as part-words-reader.ts asks). */
function asksFor(serviceMs: number): number {
  for (let ask = 1; ask <= ASKS_PER_PART; ask += 1) if (FIRST_ASK_MS + (ask - 1) * ASK_SPACING_MS >= serviceMs) return ask;
  return ASKS_PER_PART;
}

export interface CutChoice {
  minSeconds: number;
  partsPerMinute: number;
  /** Speech → its part cut (s). */
  medianToCut: number;
  worstToCut: number;
  /** Speech → its words on screen, by the asks' arithmetic (s), the service's own time included. */
  medianToScreen: number;
  requestsPerMinute: number;
}

export function partCutChoices(pcm: Int16Array, minutes: number, serviceMs: number, minSeconds: number[]): CutChoice[] {
  const samples = new Int16Array(minutes * 60 * RATE);
  let written = 0;
  feed(pcm, minutes * 60, (frame) => {
    samples.set(frame, written);
    written += frame.length;
  });
  const moments = speechMoments(samples);
  const asks = asksFor(serviceMs);
  // Words the service has `serviceMs` after the part are shown at the ask that finds them.
  const screenAfterCut = (FIRST_ASK_MS + (asks - 1) * ASK_SPACING_MS) / 1000;
  return minSeconds.map((minimum) => {
    const cutter = new PartCutter(minimum * RATE);
    const cuts: number[] = [];
    for (let start = 0; start < samples.length; start += 512) {
      const frame = samples.subarray(start, start + 512);
      if (cutter.afterFrame(frame.length, rms(frame))) cuts.push(start + frame.length);
    }
    cuts.push(samples.length);
    const toCut: number[] = [];
    let part = 0;
    for (const moment of moments) {
      while (cuts[part]! < moment) part += 1;
      toCut.push((cuts[part]! - moment) / RATE);
    }
    const partsPerMinute = cuts.length / minutes;
    return {
      minSeconds: minimum,
      partsPerMinute,
      medianToCut: median(toCut),
      worstToCut: Math.max(...toCut),
      medianToScreen: median(toCut) + screenAfterCut,
      requestsPerMinute: partsPerMinute * (1 + asks),
    };
  });
}

export interface PartBytes {
  bytes: number;
  parts: number;
  /** CPU time to cut and write them (encoding, sealing, writing), ms. */
  cpuMs: number;
}

/** A minute of speech cut and written as the recorder writes it while the doctor speaks. */
export async function partBytesAndCpu(work: string, pcm: Int16Array, choice: PartChoice, seconds = 60): Promise<PartBytes> {
  const folder = join(work, `part-bytes-${choice.format}-${choice.minSamples ?? 'usual'}-${randomBytes(3).toString('hex')}`);
  mkdirSync(folder, { recursive: true });
  const key = randomBytes(32);
  const parts: AudioPart[] = [];
  // Loaded first (as the recorder loads it at its first frame): its compiling is not encoding.
  const warm = new AudioPartWriter(join(folder, 'warm'), key, { sequence: 0, sample: 0 }, () => undefined, choice);
  await warm.finish();
  const writer = new AudioPartWriter(folder, key, { sequence: 0, sample: 0 }, (part) => parts.push(part), choice);
  const frames: Int16Array[] = [];
  feed(pcm, seconds, (frame) => frames.push(frame));
  const before = process.cpuUsage();
  for (const frame of frames) await writer.append(frame);
  await writer.finish();
  const used = process.cpuUsage(before);
  const bytes = parts.reduce((sum, part) => sum + checkSealedFile(join(folder, partFileName(part, choice.format)), key).plainBytes, 0);
  return { bytes: (bytes * 60) / seconds, parts: parts.length, cpuMs: ((used.user + used.system) / 1000) * (60 / seconds) };
}

export interface WordsOnScreen {
  /** Each moment of speech → its part's words on screen (s). */
  medians: { total: number; worst: number };
  serviceMs: number;
  parts: number;
  partsShownBeforeStop: number;
  /** By part, medians (s): its last sample spoken → the service has it; the service has its words → on screen. */
  upload: number;
  afterReady: number;
  /** Asks for words, and uploads, a minute. */
  asksPerMinute: number;
  uploadsPerMinute: number;
}

/**
 * In the page: when the recorder first said "speak now", and when each part's words first
 * showed (ms since the epoch). Text, not a function: the bench's TypeScript loader would give
 * a function helpers the page does not have.
 */
const WATCH_WORDS = `(() => {
  const seen = { speakNow: 0, parts: {} };
  window.__liveWordsSeen = seen;
  new MutationObserver(() => {
    const now = performance.timeOrigin + performance.now();
    if (!seen.speakNow && document.querySelector('[data-testid="recorder-state"]')?.textContent?.includes('speak now')) seen.speakNow = now;
    for (const item of document.querySelectorAll('.live-part.heard[data-part]')) seen.parts[item.getAttribute('data-part')] ??= now;
  }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
})()`;

/** `args`: the app's launch arguments (scribeArgs: a new data folder, the policy) with the sandbox as its service. */
export async function wordsOnScreen(args: (sandbox: SandboxServer) => { args: string[]; userDataDir: string }, seconds: number, serviceMs: number): Promise<WordsOnScreen> {
  const sandbox = await SandboxServer.start({ faults: { processingMs: 3_000, partWordsDelayMs: serviceMs } });
  try {
    const { args: launchArgs, userDataDir } = args(sandbox);
    const app = await launchElectron(launchArgs, { ...(process.env as Record<string, string>), SCRIBE_LOG_CONSOLE: '0' });
    try {
      const page: Page = await app.firstWindow();
      await benchVisit(page);
      // What the service takes is known before Record (the screen asks it as it opens).
      await page.evaluate(() => (window as unknown as { scribe: { getTranscriptionChoices(): Promise<unknown> } }).scribe.getTranscriptionChoices());
      await page.evaluate(WATCH_WORDS);
      await page.getByLabel('Label (optional)').fill('Bench live words');
      await page.getByRole('button', { name: /^(● )?Record$/ }).click();
      await page.getByTestId('recorder-state').filter({ hasText: 'speak now' }).waitFor({ timeout: 15_000 });
      await page.waitForTimeout(seconds * 1000);
      const stoppedAt = Date.now();
      await page.getByRole('button', { name: 'Stop', exact: true }).click();
      await page.getByTestId('recorder-state').filter({ hasText: 'Ready to record' }).waitFor();
      const dictationId = (await page.evaluate(() => (window as unknown as { scribe: { listDictations(): Promise<{ ok: true; value: Array<{ id: string }> }> } }).scribe.listDictations()))
        .value[0]!.id;
      const folder = join(userDataDir, 'dictations', dictationId);
      // The last parts' words: as long as they take.
      const expected = () => readdirSync(join(folder, PARTS_FOLDER)).filter((name) => parsePartFileName(name, 'ogg')).length;
      for (let waited = 0; waited < 20_000; waited += 250) {
        const seen = await page.evaluate(() => (window as unknown as { __liveWordsSeen: { parts: Record<string, number> } }).__liveWordsSeen.parts);
        if (Object.keys(seen).length >= expected()) break;
        await page.waitForTimeout(250);
      }
      const seen = await page.evaluate(() => (window as unknown as { __liveWordsSeen: { speakNow: number; parts: Record<string, number> } }).__liveWordsSeen);
      const parts = readdirSync(join(folder, PARTS_FOLDER))
        .map((name) => parsePartFileName(name, 'ogg'))
        .filter((part) => part !== null)
        .sort((a, b) => a.sequence - b.sequence);
      if (parts.length === 0) throw new Error('Words on screen: the recording was not cut into Ogg Opus parts.');
      const key = dictationKeyring(userDataDir).keysOf(dictationId)!.audioKey!;
      const pcm = await decrypted(join(folder, 'audio.sealed'), key);
      const samples = new Int16Array(pcm.buffer, pcm.byteOffset, Math.floor(pcm.length / 2));
      const spokenAt = (sample: number) => seen.speakNow + (sample / RATE) * 1000;
      const latencies: number[] = [];
      for (const moment of speechMoments(samples)) {
        const part = parts.find((candidate) => candidate.endSample >= moment);
        const shown = part ? seen.parts[String(part.sequence)] : undefined;
        if (shown !== undefined) latencies.push((shown - spokenAt(moment)) / 1000);
      }
      const received = (sequence: number) => sandbox.received.find((request) => request.operation === 'sessionPart' && (request.status ?? 0) < 300 && request.path.endsWith(`audio_${sequence}.ogg`))?.at;
      const uploads: number[] = [];
      const afterReady: number[] = [];
      for (const part of parts) {
        const at = received(part.sequence);
        const shown = seen.parts[String(part.sequence)];
        if (at !== undefined) uploads.push((at - spokenAt(part.endSample)) / 1000);
        if (at !== undefined && shown !== undefined) afterReady.push((shown - at - serviceMs) / 1000);
      }
      const minutes = samples.length / RATE / 60;
      return {
        medians: { total: median(latencies), worst: Math.max(...latencies) },
        serviceMs,
        parts: parts.length,
        partsShownBeforeStop: Object.values(seen.parts).filter((at) => at < stoppedAt).length,
        upload: median(uploads),
        afterReady: median(afterReady),
        asksPerMinute: sandbox.received.filter((request) => request.operation === 'partWords').length / minutes,
        uploadsPerMinute: sandbox.received.filter((request) => request.operation === 'sessionPart').length / minutes,
      };
    } finally {
      await app.close();
    }
  } finally {
    await sandbox.stop();
  }
}
