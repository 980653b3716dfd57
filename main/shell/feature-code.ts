/**
 * The features' code, loaded a part at a time with main's thread handed back to Chromium in
 * between. The page's process waits on this thread at start-up (to set up drawing its first
 * frame, through the GPU process), and one load of all the code held the page up by all of it,
 * about 100 ms (docs/benchmarks.md).
 */

import type * as Features from './features';

/** Lets Chromium's own tasks on main's thread run before the next step. */
const handBack = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Each part, in the order the features need them: zod's setting (before any schema is made), the schemas, the settings and data keys, then one feature at a time. */
const PARTS = [
  () => import('../../contract/schemas-without-eval'),
  () => import('../../contract/settings'),
  () => import('./features/settings-feature'),
  () => import('./features/audit-feature'),
  () => import('./features/service-feature'),
  () => import('./features/patients-feature'),
  () => import('./features/dictation-feature'),
];

/** The features' code, loaded; main's thread handed back once more before they are built. */
export async function loadFeatureCode(): Promise<typeof Features> {
  for (const part of PARTS) {
    await part();
    await handBack();
  }
  const features = await import('./features');
  await handBack();
  return features;
}
