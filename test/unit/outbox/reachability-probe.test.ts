/**
 * What the reachability probe tells the service's health, on a clock the test moves. The
 * question itself is the test's own function, answering as the service client does (a
 * `ServiceError` of each kind): which errors say "no way through" is this file's subject; the
 * real question against the sandbox is in outbox-host.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { ServiceError, type ServiceErrorKind } from '../../../main/api/service-error';
import { PROBE_EVERY_MS, ReachabilityProbe } from '../../../main/outbox/reachability-probe';
import { ServiceHealth } from '../../../main/service/service-health';
import { FakeClock } from '../../support/fake-clock';

/** A probe whose questions the test answers one by one. */
function rig(options: { online?: boolean; waiting?: boolean } = {}) {
  const clock = new FakeClock();
  const health = new ServiceHealth();
  const questions: Array<{ signal: AbortSignal; answer(): void; fail(kind: ServiceErrorKind): void }> = [];
  const probe = new ReachabilityProbe({
    health,
    clock,
    random: () => 0.5,
    isOnline: () => options.online ?? true,
    waiting: () => options.waiting ?? true,
    probe: (signal) =>
      new Promise<void>((resolve, reject) => {
        questions.push({ signal, answer: () => resolve(), fail: (kind) => reject(new ServiceError(kind, `the service said ${kind}`)) });
      }),
  });
  return { clock, health, probe, questions };
}

/** Promise continuations run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('ReachabilityProbe', () => {
  it('asked at once, tells the health that the service cannot be reached on a network error or a timeout', async () => {
    for (const kind of ['network', 'timeout'] as const) {
      const { health, probe, questions } = rig();
      probe.start();
      probe.askNow();
      questions[0]!.fail(kind);
      await settle();
      expect(health.current()).toMatchObject({ reachable: false, problem: `the service said ${kind}` });
    }
  });

  it('asked at once, takes any other failure for an answer that is not about reaching it, and an answer for one', async () => {
    const { health, probe, questions } = rig();
    probe.start();
    probe.askNow();
    questions[0]!.fail('server_error');
    await settle();
    expect(health.current().reachable).toBe(true);
    health.unreachable('down');
    probe.askNow();
    questions[1]!.answer();
    await settle();
    expect(health.current()).toMatchObject({ reachable: true, reached: true, problem: null });
  });

  it('asks once at a time, and not while offline, on hold or stopped', async () => {
    const { health, probe, questions } = rig();
    probe.askNow();
    expect(questions).toHaveLength(0);
    probe.start();
    probe.askNow();
    probe.askNow();
    expect(questions).toHaveLength(1);
    health.signInRefused('refused');
    questions[0]!.answer();
    await settle();
    probe.askNow();
    expect(questions).toHaveLength(1);
    const offline = rig({ online: false });
    offline.probe.start();
    offline.probe.askNow();
    expect(offline.questions).toHaveLength(0);
  });

  it('stopped while asking, tells nothing of what the question found', async () => {
    const { health, probe, questions } = rig();
    probe.start();
    probe.askNow();
    probe.stop();
    expect(questions[0]!.signal.aborted).toBe(true);
    questions[0]!.fail('network');
    await settle();
    expect(health.current().reachable).toBe(true);
  });

  it('every few seconds, asks only while the service is unreachable and something waits, until it answers', async () => {
    const { clock, health, probe, questions } = rig();
    probe.start();
    await clock.advance(PROBE_EVERY_MS * 3);
    expect(questions).toHaveLength(0);
    health.unreachable('down');
    await clock.advance(PROBE_EVERY_MS);
    expect(questions).toHaveLength(1);
    questions[0]!.fail('network');
    await clock.advance(PROBE_EVERY_MS);
    expect(questions).toHaveLength(2);
    questions[1]!.answer();
    await clock.advance(PROBE_EVERY_MS * 3);
    expect(health.current().reachable).toBe(true);
    expect(questions).toHaveLength(2);
    probe.stop();
    expect(clock.pending).toBe(0);

    const idle = rig({ waiting: false });
    idle.probe.start();
    idle.health.unreachable('down');
    await idle.clock.advance(PROBE_EVERY_MS * 3);
    expect(idle.questions).toHaveLength(0);
  });
});
