/**
 * The Windows lane of `npm test` (started by scripts/windows-lane.sh, which installs Wine and
 * gives it a display): the app's Win32 code run by a Windows Node under Wine in one process
 * (test/wine/in-wine), and the installer's NSIS script compiled by makensis and run silently
 * under Wine (test/wine/installer), both reporting through the lane's node:test reporter. Its
 * counts go to test-results/windows.json, which scripts/summarize-results.mjs adds to the
 * final line; the logs stay in test-results/windows-lane/. `--skipped=<why>` writes a report
 * that says why the lane did not run; `--stubbed` runs every test with the app's Win32 modules
 * and the installer's script stood in, where each must fail. What Wine proves and what it
 * cannot: docs/packaging.md.
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundleInWine } from './in-wine-bundle';
import type { LaneTestResult } from './lane-reporter';
import { LANE_CACHE, basePrefix, windowsNode, wineTools } from './wine-cache';
import { runPrefix, runUnderWine, stopWine, windowsPath, type WineEnvironment } from './wine-process';

const CHECKOUT = join(import.meta.dirname, '..', '..');
const RESULTS = join(CHECKOUT, 'test-results');
const LOGS = join(RESULTS, 'windows-lane');
/** Each suite's limit: far above its usual 10-20 s, so that a stuck run ends inside the lane's 3 minutes. */
const IN_WINE_LIMIT_MS = 120_000;
const INSTALLER_LIMIT_MS = 60_000;

export interface LaneReport {
  passed: number;
  failed: number;
  skipped: number;
  /** Why the lane did not run, when it did not. */
  notRun?: string;
  failures: Array<{ name: string; message: string }>;
  seconds: number;
}

function writeReport(report: LaneReport): void {
  mkdirSync(RESULTS, { recursive: true });
  writeFileSync(join(RESULTS, 'windows.json'), `${JSON.stringify(report, null, 2)}\n`);
}

/** The results a suite's reporter wrote; a suite that ended without reporting (a crash, its time limit) is one failure. */
function resultsOf(file: string, suite: string, exit: { code: number | null }): LaneTestResult[] {
  const results = existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as LaneTestResult)
    : [];
  const failedAlone = exit.code !== 0 && !results.some((result) => result.status === 'failed');
  if (failedAlone) results.push({ name: suite, file: '', status: 'failed', message: exit.code === null ? 'stopped at its time limit' : `exited with ${exit.code} (see ${LOGS})` });
  return results;
}

/** The installer's tests, run by this computer's Node (through tsx), driving Wine. */
function runInstallerSuite(wine: WineEnvironment, results: string, stubbed: boolean): Promise<{ code: number | null }> {
  const output = openSync(join(LOGS, 'installer.spec.txt'), 'w');
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--test-reporter=spec', '--test-reporter-destination=stdout', '--test-reporter=./test/wine/lane-reporter.ts', `--test-reporter-destination=${results}`, 'test/wine/installer/policy-folder.test.ts'],
    {
      cwd: CHECKOUT,
      stdio: ['ignore', output, output],
      env: { ...process.env, SCRIBE_WINE_LANE: JSON.stringify(wine), ...(stubbed ? { SCRIBE_INSTALLER_INCLUDE: join(import.meta.dirname, 'stubs', 'installer.nsh') } : {}) },
    },
  );
  closeSync(output);
  return new Promise((resolve) => {
    const limit = setTimeout(() => child.kill('SIGKILL'), INSTALLER_LIMIT_MS);
    child.on('exit', (code, signal) => {
      clearTimeout(limit);
      resolve({ code: signal ? null : code });
    });
  });
}

/**
 * What a user could plant on Windows that Windows programs under Wine cannot make: a link in
 * the policy folder's place (C:\LinkedProgramData\ScribeDesk to C:\users\Public\planted), made
 * as a Unix symbolic link, which Wine shows as a reparse point. The in-Wine tests use it.
 */
function plantLinks(prefix: string): void {
  const driveC = join(prefix, 'drive_c');
  mkdirSync(join(driveC, 'users', 'Public', 'planted'), { recursive: true });
  mkdirSync(join(driveC, 'LinkedProgramData'), { recursive: true });
  symlinkSync(join(driveC, 'users', 'Public', 'planted'), join(driveC, 'LinkedProgramData', 'ScribeDesk'));
}

async function runLane(started: number, stubbed: boolean): Promise<LaneTestResult[]> {
  const step = (what: string) => console.log(`  ${what} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  const tools = wineTools();
  step(tools.version);
  const node = windowsNode(CHECKOUT);
  step(`Windows Node and koffi's Windows binary in ${LANE_CACHE}`);
  const base = basePrefix(tools);
  step(`the Wine prefix (${base})`);
  const runFolder = join(node.root, 'runs', String(process.pid));
  rmSync(runFolder, { recursive: true, force: true });
  mkdirSync(runFolder, { recursive: true });
  const wine: WineEnvironment = { tools, prefix: runPrefix(base, runFolder), logs: LOGS };
  plantLinks(wine.prefix);
  try {
    const bundle = await bundleInWine(runFolder, stubbed);
    step('the in-Wine tests bundled');
    const inWineResults = join(runFolder, 'in-wine.jsonl');
    const inWine = await runUnderWine(
      wine,
      'in-wine',
      node.nodeExe,
      [`--test-reporter=spec`, `--test-reporter-destination=${windowsPath(join(LOGS, 'in-wine.spec.txt'))}`, `--test-reporter=file:///${windowsPath(bundle.reporter).replace(/\\/g, '/')}`, `--test-reporter-destination=${windowsPath(inWineResults)}`, windowsPath(bundle.tests)],
      { timeoutMs: IN_WINE_LIMIT_MS, env: { SCRIBE_CHECKOUT: windowsPath(CHECKOUT) } },
    );
    step('the Win32 tests ran under Wine');
    const installerResults = join(runFolder, 'installer.jsonl');
    const installer = await runInstallerSuite(wine, installerResults, stubbed);
    step("the installer's tests ran");
    for (const file of ['in-wine.spec.txt', 'installer.spec.txt']) if (existsSync(join(LOGS, file))) process.stdout.write(readFileSync(join(LOGS, file), 'utf8'));
    return [...resultsOf(inWineResults, 'the in-Wine tests', inWine), ...resultsOf(installerResults, "the installer's tests", installer)];
  } finally {
    stopWine(wine);
    rmSync(runFolder, { recursive: true, force: true });
  }
}

function reportOf(results: LaneTestResult[], started: number): LaneReport {
  const failed = results.filter((result) => result.status === 'failed');
  return {
    passed: results.filter((result) => result.status === 'passed').length,
    failed: failed.length,
    skipped: results.filter((result) => result.status === 'skipped').length,
    failures: failed.map((result) => ({ name: result.name, message: result.message ?? '' })),
    seconds: Math.round((Date.now() - started) / 100) / 10,
  };
}

/** `--stubbed`: every test must fail with the app's Win32 modules stood in; exits 1 naming any that passed. */
function judgeStubbed(results: LaneTestResult[]): void {
  const passed = results.filter((result) => result.status === 'passed');
  for (const result of passed) console.log(`  ✗ passed with Win32 stood in: ${result.name}`);
  console.log(`Windows lane, Win32 stood in: ${results.length - passed.length} of ${results.length} tests failed, as every one must`);
  if (passed.length > 0) process.exitCode = 1;
}

async function main(): Promise<void> {
  const skipped = process.argv.find((argument) => argument.startsWith('--skipped='));
  if (skipped) {
    writeReport({ passed: 0, failed: 0, skipped: 0, notRun: skipped.slice('--skipped='.length), failures: [], seconds: 0 });
    return;
  }
  const stubbed = process.argv.includes('--stubbed');
  const started = Date.now();
  rmSync(LOGS, { recursive: true, force: true });
  mkdirSync(LOGS, { recursive: true });
  let results: LaneTestResult[];
  try {
    results = await runLane(started, stubbed);
  } catch (error) {
    results = [{ name: 'the Windows lane', file: '', status: 'failed', message: (error as Error).message }];
  }
  if (stubbed) return judgeStubbed(results);
  const report = reportOf(results, started);
  writeReport(report);
  for (const failure of report.failures) console.log(`  ✗ ${failure.name}: ${failure.message}`);
  console.log(`Windows lane: ${report.passed} passed, ${report.failed} failed${report.skipped ? `, ${report.skipped} skipped` : ''} in ${report.seconds} s`);
}

await main();
