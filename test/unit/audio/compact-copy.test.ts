import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CompactCopy } from '../../../main/audio/compact-copy';
import { partialPathOf } from '../../../main/audio/mp3-stream';
import { analyseMp3 } from '../../support/e2e/wav-analysis';
import { toneWav } from '../../support/sandbox-fixture';
import { randomBytes } from 'node:crypto';
import { tempFolder } from '../../support/temp-folder';
import { readSealed } from '../../support/sealed-reading';

const key = randomBytes(32);

function frames(seconds: number): Int16Array[] {
  const pcm = toneWav(seconds).subarray(44);
  const samples = new Int16Array(pcm.buffer, pcm.byteOffset, pcm.length / 2);
  const out: Int16Array[] = [];
  for (let offset = 0; offset < samples.length; offset += 1024) out.push(samples.slice(offset, offset + 1024));
  return out;
}

describe('the compact copy written while recording', () => {
  it('keeps the frames that came before the encoder was ready, in order, and plays for the whole recording', async () => {
    const path = join(tempFolder(), 'upload.mp3');
    const problems: string[] = [];
    const copy = new CompactCopy(path, key, (message) => problems.push(message));
    // Appended at once, before the encoder (compiled on first use) can be ready.
    for (const frame of frames(2)) copy.append(frame);
    expect(existsSync(path)).toBe(false);
    expect(await copy.finish()).toBe(true);
    expect(Math.abs(analyseMp3(await readSealed(path, key)).durationMs - 2000)).toBeLessThan(150);
    expect(problems).toEqual([]);
  });

  it('leaves nothing behind when abandoned, before or after the encoder is ready', async () => {
    const early = join(tempFolder(), 'upload.mp3');
    const first = new CompactCopy(early, key, () => {});
    first.append(new Int16Array(1024));
    first.abandon();
    expect(await first.finish()).toBe(false);
    expect(existsSync(early) || existsSync(partialPathOf(early))).toBe(false);

    const late = join(tempFolder(), 'upload.mp3');
    const second = new CompactCopy(late, key, () => {});
    second.append(new Int16Array(1024));
    await second.opened;
    second.abandon();
    expect(await second.finish()).toBe(false);
    expect(existsSync(late) || existsSync(partialPathOf(late))).toBe(false);
  });
});
