/**
 * Utility process entry: the encoder (encoder-jobs.ts), off main's thread and out of main's
 * process. Not a worker thread in main: a Node worker that ends while V8 still compiles in the
 * background can deadlock, and main then never quits (nodejs/node#54918, seen with a full disk).
 * Main ends this process when it is idle or the app quits (shell/adapters/encoder-host.ts).
 */
import { runEncoderJob, type FromEncoder, type ToEncoder } from './encoder-jobs';

const port = process.parentPort;
port.on('message', ({ data }: { data: ToEncoder }) => {
  void runEncoderJob(data.job).then((answer) => port.postMessage({ id: data.id, ...answer } satisfies FromEncoder));
});
