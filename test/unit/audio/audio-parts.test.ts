import { randomBytes } from 'node:crypto';
import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AudioPartWriter, partFileName, partsIn, cutRemainingParts, type AudioPart } from '../../../main/audio/audio-parts';
import { PART_MAX_SAMPLES, PART_MIN_SAMPLES, PartCutter } from '../../../main/audio/part-cutter';
import { audioSeconds } from '../../../main/sandbox/sandbox-sessions';
import { openSealedBytes, SealedFileWriter } from '../../../main/storage/sealed-file';
import { analyseMp3 } from '../../support/e2e/wav-analysis';
import { tempFolder } from '../../support/temp-folder';

const RATE = 16_000;
const FRAME = 512;
const key = randomBytes(32);

/** Speech-like sound: noise at a speaking level, with a pause of `pauseMs` every `everyMs` (none when 0). */
function speech(seconds: number, everyMs = 0, pauseMs = 400): Int16Array {
  const samples = new Int16Array(Math.round(seconds * RATE));
  let seed = 7;
  for (let i = 0; i < samples.length; i += 1) {
    const ms = (i / RATE) * 1000;
    const inPause = everyMs > 0 && ms % everyMs >= everyMs - pauseMs;
    seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
    const noise = (seed / 0x7fffffff) * 2 - 1;
    samples[i] = Math.round(noise * (inPause ? 30 : 6_000));
  }
  return samples;
}

function framesOf(samples: Int16Array): Int16Array[] {
  const frames: Int16Array[] = [];
  for (let offset = 0; offset < samples.length; offset += FRAME) frames.push(samples.slice(offset, offset + FRAME));
  return frames;
}

async function cutLive(folder: string, samples: Int16Array): Promise<{ count: number; cut: AudioPart[] }> {
  const cut: AudioPart[] = [];
  const partWriter = new AudioPartWriter(folder, key, { sequence: 0, sample: 0 }, (part) => cut.push(part));
  for (const frame of framesOf(samples)) await partWriter.append(frame);
  return { count: await partWriter.finish(), cut };
}

function expectWholeAndContiguous(folder: string, totalSamples: number): AudioPart[] {
  const parts = partsIn(folder);
  expect(parts.map((part) => part.sequence)).toEqual(parts.map((_, index) => index));
  expect(parts[0]?.startSample).toBe(0);
  expect(parts.at(-1)?.endSample).toBe(totalSamples);
  for (const part of parts) {
    const mp3 = openSealedBytes(key, readFileSync(join(folder, partFileName(part))));
    // A complete MP3 file of at most 20 s, as the service measures it and as its frames say.
    expect(analyseMp3(mp3).durationMs).toBeLessThanOrEqual(20_000);
    expect(audioSeconds('mp3', mp3)).toBeLessThanOrEqual(20);
    expect(part.endSample - part.startSample).toBeLessThanOrEqual(PART_MAX_SAMPLES);
  }
  return parts;
}

describe('where a recording is cut', () => {
  it('never makes a part longer than the limit, even without a pause', () => {
    const cutter = new PartCutter();
    let longest = 0;
    for (let frame = 0; frame < 2_000; frame += 1) {
      const length = cutter.length + FRAME;
      if (cutter.afterFrame(FRAME, 0.2)) longest = Math.max(longest, length);
    }
    expect(longest).toBeGreaterThan(PART_MIN_SAMPLES);
    expect(longest).toBeLessThanOrEqual(PART_MAX_SAMPLES);
  });

  it('cuts at the first pause after 10 s, not at an earlier one', () => {
    const cutter = new PartCutter();
    const samples = speech(30, 3_000);
    const cuts: number[] = [];
    let position = 0;
    for (const frame of framesOf(samples)) {
      position += frame.length;
      let sum = 0;
      for (const value of frame) sum += value * value;
      if (cutter.afterFrame(frame.length, Math.sqrt(sum / frame.length) / 32768)) cuts.push(position / RATE);
    }
    // Pauses run 2.6–3.0 s, 5.6–6.0 s, …: the first cut lies in the pause after 10 s (11.6–12.0 s).
    expect(cuts[0]).toBeGreaterThan(11.6);
    expect(cuts[0]).toBeLessThan(12.0);
  });
});

describe('a recording cut into parts while it is spoken', () => {
  it('writes each part whole and sealed the moment it is cut, numbered from 0, covering every sample', async () => {
    const folder = tempFolder();
    const samples = speech(47, 3_000);
    const { count, cut } = await cutLive(folder, samples);
    const parts = expectWholeAndContiguous(folder, samples.length);
    expect(count).toBe(parts.length);
    expect(count).toBeGreaterThanOrEqual(3);
    expect(cut).toEqual(parts);
    expect(readdirSync(folder).every((name) => name.endsWith('.mp3.sealed'))).toBe(true);
  });

  it('after a crash, cuts what the parts on disk do not hold from the recording, and removes what the crash left', async () => {
    const folder = tempFolder();
    const partsFolder = join(folder, 'chunks');
    const samples = speech(52, 3_000);
    const audioPath = join(folder, 'audio.sealed');
    const writer = SealedFileWriter.create(audioPath, key, { parcelBytes: RATE });
    writer.append(new Uint8Array(samples.buffer));
    writer.finish();
    // The live recorder got through the first 25 s before the crash: its parts are kept as they are.
    const { count: liveCount } = await cutLive(partsFolder, samples.subarray(0, 25 * RATE - 100));
    const live = partsIn(partsFolder).slice(0, liveCount - 1);
    const kept = live.map((part) => readFileSync(join(partsFolder, partFileName(part))));
    // The part being cut when the crash came never got its name (written, synced, then renamed): only debris is left of it.
    for (const name of readdirSync(partsFolder)) if (!live.some((part) => partFileName(part) === name)) rmSync(join(partsFolder, name));
    writeFileSync(join(partsFolder, `${partFileName(live.at(-1)!)}.123.tmp`), 'torn');
    writeFileSync(join(partsFolder, partFileName({ sequence: 9, startSample: 1, endSample: 2 })), 'after a gap');

    const count = await cutRemainingParts(audioPath, key, partsFolder);
    const parts = expectWholeAndContiguous(partsFolder, samples.length);
    expect(count).toBe(parts.length);
    expect(count).toBeGreaterThan(live.length);
    // The parts made before the crash are untouched: a retry sends the same bytes under the same number.
    live.forEach((part, index) => expect(readFileSync(join(partsFolder, partFileName(part)))).toEqual(kept[index]));
    expect(readdirSync(partsFolder).sort()).toEqual(parts.map((part) => partFileName(part)).sort());
  });
});
