/**
 * What the page's script loads at start-up, however indirectly: no schema library (zod is
 * main's, for checking what comes in; the page only trusts main's answers) and nothing of
 * main. Each kilobyte the page compiles is on the way to the first working Record.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reachedGraph } from '../../../scripts/layers/import-graph';

const ROOT = resolve(import.meta.dirname, '../../..');
const PAGE_ENTRY = 'renderer/main.tsx';

describe('the page’s script', () => {
  const edges = reachedGraph(ROOT, [PAGE_ENTRY]);
  const loaded = edges.filter((edge) => !edge.typeOnly);

  it('loads no schema library, however indirectly', () => {
    const zod = loaded.filter((edge) => edge.to.kind === 'package' && edge.to.name === 'zod').map((edge) => edge.from);
    expect(zod, 'a module the page loads imports zod: move what the page needs out of the schema module').toEqual([]);
  });

  it('is followed through the page’s own files (the walk is not empty)', () => {
    const files = new Set(loaded.flatMap((edge) => (edge.to.kind === 'file' ? [edge.to.path] : [])));
    expect(files.size).toBeGreaterThan(50);
    expect([...files].some((file) => file.startsWith('contract/'))).toBe(true);
    expect([...files].filter((file) => file.startsWith('main/'))).toEqual([]);
  });
});
