/**
 * Measures that need no window: encoding, memory, loading the store, the client against
 * bare undici, Stop → ready to upload, and syncing 100 dictations against the sandbox. Each
 * returns its figure and the baseline measured in the same run.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, copyFileSync, cpSync, existsSync, fsyncSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'undici';
import { encodeRecordingToMp3 } from '../../main/audio/mp3-encoder';
import { Mp3StreamWriter } from '../../main/audio/mp3-stream';
import { prepareUploadAudio, inlineMp3Encoding } from '../../main/audio/upload-audio';
import { wavHeader } from '../../main/audio/wav-file';
import { ServiceClient } from '../../main/api/service-client';
import { plainFileSource, sealedFileSource } from '../../main/api/upload-source';
import { voiceUploadKind } from '../../main/dictation-sending/voice-upload-kind';
import { OutboxHost } from '../../main/outbox/outbox-host';
import { manifestSchema } from '../../main/dictations/dictation-manifest';
import { DictationStore } from '../../main/dictations/dictation-store';
import { FolderStore } from '../../main/storage/folder-store';
import { ItemKeyring } from '../../main/storage/item-keyring';
import { SealedFileWriter, checkSealedFile } from '../../main/storage/sealed-file';
import { SandboxServer } from '../../main/sandbox/sandbox-server';
import { ServiceHealth } from '../../main/service/service-health';
import { staticToken } from '../../main/api/token-source';
import { systemClock } from '../../main/core/clock';

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

const BENCH_KEY = randomBytes(32);

function frameBytes(frame: Int16Array): Uint8Array {
  return new Uint8Array(frame.buffer, frame.byteOffset, frame.byteLength);
}

/** `seconds` of speech as a WAV in clear (baselines), and as the app records it: encrypted samples in half-second parcels. */
export function speechRecording(work: string, pcm: Int16Array, seconds: number): { wav: string; sealed: string } {
  const parts: Buffer[] = [];
  feed(pcm, seconds, (frame) => parts.push(Buffer.from(frameBytes(frame))));
  const samples = Buffer.concat(parts);
  const wav = join(work, `speech-${seconds}.wav`);
  writeFileSync(wav, Buffer.concat([wavHeader(samples.length), samples]));
  const sealed = join(work, `speech-${seconds}.sealed`);
  const writer = SealedFileWriter.create(sealed, BENCH_KEY, { parcelBytes: 16_000 });
  writer.append(samples);
  writer.finish();
  return { wav, sealed };
}

export async function uploadSize(work: string, minute: { wav: string; sealed: string }): Promise<{ mp3: number; wav: number; encodeMs: number; copyMs: number }> {
  const [, copyMs] = time(() => copyFileSync(minute.wav, join(work, 'copy.wav')));
  const [{ bytes }, encodeMs] = await timeAsync(() => encodeRecordingToMp3(minute.sealed, join(work, 'minute.mp3.sealed'), BENCH_KEY));
  return { mp3: bytes, wav: statSync(minute.wav).size, encodeMs, copyMs };
}

/**
 * CPU time to write `seconds` of audio as the recorder does (frame by frame, on disk twice a
 * second), encrypted in parcels, against the same writes in clear.
 */
export function recordingWrites(work: string, pcm: Int16Array, seconds: number): Figure {
  let audioMs = 0;
  const clock = () => audioMs;
  const cpu = (write: (frame: Int16Array) => void, done: () => void) => {
    audioMs = 0;
    const start = process.cpuUsage();
    feed(pcm, seconds, (frame) => {
      write(frame);
      audioMs += (frame.length / 16_000) * 1000;
    });
    done();
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 1000;
  };
  const clearPath = join(work, 'clear-writes.pcm');
  const fd = openSync(clearPath, 'w');
  let lastSync = 0;
  const baseline = cpu(
    (frame) => {
      writeSync(fd, frameBytes(frame));
      if (audioMs - lastSync >= 500) {
        fsyncSync(fd);
        lastSync = audioMs;
      }
    },
    () => {
      fsyncSync(fd);
      closeSync(fd);
    },
  );
  const writer = SealedFileWriter.create(join(work, 'sealed-writes.sealed'), BENCH_KEY, { parcelBytes: 16_000, sync: { everyMs: 500, clock: { now: clock } } });
  const value = cpu((frame) => writer.append(frameBytes(frame)), () => writer.finish());
  return { value, baseline };
}

/**
 * Memory a process needs beyond what it held to encode ten minutes (streamed, decrypted as read),
 * against what it needs to hold the whole WAV. Each in a fresh process, its code loaded first; then
 * Linux's high-water mark is set back to what the process holds (`/proc/self/clear_refs`), so that
 * neither the loader's own start (tsx's peak is larger than either figure) nor the code counts.
 */
export function encodeMemory(tenMinutes: { wav: string; sealed: string }, work: string): Figure {
  if (process.platform !== 'linux') throw new Error('The memory of encoding is measured with Linux\'s high-water mark (/proc/self/clear_refs).');
  const peakAbove = (load: string, step: string) => {
    const script = [
      load,
      `const fs = await import('node:fs')`,
      `const kib = (name) => Number(fs.readFileSync('/proc/self/status', 'utf8').split('\\n').find((line) => line.startsWith(name + ':')).split(/\\s+/)[1])`,
      `globalThis.gc()`,
      `fs.writeFileSync('/proc/self/clear_refs', '5')`,
      `const held = kib('VmRSS')`,
      step,
      `console.log(kib('VmHWM') - held)`,
    ].join(';\n');
    const out = execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      env: { ...process.env, BENCH_WAV: tenMinutes.wav, BENCH_SEALED: tenMinutes.sealed, BENCH_KEY: BENCH_KEY.toString('hex'), BENCH_MP3: join(work, 'ten.mp3.sealed') },
    });
    return Number(out.trim().split('\n').pop()) * 1024;
  };
  const encoder = JSON.stringify(join(process.cwd(), 'main/audio/mp3-encoder.ts'));
  const encode = peakAbove(
    `const { encodeRecordingToMp3 } = await import(${encoder})`,
    `await encodeRecordingToMp3(process.env.BENCH_SEALED, process.env.BENCH_MP3, Buffer.from(process.env.BENCH_KEY, 'hex'))`,
  );
  const buffer = peakAbove(`const { readFileSync } = await import('node:fs')`, `globalThis.wav = readFileSync(process.env.BENCH_WAV)`);
  return { value: encode, baseline: buffer };
}

/** Stop → ready to upload, for a dictation of `seconds`: the compact copy written while recording (finishing it is all that is left), against encoding it when Stop is pressed. */
export async function stopToReady(work: string, pcm: Int16Array, seconds: number, recording: { sealed: string }): Promise<Figure> {
  const folder = join(work, 'stop-to-ready');
  mkdirSync(folder, { recursive: true });
  const files = { audioPath: join(folder, 'audio.sealed'), mp3Path: join(folder, 'upload.mp3.sealed'), key: BENCH_KEY };
  const writer = await Mp3StreamWriter.create(files.mp3Path, BENCH_KEY);
  feed(pcm, seconds, (frame) => writer.append(frame));
  copyFileSync(recording.sealed, files.audioPath);
  const [, value] = await timeAsync(async () => {
    writer.finish();
    await prepareUploadAudio(files, 'mp3', inlineMp3Encoding);
  });
  const [, baseline] = await timeAsync(() => encodeRecordingToMp3(recording.sealed, join(work, 'at-stop.mp3.sealed'), BENCH_KEY));
  return { value, baseline };
}

/**
 * Loading 5,000 dictations as the app does (manifests, and the labels from the encrypted
 * keyring), against the same load without encryption (labels in the manifests, no keyring),
 * and against reading and parsing the files alone.
 */
export function storeLoad(work: string): { value: number; clear: number; raw: number } {
  const root = join(work, 'dictations');
  const keyring = join(work, 'dictations.sealed');
  const master = randomBytes(32);
  const seedKeys = new ItemKeyring(keyring, master);
  const seed = new DictationStore(root, seedKeys, systemClock);
  // Made in one batch: the keyring is written once, not 5,000 times.
  seedKeys.batch(() => {
    for (let i = 0; i < 5000; i += 1) seed.update(seed.create({ mode: 'dictation', label: `Patient ${i}` }).id, { state: 'completed', durationMs: 60_000 });
  });
  const clearRoot = join(work, 'dictations-clear');
  cpSync(root, clearRoot, { recursive: true });
  for (const manifest of seed.list()) {
    const path = join(clearRoot, manifest.id, 'manifest.json');
    writeFileSync(path, JSON.stringify({ ...JSON.parse(readFileSync(path, 'utf8')), label: manifest.label }, null, 1));
  }
  const loads = {
    raw: () => {
      for (const id of readdirSync(root)) JSON.parse(readFileSync(join(root, id, 'manifest.json'), 'utf8'));
    },
    clear: () => new FolderStore(clearRoot, manifestSchema).readAll(),
    value: () => new DictationStore(root, new ItemKeyring(keyring, master), systemClock).load(),
  };
  // Each once to warm the file cache and the code, then fifteen rounds in turn, the median counted:
  // one load is a tenth of a second, where a moment's other work on the machine shows (with seven,
  // two runs on one machine differed by a tenth).
  const samples = { raw: [] as number[], clear: [] as number[], value: [] as number[] };
  for (const load of Object.values(loads)) load();
  for (let round = 0; round < 15; round += 1) for (const [name, load] of Object.entries(loads)) samples[name as keyof typeof loads].push(time(load)[1]);
  rmSync(clearRoot, { recursive: true, force: true });
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  return { value: median(samples.value), clear: median(samples.clear), raw: median(samples.raw) };
}

export async function lookups(work: string, count: number): Promise<Figure> {
  const sandbox = await SandboxServer.start({ faults: { processingMs: 0 } });
  const client = new ServiceClient(() => ({ baseUrl: sandbox.url, auth: staticToken(sandbox.token) }), systemClock);
  // The compact copy the encoding measure made (encrypted, as the app keeps it).
  const compact = join(work, 'minute.mp3.sealed');
  const file = sealedFileSource(compact, BENCH_KEY, checkSealedFile(compact, BENCH_KEY).plainBytes, 'minute.mp3', 'audio/mpeg');
  await client.uploadVoice({ mode: 'dictation', txnId: 'bench', file });
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
  const client = new ServiceClient(() => ({ baseUrl: sandbox.url, auth: staticToken(sandbox.token) }), systemClock);
  const store = new DictationStore(join(work, 'sync'), new ItemKeyring(join(work, 'sync.sealed'), randomBytes(32)), systemClock);
  const clearFolder = join(work, 'sync-clear');
  mkdirSync(clearFolder, { recursive: true });
  const files: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const manifest = store.create({ mode: 'dictation', label: `Queued ${i}` });
    const writer = SealedFileWriter.create(store.audioPath(manifest.id), store.audioKeyOf(manifest.id), { parcelBytes: 16_000 });
    const parts: Buffer[] = [];
    feed(pcm, 1, (frame) => {
      writer.append(frameBytes(frame));
      parts.push(Buffer.from(frameBytes(frame)));
    });
    const { plainBytes } = writer.finish();
    // The baseline sends the same audio from clear WAV files.
    files.push(join(clearFolder, `${i}.wav`));
    writeFileSync(files[i]!, Buffer.concat([wavHeader(plainBytes), ...parts]));
    store.update(manifest.id, { state: 'recorded', durationMs: Math.round((plainBytes / 32_000) * 1000) });
  }
  const outbox = new OutboxHost({ health: new ServiceHealth(), isOnline: () => true, clock: systemClock });
  outbox.register(
    voiceUploadKind({
      store,
      client,
      clock: outbox.clock,
      prepareAudio: async (manifest) => {
        return (await prepareUploadAudio(store.recordingFiles(manifest.id), 'wav', inlineMp3Encoding)).source;
      },
    }),
  );
  const [, outboxMs] = await timeAsync(async () => {
    outbox.start();
    while (store.list().some((manifest) => manifest.state !== 'completed')) await new Promise((resolve) => setTimeout(resolve, 20));
  });
  outbox.stop();
  const requests = sandbox.received.filter((received) => received.operation === 'voiceUpload' || received.operation === 'resultLookup').length;

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
