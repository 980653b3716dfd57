/**
 * Plain Node, no app: the least any recorder does, as the baseline of the app's CPU while
 * recording. PvRecorder's frames read for `seconds` (argv 3) and written as they come to a WAV
 * file on disk, frames of `frameLength` (argv 2). Prints the share of one core the whole
 * process used meanwhile (every thread, PvRecorder's own too) as JSON; run by the benchmark in
 * its own process, in the same run as the app.
 */
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PvRecorder, firstFrameMs } from './plain-pvrecorder';

const frameLength = Number(process.argv[2] ?? 512);
const seconds = Number(process.argv[3] ?? 20);
const folder = mkdtempSync(join(tmpdir(), 'scribe-plain-recording-'));
const file = openSync(join(folder, 'recording.wav'), 'w');
// The header's sizes are left at zero: nothing reads this file, and writing them at the end costs nothing measurable.
writeSync(file, Buffer.alloc(44));
const recorder = new PvRecorder(frameLength, -1);
await firstFrameMs(recorder);
const wallStarted = performance.now();
const cpuStarted = process.cpuUsage();
while (performance.now() - wallStarted < seconds * 1000) {
  const frame = await recorder.read();
  writeSync(file, new Uint8Array(frame.buffer, frame.byteOffset, frame.byteLength));
}
const cpu = process.cpuUsage(cpuStarted);
const wall = performance.now() - wallStarted;
recorder.stop();
recorder.release();
closeSync(file);
rmSync(folder, { recursive: true, force: true });
process.stdout.write(JSON.stringify({ share: (cpu.user + cpu.system) / 1000 / wall }));
