/**
 * A sandbox on a `TestClock`, one per test file: `useSandbox`, but what has a time in the
 * sandbox (token and OTP lives, processing times) passes only when the test moves
 * `env.clock`, a new one for every test.
 */
import type { SandboxFaults, SandboxOptions } from '../../main/sandbox/sandbox-server';
import { useSandbox } from './sandbox-fixture';
import { TestClock } from './test-clock';

export function useClockedSandbox(faults: Partial<SandboxFaults> = {}, options: Pick<SandboxOptions, 'jweKeys'> = {}) {
  return useSandbox(faults, { clockPerTest: () => new TestClock(), jweKeys: options.jweKeys ?? {} });
}
