/**
 * Plain Node, no app: how long PvRecorder takes from start() to its first frame, cold (a
 * new instance) and warm (an instance started once before and stopped). Printed as JSON;
 * run by the benchmark in its own process.
 */
import { PvRecorder, firstFrameMs } from './plain-pvrecorder';

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
