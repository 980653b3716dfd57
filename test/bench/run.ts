/**
 * `npm run bench`: speed and memory of the hot paths, each against a baseline measured in
 * the same run on the same machine, printed as ratios (lower is better unless noted).
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { ServiceClient } from '../../main/api/service-client';
import { encodeWavToMp3 } from '../../main/audio/mp3-encoder';
import { WavAppender } from '../../main/audio/wav-file';
import { DictationStore } from '../../main/dictations/dictation-store';
import { SandboxServer } from '../../main/sandbox/sandbox-server';
import { staticToken } from '../../main/service/token-source';
import { plainFileSource } from '../../main/api/upload-source';

const work = mkdtempSync(join(tmpdir(), 'scribe-bench-'));
const rows: Array<[string, string, string, string]> = [];

function time<T>(fn: () => T): [T, number] {
  const start = performance.now();
  const result = fn();
  return [result, performance.now() - start];
}

async function timeAsync<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await fn();
  return [result, performance.now() - start];
}

/** `seconds` of real speech at 16 kHz mono in the app's WAV format, or a tone if espeak-ng/sox are missing. */
function speechWav(seconds: number): { path: string; source: string } {
  const path = join(work, `speech-${seconds}.wav`);
  const wav = WavAppender.create(path);
  let source = 'espeak-ng speech';
  let pcm: Int16Array;
  try {
    const raw = join(work, 'espeak.wav');
    execFileSync('espeak-ng', ['-w', raw, 'Paracetamol five hundred milligrams twice daily after food for five days. Review in one week with blood report.']);
    const resampled = execFileSync('sox', [raw, '-t', 'raw', '-r', '16000', '-c', '1', '-b', '16', '-e', 'signed-integer', '-']);
    pcm = new Int16Array(resampled.buffer, resampled.byteOffset, Math.floor(resampled.length / 2));
  } catch {
    source = 'synthetic tone (espeak-ng or sox missing)';
    pcm = new Int16Array(16_000).map((_, i) => Math.round(6000 * Math.sin((2 * Math.PI * 220 * i) / 16_000)));
  }
  for (let written = 0; written < seconds * 16_000; written += pcm.length) wav.append(pcm.subarray(0, Math.min(pcm.length, seconds * 16_000 - written)));
  wav.finish();
  return { path, source };
}

function ratio(value: number, baseline: number): string {
  return `${(value / baseline).toFixed(2)}×`;
}

// 1. Upload size and encoding speed for one minute of speech.
const minute = speechWav(60);
const wavBytes = statSync(minute.path).size;
const [, copyMs] = time(() => copyFileSync(minute.path, join(work, 'copy.wav')));
const [{ bytes: mp3Bytes }, encodeMs] = await timeAsync(() => encodeWavToMp3(minute.path, join(work, "minute.mp3")));
rows.push(['upload bytes per minute of speech', `${(mp3Bytes / 1024).toFixed(0)} KiB MP3`, `${(wavBytes / 1024).toFixed(0)} KiB WAV`, ratio(mp3Bytes, wavBytes)]);
rows.push(['encode one minute', `${encodeMs.toFixed(0)} ms (${(60_000 / encodeMs).toFixed(0)}× real time)`, `${copyMs.toFixed(1)} ms to copy the WAV`, ratio(encodeMs, Math.max(copyMs, 0.1))]);

// 2. Peak memory of a fresh process encoding ten minutes (streamed), against one that
//    only reads the whole WAV into memory.
const tenMinutes = speechWav(600);
function peakRss(script: string): number {
  // --max-semi-space-size=1 mirrors the encoder worker's resource limits (ENCODER_RESOURCE_LIMITS).
  const out = execFileSync(process.execPath, ['--max-semi-space-size=1', '--import', 'tsx', '-e', `${script}; console.log(process.resourceUsage().maxRSS)`], {
    encoding: 'utf8',
    env: { ...process.env, BENCH_WAV: tenMinutes.path, BENCH_MP3: join(work, 'ten.mp3') },
  });
  return Number(out.trim().split('\n').pop()) * 1024;
}
const idle = peakRss(`await import(${JSON.stringify(join(process.cwd(), 'main/audio/mp3-encoder.ts'))})`);
const encodePeak = peakRss(
  `const { encodeWavToMp3 } = await import(${JSON.stringify(join(process.cwd(), 'main/audio/mp3-encoder.ts'))}); encodeWavToMp3(process.env.BENCH_WAV, process.env.BENCH_MP3)`,
);
const bufferPeak = peakRss(`(await import('node:fs')).readFileSync(process.env.BENCH_WAV)`);
rows.push([
  'extra memory to encode 10 minutes',
  `${((encodePeak - idle) / 1048576).toFixed(1)} MiB peak RSS`,
  `${((bufferPeak - idle) / 1048576).toFixed(1)} MiB to hold the WAV`,
  ratio(Math.max(encodePeak - idle, 0), bufferPeak - idle),
]);

// 3. Loading 5,000 dictations at start-up: validated store against raw read + JSON.parse.
const storeRoot = join(work, 'dictations');
const seed = new DictationStore(storeRoot);
for (let i = 0; i < 5000; i += 1) seed.update(seed.create({ mode: 'dictation', label: `Patient ${i}` }).id, { state: 'completed', durationMs: 60_000 });
const [, rawMs] = time(() => {
  for (const id of readdirSync(storeRoot)) JSON.parse(readFileSync(join(storeRoot, id, 'manifest.json'), 'utf8'));
});
const [, loadMs] = time(() => new DictationStore(storeRoot).load());
rows.push(['load 5,000 dictations', `${loadMs.toFixed(0)} ms`, `${rawMs.toFixed(0)} ms raw read+parse`, ratio(loadMs, rawMs)]);

// 4. Result lookups over loopback: the validating client against bare undici.
const sandbox = await SandboxServer.start({ faults: { processingMs: 0 } });
const client = new ServiceClient(() => ({ baseUrl: sandbox.url, auth: staticToken(sandbox.token) }));
await client.uploadVoice({ mode: 'dictation', txnId: 'bench', file: await plainFileSource(join(work, 'minute.mp3'), 'minute.mp3', 'audio/mpeg') });
const lookups = 300;
const [, bareMs] = await timeAsync(async () => {
  for (let i = 0; i < lookups; i += 1) {
    const response = await request(`${sandbox.url}/voice/api/v3/status/bench`, { headers: { authorization: `Bearer ${sandbox.token}` } });
    JSON.parse(await response.body.text());
  }
});
const [, clientMs] = await timeAsync(async () => {
  for (let i = 0; i < lookups; i += 1) await client.getTranscriptionResult('bench');
});
rows.push([`${lookups} result lookups`, `${clientMs.toFixed(0)} ms client (validate + decode)`, `${bareMs.toFixed(0)} ms bare undici`, ratio(clientMs, bareMs)]);
await client.close();
await sandbox.stop();

console.log(`\nScribe Desk benchmarks (speech: ${minute.source}; Node ${process.version})\n`);
const widths = [0, 1, 2, 3].map((column) => Math.max(...[['measure', 'this build', 'baseline', 'ratio'], ...rows].map((row) => row[column]!.length)));
for (const row of [['measure', 'this build', 'baseline', 'ratio'] as const, ...rows]) {
  console.log(row.map((cell, column) => cell.padEnd(widths[column]!)).join('  '));
}
writeFileSync(join(process.cwd(), 'test-results', 'bench.json'), JSON.stringify(rows, null, 2));
rmSync(work, { recursive: true, force: true });
