/** Writes finished dictations straight into a data folder, as many as a busy clinic accumulates. */
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function seedDictations(userDataDir: string, count: number): void {
  const root = join(userDataDir, 'dictations');
  const start = Date.parse('2026-01-01T08:00:00Z');
  const states = ['completed', 'completed', 'completed', 'partial', 'failed'];
  for (let i = 0; i < count; i += 1) {
    const id = randomUUID();
    mkdirSync(join(root, id), { recursive: true });
    const manifest = {
      version: 1,
      id,
      txnId: randomUUID(),
      previousTxnIds: [],
      createdAt: new Date(start + i * 60_000).toISOString(),
      label: `Patient ${String(i).padStart(4, '0')}`,
      mode: 'dictation',
      state: states[i % states.length],
      recovered: false,
      durationMs: 30_000 + (i % 90) * 1000,
      attempts: 0,
      nextAttemptAt: null,
      problem: null,
      uploadStartedAt: null,
      uploadedAt: new Date(start + i * 60_000 + 40_000).toISOString(),
      finishedAt: new Date(start + i * 60_000 + 90_000).toISOString(),
    };
    writeFileSync(join(root, id, 'manifest.json'), JSON.stringify(manifest));
  }
}
