/**
 * Measures of a built app (`out/` of a checkout: this one by default), driven as a person
 * would through Playwright under the virtual display and microphone: start-up to a working
 * Record button against a bare Electron window, Record → "speak now" by button and by
 * global shortcut, CPU while recording, and Stop → the result on screen by the sessions API.
 * Each returns raw samples; run.ts prints medians and ratios.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ElectronApplication, Page } from '@playwright/test';
import { parseStartupLine, STARTUP_LINE } from '../../main/core/startup-marks';
import { SandboxServer } from '../../main/sandbox/sandbox-server';
import { electronPath, launchElectron, ROOT } from '../support/e2e/launch-app';
import { seedDictations } from '../support/e2e/seed-dictations';

const BARE_APP = join(ROOT, 'test', 'bench', 'bare-window');
export const SPEAK_NOW = 'Recording — speak now';

export function launch(args: string[]): Promise<ElectronApplication> {
  return launchElectron(args, { ...(process.env as Record<string, string>), SCRIBE_LOG_CONSOLE: '0' });
}

/** Chromium will not run as root with its own sandbox; CI here runs as root. */
const ROOT_ARGS = process.getuid?.() === 0 ? ['--no-sandbox'] : [];

/** Every start's data folder and policy, removed when the bench ends. */
const STARTS = mkdtempSync(join(tmpdir(), 'scribe-bench-starts-'));
process.on('exit', () => rmSync(STARTS, { recursive: true, force: true }));
const newDataFolder = () => mkdtempSync(join(STARTS, 'data-'));

/** The app in `appDir`, with a new data folder and `policy`. */
export function scribeArgs(appDir: string, policy: object = { autoSync: false }): string[] {
  const userDataDir = newDataFolder();
  const policyFile = join(mkdtempSync(join(STARTS, 'policy-')), 'policy.json');
  writeFileSync(policyFile, JSON.stringify(policy));
  return [appDir, `--user-data-dir=${userDataDir}`, `--policy=${policyFile}`, ...ROOT_ARGS];
}

/** The app in `appDir` with a new data folder, `policy` and more of the environment, once its Record button works. */
export async function launchAppFor(policy: object, env: Record<string, string> = {}, appDir = ROOT): Promise<{ app: ElectronApplication; page: Page }> {
  const app = await launchElectron(scribeArgs(appDir, policy), { ...(process.env as Record<string, string>), SCRIBE_LOG_CONSOLE: '0', ...env });
  const page = await app.firstWindow();
  await page.getByRole('button', { name: /^(● )?Record$/ }).waitFor();
  await inPage(page, appRecordWorks);
  return { app, page };
}

/** One start: milliseconds from launch until `ready` resolves on the first window, and the memory of all its processes then. */
interface Start {
  ms: number;
  /** Working set of every process of the app (main, page, GPU, network, utility), KiB. */
  memoryKiB: number;
  /**
   * The same processes' proportional set size, KiB (Linux): each page shared between them
   * (Electron's own code, mapped in every one) counted once in all, not once in each. Null
   * where /proc cannot say.
   */
  proportionalKiB: number | null;
  /**
   * CPU time every process of the app has used by then, ms (Chromium's count, in steps of
   * 10 ms): on a machine with few cores, what start-up cannot take less wall time than.
   */
  cpuMs: number;
  /** The same, by kind of process (Browser for main, Tab for the page, GPU, Utility: its name). */
  cpuMsByProcess: Record<string, number>;
}

/** The summed `Pss` of /proc/<pid>/smaps_rollup, or null where a process has none. */
function proportionalKiBOf(pids: number[]): number | null {
  try {
    const sum = pids.reduce((total, pid) => total + Number(/^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? NaN), 0);
    return Number.isFinite(sum) ? sum : null;
  } catch {
    return null;
  }
}

/** `settled`: what the start does after it is ready and before its memory and CPU are read and it is closed. */
async function timeToReady(args: string[], ready: (page: Page) => Promise<unknown>, settled: () => Promise<void> = async () => {}): Promise<Start> {
  const started = performance.now();
  const app = await launch(args);
  const page = await app.firstWindow();
  await ready(page);
  const elapsed = performance.now() - started;
  await settled();
  const metrics = await app.evaluate(({ app: electronApp }) =>
    electronApp.getAppMetrics().map((metric) => ({
      pid: metric.pid,
      kind: metric.type === 'Utility' ? (metric.name ?? metric.serviceName ?? 'Utility') : metric.type,
      kib: metric.memory.workingSetSize,
      cpuSeconds: metric.cpu.cumulativeCPUUsage ?? 0,
    })),
  );
  const memoryKiB = metrics.reduce((sum, metric) => sum + metric.kib, 0);
  const proportionalKiB = proportionalKiBOf(metrics.map((metric) => metric.pid));
  const cpuMs = metrics.reduce((sum, metric) => sum + metric.cpuSeconds * 1000, 0);
  const cpuMsByProcess: Record<string, number> = {};
  for (const { kind, cpuSeconds } of metrics) cpuMsByProcess[kind] = (cpuMsByProcess[kind] ?? 0) + cpuSeconds * 1000;
  await app.close();
  return { ms: elapsed, memoryKiB, proportionalKiB, cpuMs, cpuMsByProcess };
}

/**
 * Runs `wait` in the page until it resolves, again if a navigation replaced the page meanwhile.
 * (Playwright's waitForFunction cannot wait on an asynchronous check: it takes the promise
 * the check returns for a truthy answer.)
 */
async function inPage(page: Page, wait: () => Promise<void>): Promise<void> {
  for (;;) {
    try {
      await page.evaluate(wait);
      return;
    } catch (error) {
      if (!/context was destroyed|navigat/i.test(String(error))) throw error;
    }
  }
}

// Written without inner named functions: the page gets these functions' source as is.

/**
 * Until a visible button reads "Record" (the bare window's), checked each frame; in the shell
 * (`--as-app-shell`, whose preload gives the page its bridge) also until main answers its call.
 */
async function bareButtonWorks(): Promise<void> {
  for (;;) {
    const shown = [...document.querySelectorAll('button')].some((button) => button.textContent === 'Record' && button.getClientRects().length > 0);
    const bridge = (window as unknown as { bare?: { ping(): Promise<string> } }).bare;
    if (shown && (!bridge || (await bridge.ping()) === 'pong')) return;
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
}

/** Until the app's Record button is visible and main answers that the recorder is idle, checked each frame. */
async function appRecordWorks(): Promise<void> {
  for (;;) {
    const button = [...document.querySelectorAll('button')].find((candidate) => candidate.textContent?.trim().endsWith('Record'));
    const bridge = (window as Partial<Window>).scribe;
    if (button && button.getClientRects().length > 0 && bridge) {
      const recorder = await bridge.getRecorder();
      if (recorder.ok && recorder.value.state === 'idle') return;
    }
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
}

/**
 * Start-up to the point where the Record button works, for each app in `appDirs`, and a bare
 * Electron window to its button, in turn (the apps' order turning each round); all with a
 * new data folder, all waited for in the same way (a check in the page, each frame). For an
 * app, "works" also means main answers for the recorder, so that a press would start it.
 * With each app's start, the moments its log notes on the way (main/core/startup-marks.ts).
 */
export interface StartupSamples {
  bare: Start[];
  /** The bare window with an empty utility process started beside it, as the app starts its recorder's. */
  bareWithUtility: Start[];
  /** The shell the architecture requires: that utility process, the page by app://, a preload whose call main answers. */
  shell: Start[];
  apps: Array<Array<Start & { marks: Map<string, number> }>>;
  /** Each build started again at once with the same data folder, as `apps`: Chromium writes its code cache for the page at this start. */
  warm: Array<Array<Start & { marks: Map<string, number> }>>;
  /** And a third time: the page compiled from that cache, as at every start of a clinic's day after its first two. */
  cached: Array<Array<Start & { marks: Map<string, number> }>>;
  /** Each build's daily start in a busy clinic's data folder (`busyDictations` finished ones, already started twice), as `apps`; empty when none was asked for. */
  busy: Array<Array<Start & { marks: Map<string, number> }>>;
}

/** One start of the bare window, with `switches` (bare-window/main.cjs), to its working button. */
function bareStart(...switches: string[]): Promise<Start> {
  return timeToReady([BARE_APP, `--user-data-dir=${newDataFolder()}`, ...switches, ...ROOT_ARGS], (page) => inPage(page, bareButtonWorks));
}

const dataFolderOf = (args: string[]) => args.find((arg) => arg.startsWith('--user-data-dir='))!.slice('--user-data-dir='.length);

/** A data folder holding `dictations` finished dictations, started twice already: the next start is a clinic's usual day. */
async function busyFolderArgs(dictations: number, appDir: string): Promise<string[]> {
  const args = scribeArgs(appDir);
  seedDictations(dataFolderOf(args), dictations);
  for (let i = 0; i < 2; i += 1) await appStart(args);
  return args;
}

export async function startupSamples(runs: number, appDirs: string[] = [ROOT], busyDictations = 0): Promise<StartupSamples> {
  const busyArgs: string[][] = [];
  if (busyDictations > 0) for (const appDir of appDirs) busyArgs.push(await busyFolderArgs(busyDictations, appDir));
  const busy: StartupSamples['busy'] = busyArgs.map(() => []);
  const bare: Start[] = [];
  const bareWithUtility: Start[] = [];
  const shell: Start[] = [];
  const apps = appDirs.map((): StartupSamples['apps'][number] => []);
  const warm = appDirs.map((): StartupSamples['warm'][number] => []);
  const cached = appDirs.map((): StartupSamples['cached'][number] => []);
  for (let i = 0; i < runs; i += 1) {
    bare.push(await bareStart());
    bareWithUtility.push(await bareStart('--with-utility-process'));
    shell.push(await bareStart('--as-app-shell'));
    // The builds' order turns each round, so that neither always starts right after the other.
    const order = [...appDirs.entries()];
    if (i % 2 === 1) order.reverse();
    for (const [index, appDir] of order) {
      const args = scribeArgs(appDir);
      apps[index]!.push(await appStart(args));
      const busyStart = busyArgs[index];
      if (busyStart) busy[index]!.push(await appStart(busyStart));
      for (const again of [warm[index]!, cached[index]!]) again.push(await appStart(args));
    }
  }
  return { bare, bareWithUtility, shell, apps, warm, cached, busy };
}

/** The middle value (the upper of the two middle ones for an even count). */
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * The median over the rounds of each round's ratio of `starts` to `baseline` (both lists in round
 * order, as `startupSamples` gives them): each pair started one after the other, so a machine that
 * slows down or speeds up over the run moves both sides of a ratio, not one median.
 */
export function medianRoundRatio(starts: Array<{ ms: number }>, baseline: Array<{ ms: number }>): number {
  return median(starts.map((start, round) => start.ms / baseline[round]!.ms));
}

/** In how many rounds `starts` took no longer than `baseline` in the same round (lists in round order). */
export function roundsNoSlower(starts: Array<{ ms: number }>, baseline: Array<{ ms: number }>): number {
  return starts.filter((start, round) => start.ms <= baseline[round]!.ms).length;
}

/** The median of each start-up moment over the runs, in the order of the first run: "app ready 214 ms, …". */
export function startupTimeline(runs: Array<Map<string, number>>): string {
  const names = [...(runs[0]?.keys() ?? [])];
  return names.map((name) => `${name} ${Math.round(median(runs.flatMap((marks) => marks.get(name) ?? [])))} ms`).join(', ');
}

/**
 * One start of the app to its working Record, with the moments its log noted. Record works once
 * the recorder's process is ready too: a start whose recorder was ready after main answered for
 * Record is counted to that moment. (Builds before 30 Nov do not note it; their recorder started
 * with the window, and they say their start-up at main's answer.)
 */
async function appStart(args: string[]): Promise<Start & { marks: Map<string, number> }> {
  const userData = dataFolderOf(args);
  const linesBefore = startupLinesIn(userData).length;
  const saidThisStart = async () => {
    // The line is written once both are there: the app stays open until it is (at most 10 s).
    for (let waited = 0; startupLinesIn(userData).length === linesBefore && waited < 10_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
  };
  const start = await timeToReady(args, (page) => inPage(page, appRecordWorks), saidThisStart);
  const line = startupLinesIn(userData)[linesBefore];
  const marks = line ? parseStartupLine(line) : new Map<string, number>();
  const recorderLate = (marks.get('recorder ready') ?? 0) - (marks.get('Record answered') ?? Infinity);
  return { ...start, ms: start.ms + Math.max(0, recorderLate), marks };
}

/** The start-up lines of the log in a data folder, one a start (none from a build before the marks). */
function startupLinesIn(userData: string): string[] {
  try {
    return readFileSync(join(userData, 'logs', 'main.log'), 'utf8').split('\n').filter((text) => text.includes(STARTUP_LINE));
  } catch {
    return [];
  }
}

/**
 * The patient of the visit, chosen through the bridge as "Which patient?" would: Record then
 * records at once, as it does for a doctor in the middle of a visit.
 */
export async function benchVisit(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^(● )?Record$/ }).waitFor({ timeout: 60_000 });
  await page.evaluate(async () => {
    const made = await window.scribe.savePatient({ patient: { label: 'Bench patient', name: null, age: null, sex: null, abhaNumber: null, abhaAddress: null }, choose: true });
    if (!made.ok) throw new Error(made.error.message);
  });
}

/** Presses Record in the page and resolves with page-clock milliseconds until "speak now" shows. */
export function pressRecordInPage(page: Page): Promise<number> {
  return page.evaluate(
    (speakNow) =>
      new Promise<number>((resolve, reject) => {
        const button = [...document.querySelectorAll('button')].find((candidate) => candidate.textContent?.trim().endsWith('Record'))!;
        const started = performance.now();
        // Held on window so it lives as long as the wait, whatever React re-renders.
        const observer = new MutationObserver(() => {
          if (document.querySelector('[data-testid="recorder-state"]')?.textContent?.includes(speakNow)) {
            observer.disconnect();
            resolve(performance.now() - started);
          }
        });
        (window as unknown as { benchObserver: MutationObserver }).benchObserver = observer;
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        button.click();
        setTimeout(() => reject(new Error(`No "speak now" within 20 s; the screen says: ${document.querySelector('.recorder')?.textContent ?? ''}`)), 20_000);
      }),
    SPEAK_NOW,
  );
}

/** Wall-clock time (shared by this process and the page) when "speak now" shows. */
function speakNowShownAt(page: Page): Promise<number> {
  return page.evaluate(
    (speakNow) =>
      new Promise<number>((resolve, reject) => {
        const observer = new MutationObserver(() => {
          if (document.querySelector('[data-testid="recorder-state"]')?.textContent?.includes(speakNow)) {
            observer.disconnect();
            resolve(Date.now());
          }
        });
        (window as unknown as { benchObserver: MutationObserver }).benchObserver = observer;
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        setTimeout(() => reject(new Error(`No "speak now" within 20 s; the screen says: ${document.querySelector('.recorder')?.textContent ?? ''}`)), 20_000);
      }),
    SPEAK_NOW,
  );
}

export async function stopRecording(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^(■ )?Stop$/ }).click();
  await page.getByTestId('recorder-state').filter({ hasText: 'Ready to record' }).waitFor();
  // A second between recordings, as between two patients.
  await page.waitForTimeout(1000);
}

/** Record pressed while the app is still starting: as soon as the button exists. */
export async function pressDuringStartup(appDir = ROOT): Promise<number> {
  const early = await launch(scribeArgs(appDir));
  const earlyPage = await early.firstWindow();
  await benchVisit(earlyPage);
  const ms = await pressRecordInPage(earlyPage);
  await early.close();
  return ms;
}

/** CPU seconds used so far by one process (Linux /proc: user + system time). */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

export async function appPids(app: ElectronApplication): Promise<Array<{ pid: number; type: string; name: string }>> {
  return app.evaluate(({ app: electronApp }) => electronApp.getAppMetrics().map((metric) => ({ pid: metric.pid, type: metric.type, name: metric.name ?? '' })));
}

export interface CpuWhileRecording {
  /** Share of one core used by main and the recorder process while recording. */
  recording: number;
  /** Of which the recorder process. */
  recorder: number;
  /** The same processes over the same time, the app idle. */
  idle: number;
  /** Every process of the app (main, page, GPU, audio, network, recorder) over the same time, idle. */
  idleAll: number;
  seconds: number;
}

/** CPU of main and the recorder process over `seconds` of recording, against the same time idle (`policy`: how it records; sending off by default). */
export async function cpuWhileRecording(seconds: number, appDir = ROOT, policy: object = { autoSync: false }): Promise<CpuWhileRecording> {
  const app = await launch(scribeArgs(appDir, policy));
  const page = await app.firstWindow();
  await benchVisit(page);
  await page.getByRole('button', { name: /^(● )?Record$/ }).waitFor();
  await inPage(page, appRecordWorks);
  // Once, so that a recorder process kept warm exists for the idle measure too.
  await pressRecordInPage(page);
  await stopRecording(page);
  // Past the start-up's background work, as a clinic leaves the app open between patients.
  await page.waitForTimeout(5_000);
  const all = (await appPids(app)).map((process) => process.pid);
  const watched = (await appPids(app)).filter((process) => process.type === 'Browser' || process.type === 'Utility').map((process) => process.pid);
  const total = () => watched.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
  const totalAll = () => all.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
  let before = total();
  const beforeAll = totalAll();
  await page.waitForTimeout(seconds * 1000);
  const idle = (total() - before) / seconds;
  const idleAll = (totalAll() - beforeAll) / seconds;
  await pressRecordInPage(page);
  const recorderPids = (await appPids(app)).filter((process) => process.type === 'Utility').map((process) => process.pid);
  for (const pid of recorderPids) if (!watched.includes(pid)) watched.push(pid);
  const recorderTotal = () => recorderPids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
  before = total();
  const recorderBefore = recorderTotal();
  await page.waitForTimeout(seconds * 1000);
  const recording = (total() - before) / seconds;
  const recorder = (recorderTotal() - recorderBefore) / seconds;
  await stopRecording(page);
  await app.close();
  return { recording, recorder, idle, idleAll, seconds };
}

/**
 * CPU of every process of the app left alone, with no test driver attached (Playwright's
 * connection to main and the page costs CPU of its own): started by itself, measured over
 * `seconds` once `settleSeconds` have passed, as a clinic leaves it open between patients. Linux.
 */
export async function idleAlone(seconds: number, settleSeconds: number, appDir = ROOT): Promise<number> {
  const args = scribeArgs(appDir);
  const dataFolder = dataFolderOf(args);
  const app = spawn(electronPath(), args, { stdio: 'ignore', env: { ...process.env, SCRIBE_LOG_CONSOLE: '0' } });
  try {
    await new Promise((resolve) => setTimeout(resolve, settleSeconds * 1000));
    // Every process started with this data folder: main and each one Chromium started for it (they are given the folder too).
    const pids = readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .filter((pid) => {
        try {
          return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(dataFolder);
        } catch {
          return false;
        }
      })
      .map(Number);
    if (pids.length === 0) throw new Error('The app left alone was not found running.');
    const total = () => pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
    const before = total();
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    return (total() - before) / seconds;
  } finally {
    // Quit, and waited for, before its data folder is removed with the others.
    if (app.exitCode === null && app.signalCode === null) {
      const ended = new Promise((resolve) => app.once('exit', resolve));
      app.kill();
      await ended;
    }
  }
}

export interface PressesInARow {
  /** Recordings there are at the end: one per press that started one. */
  started: number;
  /** Record → "speak now" of each press that showed it (ms). */
  latencies: number[];
  /** Presses after which "speak now" never showed. */
  missed: number;
}

/**
 * `count` presses in a row, by button and by shortcut (from another program) in turn, each
 * recording stopped the other way after a moment of speech, the next press after the next gap
 * of `gapsMs` (in turn). Every press must start a recording.
 */
export async function pressesInARow(count: number, gapsMs: number[], appDir = ROOT): Promise<PressesInARow> {
  const app = await launch(scribeArgs(appDir, { autoSync: false, recordShortcut: 'CommandOrControl+Alt+R', recordCues: true }));
  const page = await app.firstWindow();
  await benchVisit(page);
  await page.getByRole('button', { name: /^(● )?Record$/ }).waitFor();
  await inPage(page, appRecordWorks);
  const shortcut = async () => {
    await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.blur());
    execFileSync('xdotool', ['key', 'ctrl+alt+r']);
  };
  const latencies: number[] = [];
  let missed = 0;
  for (let index = 0; index < count; index += 1) {
    const byButton = index % 2 === 0;
    try {
      if (byButton) {
        latencies.push(await pressRecordInPage(page));
      } else {
        const shown = speakNowShownAt(page);
        const pressed = Date.now();
        await shortcut();
        latencies.push((await shown) - pressed);
      }
    } catch {
      missed += 1;
      continue;
    }
    await page.waitForTimeout(400);
    if (byButton) await shortcut();
    else await page.getByRole('button', { name: /^(■ )?Stop$/ }).click();
    await page.getByTestId('recorder-state').filter({ hasText: 'Ready to record' }).waitFor();
    await page.waitForTimeout(gapsMs[index % gapsMs.length]!);
  }
  const listed = await page.evaluate(async () => {
    const answer = await (window as unknown as { scribe: { listDictations(): Promise<{ ok: boolean; value?: unknown[] }> } }).scribe.listDictations();
    return answer.ok ? (answer.value?.length ?? 0) : -1;
  });
  await app.close();
  return { started: listed, latencies, missed };
}

export interface ClinicPresses {
  /** The first press after start-up, once Record works. */
  firstPress: number;
  /** Each press: the gap after the last Stop (ms), how it was pressed, and Record → "speak now" (ms). */
  presses: Array<{ gapMs: number; by: 'button' | 'shortcut'; ms: number }>;
}

/** Record → "speak now" as a clinic presses it: a few seconds of speech, Stop, then the next press after each gap, by button and by shortcut in turn. */
export async function clinicPressSamples(gapsMs: number[], options: { appDir?: string; speechMs?: number; cues?: boolean } = {}): Promise<ClinicPresses> {
  const { appDir = ROOT, speechMs = 3_000, cues = true } = options;
  // Sending on, as in a clinic: each dictation goes to the built-in sandbox while the next patient comes.
  const app = await launch(scribeArgs(appDir, { autoSync: true, recordShortcut: 'CommandOrControl+Alt+R', recordCues: cues }));
  const page = await app.firstWindow();
  await benchVisit(page);
  await page.getByRole('button', { name: /^(● )?Record$/ }).waitFor();
  await inPage(page, appRecordWorks);
  const firstPress = await pressRecordInPage(page);
  const presses: ClinicPresses['presses'] = [];
  for (const [index, gapMs] of gapsMs.entries()) {
    await page.waitForTimeout(speechMs);
    await page.getByRole('button', { name: /^(■ )?Stop$/ }).click();
    await page.getByTestId('recorder-state').filter({ hasText: 'Ready to record' }).waitFor();
    await page.waitForTimeout(gapMs);
    const by = index % 2 === 0 ? 'button' : 'shortcut';
    if (by === 'button') {
      presses.push({ gapMs, by, ms: await pressRecordInPage(page) });
    } else {
      // From another program, as the shortcut is meant to be used.
      await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.blur());
      const shown = speakNowShownAt(page);
      const pressed = Date.now();
      execFileSync('xdotool', ['key', 'ctrl+alt+r']);
      presses.push({ gapMs, by, ms: (await shown) - pressed });
    }
  }
  await page.waitForTimeout(speechMs);
  await page.getByRole('button', { name: /^(■ )?Stop$/ }).click();
  await app.close();
  return { firstPress, presses };
}

/** Clicks Stop in the page and resolves with wall-clock times (shared by this process, the page and the sandbox) of the click and of the Medications table of the dictation labelled `label` showing (under the visit's patient, or none). */
function stopUntilResultShown(page: Page, label: string): Promise<{ pressedAt: number; shownAt: number }> {
  return page.evaluate(
    (wanted) =>
      new Promise<{ pressedAt: number; shownAt: number }>((resolve, reject) => {
        const stop = [...document.querySelectorAll('button')].find((candidate) => candidate.textContent?.trim().endsWith('Stop'));
        if (!stop) {
          reject(new Error(`No Stop button; the screen says: ${document.querySelector('[data-testid="recorder-state"]')?.textContent ?? ''}`));
          return;
        }
        let pressedAt = 0;
        // Held on window so it lives as long as the wait, whatever React re-renders.
        const observer = new MutationObserver(() => {
          const detail = document.querySelector('section[aria-label="Dictation details"]');
          const table = detail?.querySelector('table[aria-label="Medications"]');
          // The heading says whose the dictation is, then its label ("Bench patient — Bench result 1").
          const heading = detail?.querySelector('h2')?.textContent ?? '';
          if (pressedAt > 0 && (heading === wanted || heading.endsWith(` — ${wanted}`)) && table && table.getClientRects().length > 0) {
            observer.disconnect();
            resolve({ pressedAt, shownAt: Date.now() });
          }
        });
        (window as unknown as { benchObserver: MutationObserver }).benchObserver = observer;
        observer.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
        pressedAt = Date.now();
        stop.click();
        setTimeout(() => {
          observer.disconnect();
          reject(new Error(`No result on screen within 120 s of Stop; the dictation says: ${document.querySelector('section[aria-label="Dictation details"]')?.textContent ?? ''}`));
        }, 120_000);
      }),
    label,
  );
}

export interface StopToResult {
  /** The service's own processing time (the sandbox's `processingMs`, counted from End). */
  processingMs: number;
  /** Per dictation: Stop → the Medications table visible, minus `processingMs`. */
  afterProcessing: number[];
  /** Per dictation: Stop → the sandbox received End. */
  endAfterStop: number[];
  /** Per dictation: parts the sandbox had received before Stop, and in all. */
  partsBeforeStop: number[];
  parts: number[];
}

/**
 * Stop → the result on screen, less the service's own processing time, for dictations sent
 * by the sessions API (as new installs send them) to a sandbox of this process's own, over
 * loopback and unthrottled: the speech comes from the virtual microphone, `speechSeconds` of
 * it each, a new label for each, one app for all of them. What is left is the app's own
 * part: the last part cut and sent, End, the result looked up (about once a second after
 * End, so up to a lookup's wait after the result is ready), decoded, stored and drawn. The
 * Stop is clicked and the table watched in the page; the sandbox's clock is the same wall
 * clock, which gives the End's share.
 */
export async function stopToResultOnScreen(runs: number, options: { processingMs?: number; speechSeconds?: number; appDir?: string } = {}): Promise<StopToResult> {
  const { processingMs = 1_500, speechSeconds = 15, appDir = ROOT } = options;
  const sandbox = await SandboxServer.start({ faults: { processingMs } });
  const figures: StopToResult = { processingMs, afterProcessing: [], endAfterStop: [], partsBeforeStop: [], parts: [] };
  const accepted = (operation: string) => sandbox.received.filter((request) => request.operation === operation && (request.status ?? 0) < 300);
  try {
    const app = await launch(
      scribeArgs(appDir, { service: 'custom', customServiceUrl: sandbox.url, accessToken: sandbox.token, transcriptionApi: 'sessions', autoSync: true }),
    );
    try {
      const page = await app.firstWindow();
      await benchVisit(page);
      await inPage(page, appRecordWorks);
      for (let run = 0; run < runs; run += 1) {
        const label = `Bench result ${run + 1}`;
        const earlierParts = accepted('sessionPart').length;
        await page.getByLabel('Label (optional)').fill(label);
        await pressRecordInPage(page);
        await page.waitForTimeout(speechSeconds * 1000);
        const ends = accepted('sessionEnd').length;
        const { pressedAt, shownAt } = await stopUntilResultShown(page, label);
        const end = accepted('sessionEnd')[ends];
        if (!end || accepted('voiceUpload').length > 0) throw new Error('Stop → result: the dictation did not go by the sessions API (no End, or a voice upload).');
        figures.afterProcessing.push(shownAt - pressedAt - processingMs);
        figures.endAfterStop.push(end.at - pressedAt);
        const parts = accepted('sessionPart').slice(earlierParts);
        figures.partsBeforeStop.push(parts.filter((request) => request.at < pressedAt).length);
        figures.parts.push(parts.length);
        await page.getByTestId('recorder-state').filter({ hasText: 'Ready to record' }).waitFor();
        // A second between patients.
        await page.waitForTimeout(1000);
      }
    } finally {
      await app.close();
    }
  } finally {
    await sandbox.stop();
  }
  return figures;
}

/** The first call of each feature that wakes when first asked, and the same call again, made as soon as Record works (ms, in the page). */
export interface FirstUse {
  operation: string;
  first: number;
  again: number;
}

/** One operation of each sleeping feature (main/shell/feature-wakes.ts), asked by the page as a doctor's first use would, `runs` starts each; medians. */
export async function firstUses(runs: number, appDir = ROOT): Promise<FirstUse[]> {
  const operations = ['getRegistration', 'listDocuments', 'getHealthRecordQuestions', 'listLabReports', 'getUpdateStatus'];
  const samples = new Map<string, { first: number[]; again: number[] }>(operations.map((operation) => [operation, { first: [], again: [] }]));
  for (let run = 0; run < runs; run++) {
    // Each operation first on a fresh start: the one asked first pays for its feature's waking.
    for (const operation of operations) {
      const { app, page } = await launchAppFor({ autoSync: false }, {}, appDir);
      // No named function inside: the page has no __name of the test's transpiler.
      const { first, again } = await page.evaluate(async (name) => {
        const scribe = (window as unknown as { scribe: Record<string, () => Promise<{ ok: boolean }>> }).scribe;
        const times: number[] = [];
        for (let call = 0; call < 2; call++) {
          const began = performance.now();
          if (!(await scribe[name]!()).ok) throw new Error(`${name} was refused`);
          times.push(performance.now() - began);
        }
        return { first: times[0] ?? NaN, again: times[1] ?? NaN };
      }, operation);
      samples.get(operation)!.first.push(first);
      samples.get(operation)!.again.push(again);
      await app.close();
    }
  }
  return operations.map((operation) => ({ operation, first: median(samples.get(operation)!.first), again: median(samples.get(operation)!.again) }));
}
