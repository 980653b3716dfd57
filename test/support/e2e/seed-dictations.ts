/** Writes dictations straight into a data folder: as many as a busy clinic accumulates, or a few left by an earlier version. */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ItemKeyring } from '../../../main/storage/item-keyring';
import { SealedDocument } from '../../../main/storage/sealed-document';
import { toneWav } from '../../fixtures/tone-wav';

/**
 * Finished dictations as this version keeps them: labels in the keyring (sealed by a master
 * key kept in a user-only file, as the app does without an OS keyring), not in the manifests.
 */
export function seedDictations(userDataDir: string, count: number): void {
  const root = join(userDataDir, 'dictations');
  const master = randomBytes(32);
  mkdirSync(join(userDataDir, 'keys'), { recursive: true });
  writeFileSync(join(userDataDir, 'keys', 'master.json'), JSON.stringify({ version: 1, keptBy: 'file', key: master.toString('base64') }), { mode: 0o600 });
  const keyring = new ItemKeyring(join(userDataDir, 'keys', 'dictations.sealed'), master);
  const labels = new Map<string, string>();
  const start = Date.parse('2026-01-01T08:00:00Z');
  const states = ['completed', 'completed', 'completed', 'partial', 'failed'];
  for (let i = 0; i < count; i += 1) {
    const id = randomUUID();
    mkdirSync(join(root, id), { recursive: true });
    const manifest = manifestOf(id, new Date(start + i * 60_000), {
      label: '',
      state: states[i % states.length]!,
      durationMs: 30_000 + (i % 90) * 1000,
      uploadedAt: new Date(start + i * 60_000 + 40_000).toISOString(),
      finishedAt: new Date(start + i * 60_000 + 90_000).toISOString(),
    });
    writeFileSync(join(root, id, 'manifest.json'), JSON.stringify(manifest));
    labels.set(id, `Patient ${String(i).padStart(4, '0')}`);
  }
  keyring.batch(() => {
    for (const [id, label] of labels) keyring.create(id, label, true);
  });
}

/**
 * Writes dictations that were recorded and not yet sent (audio and manifest), as if a doctor
 * had recorded them offline with an earlier version (in clear): the app encrypts them and
 * sends them by itself once it starts.
 */
export function seedRecordedDictations(userDataDir: string, labels: string[]): void {
  const root = join(userDataDir, 'dictations');
  const audio = toneWav();
  const start = Date.now() - labels.length * 60_000;
  labels.forEach((label, i) => {
    const id = randomUUID();
    mkdirSync(join(root, id), { recursive: true });
    writeFileSync(join(root, id, 'audio.wav'), audio);
    const manifest = manifestOf(id, new Date(start + i * 60_000), { label, state: 'recorded', durationMs: 1000, uploadedAt: null, finishedAt: null });
    writeFileSync(join(root, id, 'manifest.json'), JSON.stringify(manifest));
  });
}

/** A seeded dictation's manifest: what every one holds, and what differs as given. */
function manifestOf(id: string, createdAt: Date, given: { label: string; state: string; durationMs: number; uploadedAt: string | null; finishedAt: string | null }) {
  return {
    version: 1,
    id,
    txnId: randomUUID(),
    previousTxnIds: [],
    createdAt: createdAt.toISOString(),
    mode: 'dictation',
    recovered: false,
    attempts: 0,
    nextAttemptAt: null,
    problem: null,
    uploadStartedAt: null,
    ...given,
  };
}

/** A patient as the seeded patients' file keeps them. */
export interface SeededPatient {
  id: string;
  label: string;
  name: string | null;
  age: number | null;
  sex: 'female' | 'male' | 'other' | null;
  abhaNumber: string | null;
}

/**
 * A clinic's morning written straight into a data folder: its patients (sealed as the app keeps
 * them) and a dictation in each state for them (recorded, processing, completed, partial,
 * failed, cancelled), so that every status is on screen at once.
 */
export function seedClinicMorning(userDataDir: string, patients: SeededPatient[]): void {
  const master = randomBytes(32);
  mkdirSync(join(userDataDir, 'keys'), { recursive: true });
  writeFileSync(join(userDataDir, 'keys', 'master.json'), JSON.stringify({ version: 1, keptBy: 'file', key: master.toString('base64') }), { mode: 0o600 });
  const at = new Date().toISOString();
  new SealedDocument(join(userDataDir, 'keys', 'patients.sealed'), master, null, 'patients kept').write({
    version: 1,
    patients: patients.map((patient) => ({ ...patient, abhaAddress: null, createdAt: at, seenAt: at })),
  });
  const keyring = new ItemKeyring(join(userDataDir, 'keys', 'dictations.sealed'), master);
  const states = ['recorded', 'processing', 'completed', 'partial', 'failed', 'cancelled'];
  const start = Date.now() - states.length * patients.length * 60_000;
  keyring.batch(() => {
    states.forEach((state, i) =>
      patients.forEach((patient, j) => {
        const id = randomUUID();
        mkdirSync(join(userDataDir, 'dictations', id), { recursive: true });
        const createdAt = new Date(start + (i * patients.length + j) * 60_000);
        const problem = state === 'failed' ? 'The service could not read this recording (sandbox test failure).' : null;
        writeFileSync(
          join(userDataDir, 'dictations', id, 'manifest.json'),
          JSON.stringify({ ...manifestOf(id, createdAt, { label: '', state, durationMs: 42_000, uploadedAt: null, finishedAt: null }), problem, testData: true }),
        );
        keyring.create(id, '', true, patient.id);
      }),
    );
  });
}
