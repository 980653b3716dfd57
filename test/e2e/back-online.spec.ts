/**
 * Back online: two dictations recorded while the service cannot be reached reach it within
 * 15 s of its return, on every path a dictation takes: the voice upload, the sessions API
 * (parts, then End), and a service that refuses sessions (the app falls back to the voice
 * upload). The outage is the sandbox stopped and started again on the same port, as a
 * clinic's link goes down and comes back; it lasts a minute (SCRIBE_OUTAGE_SECONDS sets
 * another length) so that every wait the app keeps has grown as it does in a clinic.
 */
import type { Page } from '@playwright/test';
import type { DictationSummary } from '../../contract/dictation';
import type { SandboxFaults, SandboxServer } from '../../main/sandbox/sandbox-server';
import { bridgeValue, expect, test } from '../support/e2e/fixtures';
import type { LaunchedApp, LaunchOptions } from '../support/e2e/launch-app';
import { customService } from '../support/e2e/policies';
import { recordFor } from '../support/e2e/recording';

const OUTAGE_MS = Number(process.env.SCRIBE_OUTAGE_SECONDS ?? '60') * 1000;
/** Every waiting dictation reaches the service this soon after it is back. */
const WITHIN_MS = 15_000;

test.setTimeout(OUTAGE_MS + 180_000);

const dictations = (page: Page): Promise<DictationSummary[]> => bridgeValue(page, 'listDictations');

interface Path {
  policy: Record<string, unknown>;
  faults: Partial<SandboxFaults>;
  /** How long each dictation is spoken. */
  speakMs: number;
  /** When each dictation's audio was all at the service (the sandbox's receipt times), once it is. */
  reached(back: SandboxServer): number[];
}

const accepted = (sandbox: SandboxServer, operation: string) => sandbox.received.filter((request) => request.operation === operation && (request.status ?? 0) < 300);

/**
 * Records two dictations during an outage of OUTAGE_MS, brings the service back on the same
 * port, and returns how long after its return each dictation reached it (ms); both then complete.
 */
async function outageAndReturn(launch: (options: LaunchOptions) => Promise<LaunchedApp>, startSandbox: (options?: object) => Promise<SandboxServer>, path: Path): Promise<number[]> {
  const sandbox = await startSandbox({ faults: { processingMs: 300, ...path.faults } });
  const { port } = new URL(sandbox.url);
  const { page } = await launch({ policy: customService(sandbox, path.policy) });
  await expect(page.getByTestId('connection')).toHaveText('Online', { timeout: 20_000 });
  await sandbox.stop();
  const wentDown = Date.now();

  await recordFor(page, 'Outage one', path.speakMs);
  await recordFor(page, 'Outage two', path.speakMs);
  await expect(page.getByTestId('connection')).toHaveText('Service unreachable', { timeout: 30_000 });
  await expect(page.getByTestId('pending-sync')).toHaveText('2 waiting to sync');
  await page.waitForTimeout(Math.max(0, wentDown + OUTAGE_MS - Date.now()));

  const back = await startSandbox({ port: Number(port), token: sandbox.token, faults: { processingMs: 300, ...path.faults } });
  const cameBack = Date.now();
  await expect.poll(() => path.reached(back).length, { timeout: OUTAGE_MS + 120_000, intervals: [250] }).toBe(2);
  const delays = path.reached(back).map((at) => at - cameBack);
  console.log(`outage ${OUTAGE_MS / 1000} s: reached the service ${delays.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(' and ')} after it came back`);
  await expect.poll(async () => (await dictations(page)).map((item) => item.state), { timeout: 60_000 }).toEqual(['completed', 'completed']);
  await expect(page.getByTestId('pending-sync')).toHaveText('Nothing waiting to sync');
  return delays;
}

/** Each way a dictation reaches the service, and what says it got there. */
const PATHS: Array<Path & { title: string }> = [
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

for (const path of PATHS) {
  test(path.title, async ({ launch, startSandbox, microphone: _microphone }) => {
    const delays = await outageAndReturn(launch, startSandbox, path);
    for (const delay of delays) expect(delay).toBeLessThanOrEqual(WITHIN_MS);
  });
}
