import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodeWavToMp3 } from '../../../main/audio/mp3-encoder';
import { Mp3StreamWriter, partialPathOf } from '../../../main/audio/mp3-stream';
import { analyseMp3 } from '../../e2e/support/wav-analysis';
import { toneWav } from '../api/sandbox-fixture';
import { tempFolder } from '../temp-folder';

function expectMp3(bytes: Buffer) {
  // An MPEG audio frame header: 11 bits of sync.
  expect(bytes[0]).toBe(0xff);
  expect((bytes[1]! & 0xe0) === 0xe0).toBe(true);
}

describe('MP3', () => {
  it('turns 16 kHz mono WAV into 32 kbit/s MP3 frames, about an eighth of the size', async () => {
    const folder = tempFolder();
    const wav = join(folder, 'audio.wav');
    writeFileSync(wav, toneWav(10));
    const { bytes } = await encodeWavToMp3(wav, join(folder, 'upload.mp3'));
    const mp3 = readFileSync(join(folder, 'upload.mp3'));
    expect(mp3.length).toBe(bytes);
    expectMp3(mp3);
    expect(bytes).toBeGreaterThan(36_000);
    expect(bytes).toBeLessThan(44_000);
    expect(statSync(wav).size / bytes).toBeGreaterThan(7);
    // Whole frames, one after another, playing as long as the WAV (give or take the encoder's delay).
    const played = analyseMp3(join(folder, 'upload.mp3'));
    expect(played.sampleRate).toBe(16_000);
    expect(Math.abs(played.durationMs - 10_000)).toBeLessThan(150);
  });

  it('written frame by frame as audio arrives, appears under its name only when finished', async () => {
    const folder = tempFolder();
    const path = join(folder, 'upload.mp3');
    const writer = await Mp3StreamWriter.create(path);
    const pcm = toneWav(3).subarray(44);
    const samples = new Int16Array(pcm.buffer, pcm.byteOffset, pcm.length / 2);
    for (let offset = 0; offset < samples.length; offset += 512) writer.append(samples.subarray(offset, offset + 512));
    expect(existsSync(path)).toBe(false);
    expect(existsSync(partialPathOf(path))).toBe(true);
    const { bytes } = writer.finish();
    expect(existsSync(partialPathOf(path))).toBe(false);
    const mp3 = readFileSync(path);
    expect(mp3.length).toBe(bytes);
    expectMp3(mp3);
    expect(Math.abs(analyseMp3(path).durationMs - 3000)).toBeLessThan(150);
    // 3 s at 32 kbit/s.
    expect(bytes).toBeGreaterThan(11_000);
    expect(bytes).toBeLessThan(13_500);
  });

  it('leaves nothing behind when the recording is abandoned', async () => {
    const path = join(tempFolder(), 'upload.mp3');
    const writer = await Mp3StreamWriter.create(path);
    writer.append(new Int16Array(2048));
    writer.abandon();
    expect(existsSync(path) || existsSync(partialPathOf(path))).toBe(false);
  });
});
