// PvRecorder alone, in plain Node, as the app's recorder process uses it (frames of 512,
// the default microphone): prints "first" the moment its first frame is read, records for
// the time given (ms), then writes what it recorded (16 kHz, 16-bit mono) to the file given.
// The tone test starts a tone at "first", as it does at the app's "speak now": where the
// tone lands shows what the microphone and the sound server hold back before the first
// frame, without the app.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const { PvRecorder } = createRequire(import.meta.url)('@picovoice/pvrecorder-node');
const [output, seconds] = [process.argv[2], Number(process.argv[3] ?? 1500)];
const recorder = new PvRecorder(512, -1);
recorder.start();
const frames = [];
const started = Date.now();
while (Date.now() - started < 5000) {
  try {
    frames.push(await recorder.read());
    if (frames.length === 1) process.stdout.write('first\n');
    if (Date.now() - started > seconds && frames.length > 1) break;
  } catch {
    // read() fails now and then before the device delivers; try again.
  }
}
recorder.stop();
recorder.release();
const samples = new Int16Array(frames.reduce((sum, frame) => sum + frame.length, 0));
let offset = 0;
for (const frame of frames) {
  samples.set(frame, offset);
  offset += frame.length;
}
writeFileSync(output, Buffer.from(samples.buffer));
