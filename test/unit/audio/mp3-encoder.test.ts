import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodeWavToMp3 } from '../../../main/audio/mp3-encoder';
import { toneWav } from '../api/sandbox-fixture';
import { tempFolder } from '../temp-folder';

describe('encodeWavToMp3', () => {
  it('turns 16 kHz mono WAV into 32 kbit/s MP3 frames, about an eighth of the size', () => {
    const folder = tempFolder();
    const wav = join(folder, 'audio.wav');
    writeFileSync(wav, toneWav(10));
    const { bytes } = encodeWavToMp3(wav, join(folder, 'upload.mp3'));
    const mp3 = readFileSync(join(folder, 'upload.mp3'));
    expect(mp3.length).toBe(bytes);
    expect(mp3[0]).toBe(0xff);
    expect((mp3[1]! & 0xe0) === 0xe0).toBe(true);
    expect(bytes).toBeGreaterThan(36_000);
    expect(bytes).toBeLessThan(44_000);
    expect(statSync(wav).size / bytes).toBeGreaterThan(7);
  });
});
