import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AudioPartWriter, cutRemainingParts, partFileName, partsIn, type AudioPart } from '../../../main/audio/audio-parts';
import { OggOpusFile } from '../../../main/audio/ogg-opus-file';
import { OggStream } from '../../../main/audio/ogg-pages';
import { PART_MAX_SAMPLES } from '../../../main/audio/part-cutter';
import { audioSeconds } from '../../../main/sandbox/sandbox-sessions';
import { openSealedBytes, SealedFileWriter } from '../../../main/storage/sealed-file';
import { readOggOpus, readOggPages } from '../../support/ogg-reading';
import { tempFolder } from '../../support/temp-folder';

const RATE = 16_000;
const key = randomBytes(32);

/** Speech-like sound: a voice's partials rising and falling in syllables, with a pause of 400 ms every `everyMs`. */
function voice(seconds: number, everyMs = 3_000): Int16Array {
  const samples = new Int16Array(Math.round(seconds * RATE));
  for (let i = 0; i < samples.length; i += 1) {
    const t = i / RATE;
    const ms = t * 1000;
    if (everyMs > 0 && ms % everyMs >= everyMs - 400) continue;
    const syllable = 0.5 + 0.5 * Math.sin(2 * Math.PI * 4 * t);
    const pitch = 140 + 30 * Math.sin(2 * Math.PI * 0.7 * t);
    let value = 0;
    for (let harmonic = 1; harmonic <= 12; harmonic += 1) value += Math.sin(2 * Math.PI * pitch * harmonic * t) / harmonic;
    samples[i] = Math.round(value * syllable * 6_000);
  }
  return samples;
}

function encode(samples: Int16Array, frame = 512): Buffer {
  const file = new OggOpusFile();
  for (let offset = 0; offset < samples.length; offset += frame) file.append(samples.subarray(offset, offset + frame));
  return file.finish();
}

/** On Debian the tools are installed by scripts/system-deps.sh; elsewhere this test needs opus-tools by hand. */
const opusTools = existsSync('/usr/bin/opusdec') || existsSync('/usr/bin/dpkg-query');

describe('a part as an Ogg Opus file', () => {
  it('writes pages an independent reader takes: checksums, headers alone, granule positions from the pre-skip, the end marked', () => {
    const samples = voice(7.3);
    const read = readOggOpus(encode(samples, 509));
    const { pages, head } = read;
    expect(pages.every((page) => page.crcOk)).toBe(true);
    expect(pages.map((page) => page.sequence)).toEqual(pages.map((_, index) => index));
    expect(new Set(pages.map((page) => page.serial)).size).toBe(1);
    // Beginning of stream on the first page only, end of stream on the last only, nothing continued.
    expect(pages.map((page) => page.flags)).toEqual(pages.map((_, index) => (index === 0 ? 2 : index === pages.length - 1 ? 4 : 0)));
    // OpusHead and OpusTags each alone on its page, with granule position 0.
    expect(pages[0]!.lacing).toHaveLength(1);
    expect(pages[1]!.lacing).toHaveLength(1);
    expect(pages.slice(0, 2).map((page) => page.granule)).toEqual([0n, 0n]);
    expect(head).toEqual({ version: 1, channels: 1, preSkip: 312, inputRate: RATE, gain: 0, mapping: 0 });
    expect(read.vendor).toContain('libopus');
    // 20 ms packets; each page's granule position counts what is decoded through its last packet.
    expect(new Set(read.packetSamples)).toEqual(new Set([960]));
    let decoded = 0;
    let packet = 0;
    for (const page of pages.slice(2, -1)) {
      packet += page.lacing.filter((value) => value < 255).length;
      decoded = packet * 960;
      expect(page.granule).toBe(BigInt(decoded));
    }
    // The last page's says exactly how many samples the file holds (at 48 kHz), the padding dropped.
    expect(read.playableSamples48k).toBe(samples.length * 3);
    const total = read.packetSamples.reduce((sum, value) => sum + value, 0);
    expect(total).toBeGreaterThanOrEqual(Number(pages.at(-1)!.granule));
    expect(total - 960).toBeLessThan(Number(pages.at(-1)!.granule));
    expect(audioSeconds('ogg', encode(samples))).toBeCloseTo(7.3, 3);
  });

  it.runIf(opusTools)('decodes with another build of libopus (opusdec) to exactly the samples it was given, in place', () => {
    const folder = tempFolder();
    // Bursts of voice that begin sharply every 400 ms: where each begins says whether the decoded sound is in place.
    const samples = new Int16Array(Math.round(5.02 * RATE)).map((_, index) => {
      const t = index / RATE;
      if ((t * 1000) % 400 >= 200) return 0;
      let value = 0;
      for (let harmonic = 1; harmonic <= 8; harmonic += 1) value += Math.sin(2 * Math.PI * 150 * harmonic * t) / harmonic;
      return Math.round(value * 5_000);
    });
    writeFileSync(join(folder, 'part.ogg'), encode(samples));
    const info = execFileSync('opusinfo', [join(folder, 'part.ogg')], { encoding: 'utf8' });
    expect(info).toMatch(/Playback length: 0m:05\.0(19|20)s/);
    expect(info).not.toMatch(/WARNING|ERROR/i);
    execFileSync('opusdec', ['--quiet', '--rate', String(RATE), join(folder, 'part.ogg'), join(folder, 'part.wav')]);
    const wav = readFileSync(join(folder, 'part.wav'));
    const data = wav.indexOf('data', 12, 'latin1');
    const decoded = new Int16Array(new Uint8Array(wav.subarray(data + 8)).buffer);
    expect(decoded.length).toBe(samples.length);
    const onsets = (sound: Int16Array) => {
      const found: number[] = [];
      const window = RATE / 1000;
      let quietFor = Number.POSITIVE_INFINITY;
      for (let start = 0; start + window <= sound.length; start += window) {
        let sum = 0;
        for (let i = start; i < start + window; i += 1) sum += sound[i]! * sound[i]!;
        const loud = Math.sqrt(sum / window) > 1_500;
        if (loud && quietFor >= 20) found.push(start / window);
        quietFor = loud ? 0 : quietFor + 1;
      }
      return found;
    };
    const heard = onsets(decoded);
    const given = onsets(samples);
    expect(heard).toHaveLength(given.length);
    // Within 2 ms of where each burst begins (a wrong pre-skip moves them all by 6.5 ms or more).
    heard.forEach((ms, index) => expect(Math.abs(ms - given[index]!)).toBeLessThanOrEqual(2));
  });

  it('continues a packet longer than a page on the next, and a reader joins it back', () => {
    const stream = new OggStream(7);
    const big = randomBytes(255 * 300 + 17);
    stream.packet(Buffer.from('head'), 0n, { alone: true });
    stream.packet(big, 960n);
    stream.packet(Buffer.alloc(255 * 2), 1920n);
    const { pages, packets } = readOggPages(stream.finish());
    expect(packets[1]).toEqual(big);
    expect(packets[2]).toEqual(Buffer.alloc(255 * 2));
    expect(pages.every((page) => page.crcOk)).toBe(true);
    // The big packet fills page 1 (no packet ends there: granule -1) and ends on page 2, which is marked as continued.
    expect(pages[1]!.granule).toBe(-1n);
    expect(pages[2]!.flags & 1).toBe(1);
    expect(pages.at(-1)!.granule).toBe(1920n);
  });
});

describe('a recording cut into Ogg Opus parts', () => {
  async function cutLive(folder: string, samples: Int16Array, minSamples?: number): Promise<AudioPart[]> {
    const cut: AudioPart[] = [];
    const writer = new AudioPartWriter(folder, key, { sequence: 0, sample: 0 }, (part) => cut.push(part), { format: 'ogg', minSamples });
    for (let offset = 0; offset < samples.length; offset += 512) await writer.append(samples.slice(offset, offset + 512));
    await writer.finish();
    return cut;
  }

  function lengthsOnDisk(folder: string): number[] {
    return partsIn(folder, 'ogg').map((part) => {
      const read = readOggOpus(openSealedBytes(key, readFileSync(join(folder, partFileName(part, 'ogg')))));
      expect(read.pages.every((page) => page.crcOk)).toBe(true);
      expect(read.playableSamples48k / 3).toBe(part.endSample - part.startSample);
      return read.playableSamples48k / 3;
    });
  }

  it('writes parts whose lengths, read from their own pages, add up to the recording', async () => {
    const folder = tempFolder();
    const samples = voice(31);
    const cut = await cutLive(folder, samples, 4 * RATE);
    expect(cut.length).toBeGreaterThanOrEqual(5);
    expect(readdirSync(folder).every((name) => name.endsWith('.ogg.sealed'))).toBe(true);
    const lengths = lengthsOnDisk(folder);
    expect(lengths.reduce((sum, value) => sum + value, 0)).toBe(samples.length);
    expect(Math.max(...lengths)).toBeLessThanOrEqual(PART_MAX_SAMPLES);
    expect(partsIn(folder, 'mp3')).toEqual([]);
  });

  it('recovers a part the encoder could not finish (its process killed) whole from the recording, under the next number', async () => {
    const folder = tempFolder();
    const partsFolder = join(folder, 'chunks');
    const samples = voice(26);
    const audioPath = join(folder, 'audio.sealed');
    const recording = SealedFileWriter.create(audioPath, key, { parcelBytes: RATE });
    recording.append(new Uint8Array(samples.buffer));
    recording.finish();
    // The recorder died 14.5 s in: the part it was encoding never reached the disk.
    const writer = new AudioPartWriter(partsFolder, key, { sequence: 0, sample: 0 }, () => undefined, { format: 'ogg', minSamples: 4 * RATE });
    const killedAt = Math.round(14.5 * RATE);
    for (let offset = 0; offset < killedAt; offset += 512) await writer.append(samples.slice(offset, Math.min(offset + 512, killedAt)));
    const before = partsIn(partsFolder, 'ogg');
    expect(before.at(-1)!.endSample).toBeLessThan(killedAt);
    const keptBytes = before.map((part) => readFileSync(join(partsFolder, partFileName(part, 'ogg'))));

    const count = await cutRemainingParts(audioPath, key, partsFolder, { format: 'ogg' });
    const after = partsIn(partsFolder, 'ogg');
    expect(count).toBe(after.length);
    expect(after.slice(0, before.length)).toEqual(before);
    before.forEach((part, index) => expect(readFileSync(join(partsFolder, partFileName(part, 'ogg')))).toEqual(keptBytes[index]));
    // Every sample once: the lost part's samples are in the next part cut, none twice.
    expect(lengthsOnDisk(partsFolder).reduce((sum, value) => sum + value, 0)).toBe(samples.length);
    expect(after[before.length]!.startSample).toBe(before.at(-1)!.endSample);
  });
});
