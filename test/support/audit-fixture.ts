/** Audit trails for unit tests and the bench: a real trail in a folder, its keys sealed with a random master key, on a clock the test moves. */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { AuditTrail, type AuditTrailDeps } from '../../main/audit/audit-trail';
import type { SystemLog } from '../../main/audit/system-log';
import { TRAIL_FOLDER, trailFiles } from '../../main/audit/trail-files';
import { TrailKeys } from '../../main/audit/trail-keys';
import { SILENT_LOG } from '../../main/core/event-log';
import { SealedDocument } from '../../main/storage/sealed-document';
import { FakeClock } from './fake-clock';

/** A system log in memory: what it was given, and a problem to refuse with (null: it takes everything). */
export interface MemorySystemLog extends SystemLog {
  messages: string[];
  refusing: string | null;
}

export function memorySystemLog(): MemorySystemLog {
  const log: MemorySystemLog = {
    messages: [],
    refusing: null,
    name: () => 'the test log',
    write: async (message) => {
      if (log.refusing !== null) throw new Error(log.refusing);
      log.messages.push(message);
    },
  };
  return log;
}

export interface TestTrail {
  trail: AuditTrail;
  keys: TrailKeys;
  clock: FakeClock;
  systemLog: MemorySystemLog;
  /** The verification key the keys handed out when they were made (null when they were not made by this start). */
  verificationKey: string | null;
  /** The data folder's `audit/`. */
  folder: string;
  /** Opens the same folder again, as the next start of the app does. */
  reopen(overrides?: Partial<AuditTrailDeps>): TestTrail;
}

/** The trail keys in `<userData>/keys/audit.sealed`, sealed with `masterKey`. */
export function testTrailKeys(userData: string, masterKey: Buffer, readOnly = false, options: { now?: number; handOut?(trailKey: Buffer, text: string): void } = {}): TrailKeys {
  const trailExists = trailFiles(join(userData, TRAIL_FOLDER)).length > 0;
  return new TrailKeys(new SealedDocument(join(userData, 'keys', 'audit.sealed'), masterKey, null, 'audit trail keys'), { readOnly, trailExists, ...options });
}

export function testTrail(userData: string, options: { clock?: FakeClock; masterKey?: Buffer; deps?: Partial<AuditTrailDeps>; systemLog?: MemorySystemLog } = {}): TestTrail {
  const masterKey = options.masterKey ?? randomBytes(32);
  const clock = options.clock ?? new FakeClock(Date.UTC(2026, 7, 21, 9, 0, 0));
  const systemLog = options.systemLog ?? memorySystemLog();
  let verificationKey: string | null = null;
  const keys = testTrailKeys(userData, masterKey, false, { now: clock.now(), handOut: (_key, text) => (verificationKey = text) });
  const trail = new AuditTrail({
    userData,
    keys,
    clock,
    systemLog,
    // The test's clock moves as real time would: the monotonic clock moves with it.
    elapsed: () => clock.now(),
    who: () => ({ osUser: 'drtest', account: 'client test-clinic' }),
    machine: 'OPD-TEST-1',
    zone: 'Asia/Kolkata',
    app: '0.1.0-test',
    log: SILENT_LOG,
    ...options.deps,
  });
  trail.open();
  return {
    trail,
    keys,
    clock,
    systemLog,
    verificationKey,
    folder: join(userData, TRAIL_FOLDER),
    reopen: (overrides = {}) => testTrail(userData, { clock, masterKey, systemLog, deps: { ...options.deps, ...overrides } }),
  };
}
