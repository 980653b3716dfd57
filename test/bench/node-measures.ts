/**
 * Measures that need no window: encoding, memory, loading the store, the client against
 * bare undici, Stop → ready to upload, and syncing 100 dictations against the sandbox. Each
 * returns its figure and the baseline measured in the same run.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'undici';
import { encodeWavToMp3 } from '../../main/audio/mp3-encoder';
import { Mp3StreamWriter } from '../../main/audio/mp3-stream';
import { prepareUploadAudio, inlineMp3Encoding } from '../../main/audio/upload-audio';
import { WavAppender } from '../../main/audio/wav-file';
import { ServiceClient } from '../../main/api/service-client';
import { plainFileSource } from '../../main/api/upload-source';
import { DictationOutbox } from '../../main/dictations/dictation-outbox';
import { DictationStore } from '../../main/dictations/dictation-store';
import { SandboxServer } from '../../main/sandbox/sandbox-server';
import { ServiceHealth } from '../../main/service/service-health';
import { staticToken } from '../../main/service/token-source';

export interface Figure {
  value: number;
  baseline: number;
}

export function time<T>(fn: () => T): [T, number] {
  const start = performance.now();
  const result = fn();
  return [result, performance.now() - start];
}

export async function timeAsync<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await fn();
  return [result, performance.now() - start];
}

/** Speech at 16 kHz mono (espeak-ng through sox), or a tone where they are missing. */
export function speechPcm(work: string): { pcm: Int16Array; source: string } {
  try {
    const raw = join(work, 'espeak.wav');
    execFileSync('espeak-ng', ['-w', raw, 'Paracetamol five hundred milligrams twice daily after food for five days. Review in one week with blood report.']);
    const resampled = execFileSync('sox', [raw, '-t', 'raw', '-r', '16000', '-c', '1', '-b', '16', '-e', 'signed-integer', '-']);
    return { pcm: new Int16Array(resampled.buffer, resampled.byteOffset, Math.floor(resampled.length / 2)), source: 'espeak-ng speech' };
  } catch {
    return { pcm: new Int16Array(16_000).map((_, i) => Math.round(6000 * Math.sin((2 * Math.PI * 220 * i) / 16_000))), source: 'synthetic tone (espeak-ng or sox missing)' };
  }
}

/** Calls `each` with `seconds` of speech, 1024 samples at a time, as the recorder delivers it. */
export function feed(pcm: Int16Array, seconds: number, each: (frame: Int16Array) => void): void {
  const total = seconds * 16_000;
  for (let written = 0; written < total; ) {
    const offset = written % pcm.length;
    const frame = pcm.subarray(offset, Math.min(pcm.length, offset + 1024, offset + total - written));
    each(frame);
    written += frame.length;
  }
}

export function speechWav(work: string, pcm: Int16Array, seconds: number): string {
  const path = join(work, `speech-${seconds}.wav`);
  const wav = WavAppender.create(path);
  feed(pcm, seconds, (frame) => wav.append(frame));
  wav.finish();
  return path;
}

export async function uploadSize(work: string, minute: string): Promise<{ mp3: number; wav: number; encodeMs: number; copyMs: number }> {
  const [, copyMs] = time(() => copyFileSync(minute, join(work, 'copy.wav')));
  const [{ bytes }, encodeMs] = await timeAsync(() => encodeWavToMp3(minute, join(work, 'minute.mp3')));
  return { mp3: bytes, wav: statSync(minute).size, encodeMs, copyMs };
}

/** Peak memory of a fresh process encoding ten minutes (streamed), against one that only reads the whole WAV. */
export function encodeMemory(tenMinutes: string, work: string): Figure {
  const peakRss = (script: string) => {
    const out = execFileSync(process.execPath, ['--import', 'tsx', '-e', `${script}; console.log(process.resourceUsage().maxRSS)`], {
      encoding: 'utf8',
      env: { ...process.env, BENCH_WAV: tenMinutes, BENCH_MP3: join(work, 'ten.mp3') },
    });
    return Number(out.trim().split('\n').pop()) * 1024;
  };
  const encoder = JSON.stringify(join(process.cwd(), 'main/audio/mp3-encoder.ts'));
  const idle = peakRss(`await import(${encoder})`);
  const encode = peakRss(`const { encodeWavToMp3 } = await import(${encoder}); await encodeWavToMp3(process.env.BENCH_WAV, process.env.BENCH_MP3)`);
  const buffer = peakRss(`(await import('node:fs')).readFileSync(process.env.BENCH_WAV)`);
  return { value: Math.max(encode - idle, 0), baseline: buffer - idle };
}

/** Stop → ready to upload, for a dictation of `seconds`: the compact copy written while recording (finishing it is all that is left), against encoding it when Stop is pressed. */
export async function stopToReady(work: string, pcm: Int16Array, seconds: number, wav: string): Promise<Figure> {
  const folder = join(work, 'stop-to-ready');
  execFileSync('mkdir', ['-p', folder]);
  const writer = await Mp3StreamWriter.create(join(folder, 'upload.mp3'));
  feed(pcm, seconds, (frame) => writer.append(frame));
  copyFileSync(wav, join(folder, 'audio.wav'));
  const [, value] = await timeAsync(async () => {
    writer.finish();
    await prepareUploadAudio(folder, 'mp3', inlineMp3Encoding);
  });
  const [, baseline] = await timeAsync(() => encodeWavToMp3(wav, join(work, 'at-stop.mp3')));
  return { value, baseline };
}

export function storeLoad(work: string): Figure {
  const root = join(work, 'dictations');
  const seed = new DictationStore(root);
  for (let i = 0; i < 5000; i += 1) seed.update(seed.create({ mode: 'dictation', label: `Patient ${i}` }).id, { state: 'completed', durationMs: 60_000 });
  const [, baseline] = time(() => {
    for (const id of readdirSync(root)) JSON.parse(readFileSync(join(root, id, 'manifest.json'), 'utf8'));
  });
  const [, value] = time(() => new DictationStore(root).load());
  return { value, baseline };
}

export async function lookups(work: string, count: number): Promise<Figure> {
  const sandbox = await SandboxServer.start({ faults: { processingMs: 0 } });
  const client = new ServiceClient(() => ({ baseUrl: sandbox.url, auth: staticToken(sandbox.token) }));
  await client.uploadVoice({ mode: 'dictation', txnId: 'bench', file: await plainFileSource(join(work, 'minute.mp3'), 'minute.mp3', 'audio/mpeg') });
  const [, baseline] = await timeAsync(async () => {
    for (let i = 0; i < count; i += 1) {
      const response = await request(`${sandbox.url}/voice/api/v3/status/bench`, { headers: { authorization: `Bearer ${sandbox.token}` } });
      JSON.parse(await response.body.text());
    }
  });
  const [, value] = await timeAsync(async () => {
    for (let i = 0; i < count; i += 1) await client.getTranscriptionResult('bench');
  });
  await client.close();
  await sandbox.stop();
  return { value, baseline };
}

export interface SyncFigures {
  outboxMs: number;
  /** The client calling the sandbox directly, two uploads at a time, each result asked for once, the moment it is ready. */
  baselineMs: number;
  requestsPerResult: number;
  /** An upload and one lookup. */
  minimumRequestsPerResult: number;
}

/** 100 queued dictations synced by the outbox against the sandbox taking `processingMs` per result, and the same work done directly. */
export async function syncOf(count: number, processingMs: number, work: string, pcm: Int16Array): Promise<SyncFigures> {
  const sandbox = await SandboxServer.start({ faults: { processingMs } });
  const client = new ServiceClient(() => ({ baseUrl: sandbox.url, auth: staticToken(sandbox.token) }));
  const store = new DictationStore(join(work, 'sync'));
  for (let i = 0; i < count; i += 1) {
    const manifest = store.create({ mode: 'dictation', label: `Queued ${i}` });
    const wav = WavAppender.create(store.audioPath(manifest.id));
    feed(pcm, 1, (frame) => wav.append(frame));
    store.update(manifest.id, { state: 'recorded', durationMs: wav.finish().durationMs });
  }
  const outbox = new DictationOutbox({
    store,
    client,
    health: new ServiceHealth(),
    prepareAudio: (manifest) => prepareUploadAudio(store.folderOf(manifest.id), 'wav', inlineMp3Encoding),
    isOnline: () => true,
    autoSync: () => true,
  });
  const [, outboxMs] = await timeAsync(async () => {
    outbox.start();
    while (store.list().some((manifest) => manifest.state !== 'completed')) await new Promise((resolve) => setTimeout(resolve, 20));
  });
  outbox.stop();
  const requests = sandbox.received.filter((received) => received.operation === 'voiceUpload' || received.operation === 'resultLookup').length;

  const files = store.list().map((manifest) => store.audioPath(manifest.id));
  let next = 0;
  const [, baselineMs] = await timeAsync(async () => {
    const lookupsDone: Array<Promise<unknown>> = [];
    const uploader = async () => {
      for (let index = next++; index < files.length; index = next++) {
        const txnId = `baseline-${index}`;
        await client.uploadVoice({ mode: 'dictation', txnId, file: await plainFileSource(files[index]!, 'dictation.wav', 'audio/wav') });
        lookupsDone.push(new Promise((resolve) => setTimeout(resolve, processingMs)).then(() => client.getTranscriptionResult(txnId)));
      }
    };
    await Promise.all([uploader(), uploader()]);
    await Promise.all(lookupsDone);
  });
  await client.close();
  await sandbox.stop();
  return { outboxMs, baselineMs, requestsPerResult: requests / count, minimumRequestsPerResult: 2 };
}

export function exists(path: string): boolean {
  return existsSync(path);
}
