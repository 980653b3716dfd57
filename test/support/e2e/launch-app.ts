/**
 * Starts the built app (out/) in real Electron with its own temporary data folder and its
 * own policy file, so that every test begins from a clean, named state.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { _electron as electron, type ElectronApplication, type Page } from '@playwright/test';
// @ts-expect-error: plain JavaScript helper shared with the npm scripts.
import { electronExecutable } from '../../../scripts/electron-path.mjs';

export const ROOT = resolve(import.meta.dirname, '../../..');
export const SCREENSHOTS = join(ROOT, 'test-results', 'screenshots');

export interface LaunchOptions {
  /** Reuse a data folder (to test a restart); a new one otherwise. */
  userDataDir?: string;
  /** Policy as an object (written as JSON) or raw text (to test a broken file); null: no `--policy` at all (the machine's alone). Default: empty policy. */
  policy?: object | string | null;
  env?: Record<string, string>;
  args?: string[];
  /**
   * The patient of the visit, chosen through the bridge once the window shows (a bed or token
   * label), so that Record and the shortcuts record at once; null: nobody is chosen, as a fresh
   * start is (the tests of the visit itself). Default: "Test patient".
   */
  patient?: string | null;
}

/** The visit's patient the launches choose unless told otherwise. */
export const TEST_PATIENT = 'Test patient';

export interface LaunchedApp {
  app: ElectronApplication;
  page: Page;
  userDataDir: string;
  policyFile: string;
}

/** Every folder newDataFolder made in this process, removed when it ends (a test that ends early leaves nothing behind). */
const madeFolders = new Set<string>();
process.on('exit', () => {
  for (const folder of madeFolders) {
    try {
      rmSync(folder, { recursive: true, force: true });
    } catch (error) {
      // A folder that cannot go (a test's disk still mounted on it) must not fail the run that made it.
      console.warn(`Left ${folder}: ${(error as Error).message}`);
    }
  }
});

export function newDataFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'scribe-e2e-'));
  madeFolders.add(folder);
  return folder;
}

export function appArguments(userDataDir: string, policyFile: string | null, extra: string[] = []): string[] {
  const args = [ROOT, `--user-data-dir=${userDataDir}`, ...(policyFile === null ? [] : [`--policy=${policyFile}`]), ...extra];
  // Chromium will not run as root with its own sandbox; CI here runs as root.
  if (process.getuid?.() === 0) args.push('--no-sandbox');
  return args;
}

/** The Electron the tests start the app with (scripts/electron-path.mjs). */
export const electronPath = (): string => electronExecutable() as string;

/**
 * Playwright's attach to Electron's inspector occasionally stalls at start (about one launch
 * in fifty here, before any app code matters); a stalled attach is retried once, the test
 * itself never is.
 */
export async function launchElectron(args: string[], env: Record<string, string>): Promise<ElectronApplication> {
  const attempt = () => electron.launch({ executablePath: electronPath(), args, env, timeout: 25_000 });
  const app = await attempt().catch((error: unknown) => {
    if (!(error instanceof Error) || error.name !== 'TimeoutError') throw error;
    console.warn('electron.launch stalled while attaching; trying once more');
    return attempt();
  });
  return evaluatingAgainWhenCollected(app);
}

/**
 * Playwright awaits every evaluation in main as a promise that V8's inspector holds weakly, and
 * a garbage collection in a busy main may take it before its value comes back ("Resulting promise
 * was garbage collected", seen once in CI on a synchronous read, and in the bench twice in a row
 * on one start's read of its metrics): that evaluation is run again, up to three times, a moment
 * apart, and said. The tests' evaluations in main read state or set it
 * to a value, so running one again changes nothing.
 */
const EVALUATIONS_AGAIN = 3;

function evaluatingAgainWhenCollected(app: ElectronApplication): ElectronApplication {
  const evaluate = app.evaluate.bind(app) as (pageFunction: unknown, arg?: unknown) => Promise<unknown>;
  const again = async (pageFunction: unknown, arg?: unknown) => {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await evaluate(pageFunction, arg);
      } catch (error) {
        if (attempt === EVALUATIONS_AGAIN || !(error instanceof Error) || !error.message.includes('Resulting promise was garbage collected')) throw error;
        console.warn("electronApplication.evaluate: main's garbage collector took the result before it came back; evaluating once more");
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  };
  app.evaluate = again as ElectronApplication['evaluate'];
  return app;
}

export async function launchApp(options: LaunchOptions = {}): Promise<LaunchedApp> {
  const userDataDir = options.userDataDir ?? newDataFolder();
  const policyFile = join(mkdtempSync(join(tmpdir(), 'scribe-policy-')), 'policy.json');
  const policy = options.policy === undefined ? {} : options.policy;
  if (policy !== null) writeFileSync(policyFile, typeof policy === 'string' ? policy : JSON.stringify(policy));
  const app = await launchElectron(appArguments(userDataDir, policy === null ? null : policyFile, options.args), {
    ...(process.env as Record<string, string>),
    SCRIBE_LOG_CONSOLE: '0',
    ...options.env,
  });
  const page = await app.firstWindow();
  await page.getByTestId('service-badge').waitFor();
  const patient = options.patient === undefined ? TEST_PATIENT : options.patient;
  if (patient !== null) await visitFor(page, patient);
  return { app, page, userDataDir, policyFile };
}

/** Makes a patient with this bed or token label (or the one already kept) the patient of the visit, as "Which patient?" would. */
export async function visitFor(page: Page, label: string): Promise<void> {
  const chosen = await page.evaluate(async (wanted) => {
    const known = await window.scribe.listPatients();
    const existing = known.ok ? known.value.patients.find((patient) => patient.label === wanted && patient.name === null) : undefined;
    if (existing) return window.scribe.choosePatient({ id: existing.id });
    return window.scribe.savePatient({ patient: { label: wanted, name: null, age: null, sex: null, abhaNumber: null, abhaAddress: null }, choose: true });
  }, label);
  if (!chosen.ok) throw new Error(`The patient "${label}" could not be chosen: ${chosen.error.message}`);
  await page.getByTestId('chosen-patient').filter({ hasText: label }).waitFor();
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}
