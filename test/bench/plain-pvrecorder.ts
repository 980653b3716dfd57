/**
 * PvRecorder as plain Node loads it, for the benchmark's baselines run in their own process
 * (pvrecorder-probe.ts, plain-recording.ts).
 */
import { createRequire } from 'node:module';
import type * as PvRecorderModule from '@picovoice/pvrecorder-node';

export const { PvRecorder } = createRequire(import.meta.url)('@picovoice/pvrecorder-node') as typeof PvRecorderModule;

/** The longest a started recorder may take to give its first frame. */
const FIRST_FRAME_LATEST_MS = 5_000;

/** Starts `recorder` and reads its first frame: the ms that took. read() fails now and then before the device delivers, and is tried again. */
export async function firstFrameMs(recorder: InstanceType<typeof PvRecorder>): Promise<number> {
  const started = performance.now();
  recorder.start();
  for (;;) {
    try {
      await recorder.read();
      return performance.now() - started;
    } catch (error) {
      if (performance.now() - started > FIRST_FRAME_LATEST_MS) throw error;
    }
  }
}
