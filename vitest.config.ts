import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts'],
    environment: 'node',
    // A test that waits on a real timer over 50 ms fails: it moves a clock instead.
    setupFiles: ['test/support/real-time-guard.ts'],
    testTimeout: 20_000,
    // A test waits for a state, never for a time: the limit only ends a wait that would never
    // end, long enough for a machine several times busier than this one (1 s by default).
    expect: { poll: { timeout: 10_000, interval: 20 } },
    pool: 'forks',
    // Every core (Vitest leaves one free by default): on a two-core machine one worker took
    // 195 s for the suite, two take 128 s, and every test holds under that load.
    maxWorkers: availableParallelism(),
  },
});
