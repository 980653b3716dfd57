/**
 * Plain Node, no app: how long PvRecorder takes from start() to its first frame, cold (a
 * new instance) and warm (an instance started once before and stopped). Printed as JSON;
 * run by the benchmark in its own process.
 */
import { createRequire } from 'node:module';
import type * as PvRecorderModule from '@picovoice/pvrecorder-node';

const { PvRecorder } = createRequire(import.meta.url)('@picovoice/pvrecorder-node') as typeof PvRecorderModule;

async function firstFrameMs(recorder: InstanceType<typeof PvRecorder>): Promise<number> {
  const started = performance.now();
  recorder.start();
  for (;;) {
    try {
      await recorder.read();
      return performance.now() - started;
    } catch {
      // read() fails now and then before the device delivers; try again.
    }
  }
}

const frameLength = Number(process.argv[2] ?? 1024);
const coldStarted = performance.now();
const recorder = new PvRecorder(frameLength, -1);
const created = performance.now() - coldStarted;
const cold = created + (await firstFrameMs(recorder));
recorder.stop();
const warm: number[] = [];
for (let i = 0; i < 10; i += 1) {
  await new Promise((resolve) => setTimeout(resolve, 150));
  warm.push(await firstFrameMs(recorder));
  recorder.stop();
}
recorder.release();
process.stdout.write(JSON.stringify({ cold, warm }));
