import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodeRecordingToMp3 } from '../../../main/audio/mp3-encoder';
import { SealedFileWriter } from '../../../main/storage/sealed-file';
import { Mp3StreamWriter, partialPathOf } from '../../../main/audio/mp3-stream';
import { analyseMp3 } from '../../support/e2e/wav-analysis';
import { toneWav } from '../../support/sandbox-fixture';
import { tempFolder } from '../../support/temp-folder';
import { readSealed } from '../../support/sealed-reading';

const key = randomBytes(32);

function expectMp3(bytes: Buffer) {
  // An MPEG audio frame header: 11 bits of sync.
  expect(bytes[0]).toBe(0xff);
  expect((bytes[1]! & 0xe0) === 0xe0).toBe(true);
}

describe('MP3', () => {
  it('turns an encrypted 16 kHz mono recording into encrypted 32 kbit/s MP3 frames, about an eighth of the size', async () => {
    const folder = tempFolder();
    const audio = join(folder, 'audio.sealed');
    const pcm = toneWav(10).subarray(44);
    const writer = SealedFileWriter.create(audio, key, { parcelBytes: 16_000 });
    writer.append(pcm);
    writer.finish();
    const { bytes } = await encodeRecordingToMp3(audio, join(folder, 'upload.mp3.sealed'), key);
    // On disk nothing is an MP3 frame; decrypted, all of it is.
    expect(readFileSync(join(folder, 'upload.mp3.sealed')).subarray(0, 8).toString('ascii')).toBe('SDSEAL1\n');
    const mp3 = await readSealed(join(folder, 'upload.mp3.sealed'), key);
    expect(mp3.length).toBe(bytes);
    expectMp3(mp3);
    expect(bytes).toBeGreaterThan(36_000);
    expect(bytes).toBeLessThan(44_000);
    expect(pcm.length / bytes).toBeGreaterThan(7);
    // Whole frames, one after another, playing as long as the recording (give or take the encoder's delay).
    const played = analyseMp3(mp3);
    expect(played.sampleRate).toBe(16_000);
    expect(Math.abs(played.durationMs - 10_000)).toBeLessThan(150);
  });

  it('written frame by frame as audio arrives, appears under its name only when finished', async () => {
    const folder = tempFolder();
    const path = join(folder, 'upload.mp3');
    const writer = await Mp3StreamWriter.create(path, key);
    const pcm = toneWav(3).subarray(44);
    const samples = new Int16Array(pcm.buffer, pcm.byteOffset, pcm.length / 2);
    for (let offset = 0; offset < samples.length; offset += 512) writer.append(samples.subarray(offset, offset + 512));
    expect(existsSync(path)).toBe(false);
    expect(existsSync(partialPathOf(path))).toBe(true);
    const { bytes } = writer.finish();
    expect(existsSync(partialPathOf(path))).toBe(false);
    const mp3 = await readSealed(path, key);
    expect(mp3.length).toBe(bytes);
    expectMp3(mp3);
    expect(Math.abs(analyseMp3(mp3).durationMs - 3000)).toBeLessThan(150);
    // 3 s at 32 kbit/s.
    expect(bytes).toBeGreaterThan(11_000);
    expect(bytes).toBeLessThan(13_500);
  });

  it('leaves nothing behind when the recording is abandoned', async () => {
    const path = join(tempFolder(), 'upload.mp3');
    const writer = await Mp3StreamWriter.create(path, key);
    writer.append(new Int16Array(2048));
    writer.abandon();
    expect(existsSync(path) || existsSync(partialPathOf(path))).toBe(false);
  });
});
