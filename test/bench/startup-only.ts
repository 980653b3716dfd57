/**
 * Start-up to a working Record against a bare Electron window, alone and quickly, for a
 * change to start-up: `RUNS=9 BEFORE=<a built checkout> [BUSY=5000] xvfb-run -a node --import tsx
 * test/bench/startup-only.ts` (the same measure as npm run bench's, interleaved with the bare
 * window and the build before, in one run; several builds before, comma-separated). Also the
 * bare window with an empty utility process beside it (Electron's own cost of the process that
 * owns the microphone), and the shell the architecture requires (that process, the page by
 * app://, a preload whose call main answers): what the app's own code adds is measured against
 * the shell. `BUSY=<n>`: also the daily start of a busy clinic, its folder holding n finished
 * dictations (the bench's other starts begin with an empty folder).
 */
import { medianRoundRatio, startupSamples, startupTimeline } from './app-measures';
const runs = Number(process.env.RUNS ?? 7);
const dirs = [process.cwd(), ...(process.env.BEFORE ? process.env.BEFORE.split(',') : [])];
const busyDictations = Number(process.env.BUSY ?? 0);
const { bare, bareWithUtility, shell, apps, warm, cached, busy } = await startupSamples(runs, dirs, busyDictations);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const msOf = (starts: Array<{ ms: number }>) => median(starts.map((start) => start.ms));
const kibOf = (starts: Array<{ memoryKiB: number }>) => median(starts.map((start) => start.memoryKiB));
const pssOf = (starts: Array<{ proportionalKiB: number | null }>) => median(starts.map((start) => start.proportionalKiB ?? NaN));
const cpuOf = (starts: Array<{ cpuMs: number }>) => median(starts.map((start) => start.cpuMs));
const rows = [
  ['bare window', bare],
  ['with an empty utility process', bareWithUtility],
  ['the shell (utility process, app:// page, preload call)', shell],
  ...apps.map((starts, i) => [i === 0 ? 'the app' : `the app before (${dirs[i]})`, starts] as const),
  ['the app started again (same data folder)', warm],
  ["the app started a third time (the page from Chromium's code cache)", cached],
  ...busy.map((starts, i) => [`a busy clinic's day (${busyDictations} dictations, third start or later)${i === 0 ? '' : `, the app before (${dirs[i]})`}`, starts] as const),
] as const;
const times = (value: number, of: number) => `${(value / of).toFixed(2)}x`;
for (const [name, starts] of rows) {
  console.log(
    `${name}: ${msOf(starts).toFixed(0)} ms (${times(msOf(starts), msOf(bare))} bare, ${times(msOf(starts), msOf(shell))} shell), ` +
      `${(kibOf(starts) / 1024).toFixed(0)} MiB (${times(kibOf(starts), kibOf(bare))} bare, ${times(kibOf(starts), kibOf(shell))} shell), ` +
      `proportional ${(pssOf(starts) / 1024).toFixed(0)} MiB (${times(pssOf(starts), pssOf(bare))} bare), ` +
      `CPU of every process ${cpuOf(starts).toFixed(0)} ms (${times(cpuOf(starts), cpuOf(shell))} shell)`,
  );
}
for (const [name, starts] of [...apps.map((starts, i) => [i === 0 ? 'the app' : `the app before (${dirs[i]})`, starts] as const), ['the app started again', warm], ['the app started a third time', cached]] as const) {
  console.log(`${name}: ${medianRoundRatio(starts, shell).toFixed(2)}x the shell, the median of each round's ratio`);
}
const byProcess = (starts: Array<{ cpuMsByProcess: Record<string, number> }>) =>
  [...new Set(starts.flatMap((start) => Object.keys(start.cpuMsByProcess)))]
    .map((kind) => `${kind} ${median(starts.map((start) => start.cpuMsByProcess[kind] ?? 0)).toFixed(0)}`)
    .join(', ');
for (const [name, starts] of rows) console.log(`${name}, median CPU ms by process: ${byProcess(starts)}`);
for (const [i, starts] of apps.entries()) {
  console.log(`${i === 0 ? 'the app' : `the app before (${dirs[i]})`}, median ms since the process began: ${startupTimeline(starts.map((start) => start.marks))}`);
}
console.log(`the app started again, median ms since the process began: ${startupTimeline(warm.map((start) => start.marks))}`);
console.log(`the app started a third time, median ms since the process began: ${startupTimeline(cached.map((start) => start.marks))}`);
for (const [i, starts] of busy.entries()) console.log(`a busy clinic's day${i === 0 ? '' : ` (${dirs[i]})`}, median ms since the process began: ${startupTimeline(starts.map((start) => start.marks))}`);
