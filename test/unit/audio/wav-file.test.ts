import { readFileSync, statSync, writeFileSync, appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WAV_HEADER_BYTES, WavAppender, repairWav } from '../../../main/audio/wav-file';
import { meterLevel, rms } from '../../../main/audio/level-meter';
import { tempFolder } from '../temp-folder';

const frame = (value: number, length = 512) => new Int16Array(length).fill(value);

describe('WavAppender', () => {
  it('writes a valid header with the final sizes', () => {
    const path = join(tempFolder(), 'a.wav');
    const wav = WavAppender.create(path);
    for (let i = 0; i < 125; i += 1) wav.append(frame(1000));
    expect(wav.finish()).toEqual({ dataBytes: 128_000, durationMs: 4000 });
    const bytes = readFileSync(path);
    expect(bytes.toString('ascii', 0, 4)).toBe('RIFF');
    expect(bytes.readUInt32LE(4)).toBe(36 + 128_000);
    expect(bytes.readUInt32LE(24)).toBe(16_000);
    expect(bytes.readUInt32LE(40)).toBe(128_000);
    expect(bytes.length).toBe(WAV_HEADER_BYTES + 128_000);
  });

  it('leaves on disk, before finish, everything appended (a crash loses nothing written)', () => {
    const path = join(tempFolder(), 'b.wav');
    const wav = WavAppender.create(path);
    wav.append(frame(5));
    expect(statSync(path).size).toBe(WAV_HEADER_BYTES + 1024);
  });
});

describe('repairWav', () => {
  it('restores the sizes of an interrupted recording and drops a half sample', () => {
    const path = join(tempFolder(), 'c.wav');
    const wav = WavAppender.create(path);
    for (let i = 0; i < 50; i += 1) wav.append(frame(200));
    appendFileSync(path, Buffer.from([7]));
    expect(repairWav(path)).toEqual({ dataBytes: 51_200, durationMs: 1600 });
    const bytes = readFileSync(path);
    expect(bytes.readUInt32LE(40)).toBe(51_200);
    expect(bytes.length).toBe(WAV_HEADER_BYTES + 51_200);
  });

  it('returns null for a file that is not a WAV', () => {
    const path = join(tempFolder(), 'd.wav');
    writeFileSync(path, 'x'.repeat(100));
    expect(repairWav(path)).toBeNull();
  });
});

describe('level meter', () => {
  it('measures RMS and maps -60..0 dBFS to 0..1', () => {
    expect(rms(frame(16_384))).toBeCloseTo(0.5, 3);
    expect(meterLevel(1)).toBe(1);
    expect(meterLevel(0.001)).toBeCloseTo(0, 5);
    expect(meterLevel(0.1)).toBeCloseTo(2 / 3, 3);
    expect(meterLevel(0)).toBe(0);
  });
});
