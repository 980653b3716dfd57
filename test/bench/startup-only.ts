/**
 * Start-up to a working Record against a bare Electron window, alone and quickly, for a
 * change to start-up: `RUNS=9 BEFORE=<a built checkout> xvfb-run -a node --import tsx
 * test/bench/startup-only.ts` (the same measure as npm run bench's, interleaved with the bare
 * window and the build before, in one run).
 */
import { startupSamples } from './app-measures';
const runs = Number(process.env.RUNS ?? 7);
const dirs = [process.cwd(), ...(process.env.BEFORE ? [process.env.BEFORE] : [])];
const { bare, apps } = await startupSamples(runs, dirs);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
console.log(`bare ${median(bare).toFixed(0)} ms; ` + apps.map((samples, i) => `${i === 0 ? 'now' : 'before'} ${median(samples).toFixed(0)} ms (${(median(samples) / median(bare)).toFixed(2)}x)`).join('; '));
