/** A fresh temporary folder per test, removed afterwards. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';

const created: string[] = [];

afterEach(() => {
  while (created.length) rmSync(created.pop()!, { recursive: true, force: true });
});

export function tempFolder(prefix = 'scribe-unit-'): string {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  created.push(folder);
  return folder;
}
