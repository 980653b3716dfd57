/**
 * Start-up to a working Record against a bare Electron window, alone and quickly, for a
 * change to start-up: `RUNS=9 BEFORE=<a built checkout> xvfb-run -a node --import tsx
 * test/bench/startup-only.ts` (the same measure as npm run bench's, interleaved with the bare
 * window and the build before, in one run). Also the bare window with an empty utility process
 * beside it: the part of the app's start-up and memory that is Electron's own cost of the
 * process that owns the microphone.
 */
import { startupSamples, startupTimeline } from './app-measures';
const runs = Number(process.env.RUNS ?? 7);
const dirs = [process.cwd(), ...(process.env.BEFORE ? [process.env.BEFORE] : [])];
const { bare, bareWithUtility, apps } = await startupSamples(runs, dirs);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const msOf = (starts: Array<{ ms: number }>) => median(starts.map((start) => start.ms));
const kibOf = (starts: Array<{ memoryKiB: number }>) => median(starts.map((start) => start.memoryKiB));
const pssOf = (starts: Array<{ proportionalKiB: number | null }>) => median(starts.map((start) => start.proportionalKiB ?? NaN));
console.log(
  `bare ${msOf(bare).toFixed(0)} ms, ${(kibOf(bare) / 1024).toFixed(0)} MiB; ` +
    apps
      .map((starts, i) => `${i === 0 ? 'now' : 'before'} ${msOf(starts).toFixed(0)} ms (${(msOf(starts) / msOf(bare)).toFixed(2)}x), ${(kibOf(starts) / 1024).toFixed(0)} MiB (${(kibOf(starts) / kibOf(bare)).toFixed(2)}x)`)
      .join('; '),
);
console.log(
  `bare window with an empty utility process: ${msOf(bareWithUtility).toFixed(0)} ms (${(msOf(bareWithUtility) / msOf(bare)).toFixed(2)}x), ` +
    `${(kibOf(bareWithUtility) / 1024).toFixed(0)} MiB (${(kibOf(bareWithUtility) / kibOf(bare)).toFixed(2)}x), proportional ${(pssOf(bareWithUtility) / 1024).toFixed(0)} MiB (${(pssOf(bareWithUtility) / pssOf(bare)).toFixed(2)}x)`,
);
console.log(
  `proportional set size (shared pages counted once): bare ${(pssOf(bare) / 1024).toFixed(0)} MiB; ` +
    apps.map((starts, i) => `${i === 0 ? 'now' : 'before'} ${(pssOf(starts) / 1024).toFixed(0)} MiB (${(pssOf(starts) / pssOf(bare)).toFixed(2)}x)`).join('; '),
);
console.log(`now, median ms since the process began: ${startupTimeline(apps[0]!.map((start) => start.marks))}`);
