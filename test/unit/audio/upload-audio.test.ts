/**
 * The encoder's failures as the doctor reads them (main/audio/upload-audio.ts), and the encoder's
 * own answers (main/audio/encoder-jobs.ts). A full disk cannot be made here without root, so the
 * first test's encoder is a stand-in that answers as runEncoderJob answers when a write meets
 * one: the message, its code, its call; the last test runs a real job that fails on its own.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runEncoderJob, type EncoderAnswer } from '../../../main/audio/encoder-jobs';
import { encoderPartCutting } from '../../../main/audio/upload-audio';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const answering = (answer: EncoderAnswer) => () => Promise.resolve(answer);

describe('the encoder failing', () => {
  it('a full disk is said as such, never as its code', async () => {
    const cut = encoderPartCutting(answering({ ok: false, message: 'ENOSPC: no space left on device, write', code: 'ENOSPC', syscall: 'write' }));
    const failed = cut('/nowhere.sealed', '/nowhere', Buffer.alloc(32));
    await expect(failed).rejects.toThrow('The recording could not be cut into parts: The disk is full. Free some space on this computer; nothing already saved is lost.');
  });

  it('any other failure says what it is', async () => {
    const cut = encoderPartCutting(answering({ ok: false, message: 'The encoder stopped unexpectedly (9).' }));
    await expect(cut('/nowhere.sealed', '/nowhere', Buffer.alloc(32))).rejects.toThrow('The recording could not be cut into parts: The encoder stopped unexpectedly (9).');
  });

  it('a job that fails answers with the system call and its code, which the doctor reads in words', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'scribe-encoder-'));
    folders.push(folder);
    const answer = await runEncoderJob({ job: 'mp3', audioPath: join(folder, 'missing.sealed'), mp3Path: join(folder, 'out.mp3'), key: Buffer.alloc(32) });
    expect(answer).toMatchObject({ ok: false, code: 'ENOENT', syscall: 'open' });
    const encode = encoderPartCutting(() => Promise.resolve(answer));
    await expect(encode('/x', '/y', Buffer.alloc(32))).rejects.toThrow('The recording could not be cut into parts: The data could not be saved (ENOENT).');
  });
});
