import { readFileSync, writeFileSync, appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WAV_HEADER_BYTES, repairWav, wavHeader } from '../../../main/audio/wav-file';
import { meterLevel, rms } from '../../../main/audio/level-meter';
import { tempFolder } from '../../support/temp-folder';

const frame = (value: number, length = 512) => new Int16Array(length).fill(value);

describe('repairWav', () => {
  it('restores the sizes of an interrupted recording and drops a half sample', () => {
    const path = join(tempFolder(), 'c.wav');
    // As an earlier version left it: the header with unknown sizes, then the samples.
    writeFileSync(path, wavHeader(0));
    for (let i = 0; i < 50; i += 1) appendFileSync(path, new Uint8Array(frame(200).buffer));
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
