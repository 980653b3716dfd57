import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    // A test waits for a state, never for a time: the limit only ends a wait that would never
    // end, long enough for a machine several times busier than this one (1 s by default).
    expect: { poll: { timeout: 10_000, interval: 20 } },
    pool: 'forks',
  },
});
