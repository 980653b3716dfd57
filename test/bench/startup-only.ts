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
import { medianRoundRatio, roundsNoSlower, startupSamples, startupTimeline } from './app-measures';
const runs = Number(process.env.RUNS ?? 7);
const dirs = [process.cwd(), ...(process.env.BEFORE ? process.env.BEFORE.split(',') : [])];
const busyDictations = Number(process.env.BUSY ?? 0);
const { bare, bareWithUtility, shell, apps, warm, cached, busy } = await startupSamples(runs, dirs, busyDictations);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const msOf = (starts: Array<{ ms: number }>) => median(starts.map((start) => start.ms));
const kibOf = (starts: Array<{ memoryKiB: number }>) => median(starts.map((start) => start.memoryKiB));
const pssOf = (starts: Array<{ proportionalKiB: number | null }>) => median(starts.map((start) => start.proportionalKiB ?? NaN));
const cpuOf = (starts: Array<{ cpuMs: number }>) => median(starts.map((start) => start.cpuMs));
/** "the app …" for this build, "the app before (<folder>) …" for a build before. */
const builds = (name: string, i: number) => (i === 0 ? `the app${name}` : `the app before (${dirs[i]})${name}`);
const rows = [
  ['bare window', bare],
  ['with an empty utility process', bareWithUtility],
  ['the shell (utility process, app:// page, preload call)', shell],
  ...apps.map((starts, i) => [builds('', i), starts] as const),
  ...warm.map((starts, i) => [builds(' started again (same data folder)', i), starts] as const),
  ...cached.map((starts, i) => [builds(" started a third time (the page from Chromium's code cache)", i), starts] as const),
  ...busy.map((starts, i) => [builds(` on a busy clinic's day (${busyDictations} dictations, third start or later)`, i), starts] as const),
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
for (const [i, starts] of apps.entries()) console.log(`${builds('', i)}: ${medianRoundRatio(starts, shell).toFixed(2)}x the shell, the median of each round's ratio`);
for (const [name, kind] of [[' started again', warm], [' started a third time', cached]] as const) {
  for (const [i, starts] of kind.entries()) {
    console.log(`${builds(name, i)}: ${medianRoundRatio(starts, shell).toFixed(2)}x the shell, ${medianRoundRatio(starts, apps[i]!).toFixed(2)}x its first start, the median of each round's ratio; no slower than its first start in ${roundsNoSlower(starts, apps[i]!)} rounds of ${starts.length}`);
  }
}
const byProcess = (starts: Array<{ cpuMsByProcess: Record<string, number> }>) =>
  [...new Set(starts.flatMap((start) => Object.keys(start.cpuMsByProcess)))]
    .map((kind) => `${kind} ${median(starts.map((start) => start.cpuMsByProcess[kind] ?? 0)).toFixed(0)}`)
    .join(', ');
for (const [name, starts] of rows) console.log(`${name}, median CPU ms by process: ${byProcess(starts)}`);
for (const [name, kind] of [['', apps], [' started again', warm], [' started a third time', cached], [" on a busy clinic's day", busy]] as const) {
  for (const [i, starts] of kind.entries()) console.log(`${builds(name, i)}, median ms since the process began: ${startupTimeline(starts.map((start) => start.marks))}`);
}
