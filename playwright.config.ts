import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: 'test/e2e',
  outputDir: 'test-results/e2e-output',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  // A click or a fill that cannot happen fails with what stood in its way, not as the whole test's timeout.
  use: { actionTimeout: 30_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
});
