/**
 * The encoder thread's failures as the doctor reads them (main/audio/upload-audio.ts). A full
 * disk cannot be made here without root, so the thread is a stand-in that answers as
 * mp3-encode-worker.ts answers when its write meets one: the message, its code, its call.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { workerPartCutting } from '../../../main/audio/upload-audio';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A worker file that fails its job with `failure`. */
function failingWorker(failure: Record<string, unknown>): string {
  const folder = mkdtempSync(join(tmpdir(), 'scribe-worker-'));
  folders.push(folder);
  const file = join(folder, 'worker.cjs');
  writeFileSync(file, `require('node:worker_threads').parentPort.postMessage(${JSON.stringify({ ok: false, ...failure })});`);
  return file;
}

describe('the encoder thread failing', () => {
  it('a full disk is said as such, never as its code', async () => {
    const cut = workerPartCutting(failingWorker({ message: 'ENOSPC: no space left on device, write', code: 'ENOSPC', syscall: 'write' }));
    const failed = cut('/nowhere.sealed', '/nowhere', Buffer.alloc(32));
    await expect(failed).rejects.toThrow('The recording could not be cut into parts: The disk is full. Free some space on this computer; nothing already saved is lost.');
  });

  it('any other failure says what it is', async () => {
    const cut = workerPartCutting(failingWorker({ message: 'The recording is damaged at 12 s' }));
    await expect(cut('/nowhere.sealed', '/nowhere', Buffer.alloc(32))).rejects.toThrow('The recording could not be cut into parts: The recording is damaged at 12 s');
  });
});
