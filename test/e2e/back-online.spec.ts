/**
 * Back online: two dictations recorded while the service cannot be reached reach it within
 * 15 s of its return, on every path a dictation takes: the voice upload, the sessions API
 * (parts, then End), and a service that refuses sessions (the app falls back to the voice
 * upload). The outage is each path's sandbox stopped and started again on the same port, as
 * a clinic's link goes down and comes back; it lasts a minute (SCRIBE_OUTAGE_SECONDS sets
 * another length) so that every wait the app keeps has grown as it does in a clinic.
 *
 * The three paths share one outage, as three consulting rooms share one clinic's link: each
 * has its own app and its own sandbox, and all three record at once from the one virtual
 * microphone. Each path is then its own test of what was measured for it.
 */
import type { DictationSummary } from '../../contract/dictation';
import { SandboxServer, type SandboxFaults } from '../../main/sandbox/sandbox-server';
import { bridgeValue, closeApps, expect, test } from '../support/e2e/fixtures';
import { launchApp, type LaunchedApp } from '../support/e2e/launch-app';
import { customService } from '../support/e2e/policies';
import { recordFor } from '../support/e2e/recording';
import { startVirtualMicrophone, type VirtualMicrophone } from '../support/e2e/virtual-microphone';

const OUTAGE_MS = Number(process.env.SCRIBE_OUTAGE_SECONDS ?? '60') * 1000;
/** Every waiting dictation reaches the service this soon after it is back. */
const WITHIN_MS = 15_000;

interface Path {
  title: string;
  policy: Record<string, unknown>;
  faults: Partial<SandboxFaults>;
  /** How long each dictation is spoken. */
  speakMs: number;
  /** When each dictation's audio was all at the service (the sandbox's receipt times), once it is. */
  reached(back: SandboxServer): number[];
}

const accepted = (sandbox: SandboxServer, operation: string) => sandbox.received.filter((request) => request.operation === operation && (request.status ?? 0) < 300);

/** Each way a dictation reaches the service, and what says it got there. */
const PATHS: Path[] = [
  {
    title: 'voice upload: both dictations recorded during an outage reach the service within 15 s of its return',
    policy: { transcriptionApi: 'voice-upload' },
    faults: {},
    speakMs: 2_000,
    reached: (back) => accepted(back, 'voiceUpload').map((request) => request.at),
  },
  {
    title: 'sessions: every part and End of both dictations reach the service within 15 s of its return',
    policy: { transcriptionApi: 'sessions' },
    faults: {},
    speakMs: 6_000,
    reached: (back) => accepted(back, 'sessionEnd').map((request) => request.at),
  },
  {
    title: 'a service that refuses sessions: both dictations fall back to the voice upload and reach it within 15 s of its return',
    policy: { transcriptionApi: 'sessions' },
    faults: { sessionsApi: 'off' },
    speakMs: 6_000,
    reached: (back) => accepted(back, 'voiceUpload').map((request) => request.at),
  },
];

/** What one path did once its service was back: how long after each dictation reached it (ms), or what went wrong. */
const outcomes = new Map<Path, number[] | Error>();
const apps: LaunchedApp[] = [];
const sandboxes: SandboxServer[] = [];
let microphone: VirtualMicrophone | undefined;

const dictationStates = (app: LaunchedApp) => bridgeValue(app.page, 'listDictations').then((items: DictationSummary[]) => items.map((item) => item.state));

/** After the service's return at `cameBack`: how long after it each dictation reached `back`; both then complete. */
async function afterReturn(path: Path, app: LaunchedApp, back: SandboxServer, cameBack: number): Promise<number[]> {
  await expect.poll(() => path.reached(back).length, { timeout: OUTAGE_MS + 120_000, intervals: [250] }).toBe(2);
  const delays = path.reached(back).map((at) => at - cameBack);
  console.log(`${path.title.split(':')[0]}: outage ${OUTAGE_MS / 1000} s, reached the service ${delays.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(' and ')} after it came back`);
  await expect.poll(() => dictationStates(app), { timeout: 60_000 }).toEqual(['completed', 'completed']);
  await expect(app.page.getByTestId('pending-sync')).toHaveText('Nothing waiting to sync');
  return delays;
}

// One outage measures every path; a path that fails leaves the others' verdicts to be read in the log.
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(OUTAGE_MS + 240_000);
  microphone = startVirtualMicrophone();
  for (const path of PATHS) {
    const sandbox = await SandboxServer.start({ faults: { processingMs: 300, ...path.faults } });
    sandboxes.push(sandbox);
    const app = await launchApp({ policy: customService(sandbox, path.policy) });
    apps.push(app);
    await expect(app.page.getByTestId('connection')).toHaveText('Online', { timeout: 20_000 });
  }
  const down = sandboxes.slice(0, PATHS.length);
  await Promise.all(down.map((sandbox) => sandbox.stop()));
  const wentDown = Date.now();

  await Promise.all(
    apps.map(async (app, index) => {
      await recordFor(app.page, 'Outage one', PATHS[index]!.speakMs);
      await recordFor(app.page, 'Outage two', PATHS[index]!.speakMs);
    }),
  );
  for (const { page } of apps) {
    await expect(page.getByTestId('connection')).toHaveText('Service unreachable', { timeout: 30_000 });
    await expect(page.getByTestId('pending-sync')).toHaveText('2 waiting to sync');
  }
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, wentDown + OUTAGE_MS - Date.now())));

  const back = await Promise.all(down.map((sandbox, index) => SandboxServer.start({ port: Number(new URL(sandbox.url).port), token: sandbox.token, faults: { processingMs: 300, ...PATHS[index]!.faults } })));
  const cameBack = Date.now();
  sandboxes.push(...back);
  await Promise.all(
    PATHS.map((path, index) =>
      afterReturn(path, apps[index]!, back[index]!, cameBack).then(
        (delays) => outcomes.set(path, delays),
        (error: unknown) => outcomes.set(path, error instanceof Error ? error : new Error(String(error))),
      ),
    ),
  );
});

test.afterAll(async () => {
  await closeApps(apps);
  await Promise.all(sandboxes.map((sandbox) => sandbox.stop()));
  microphone?.stop();
});

for (const path of PATHS) {
  test(path.title, () => {
    const outcome = outcomes.get(path);
    if (outcome instanceof Error) throw outcome;
    expect(outcome).toHaveLength(2);
    for (const delay of outcome!) expect(delay).toBeLessThanOrEqual(WITHIN_MS);
  });
}
