/** Audit trails for unit tests and the bench: a real trail in a folder, its keys sealed with a random master key, on a clock the test moves. */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { AuditTrail, type AuditTrailDeps } from '../../main/audit/audit-trail';
import { TRAIL_FOLDER } from '../../main/audit/trail-files';
import { TrailKeys } from '../../main/audit/trail-keys';
import { SILENT_LOG } from '../../main/core/event-log';
import { SealedDocument } from '../../main/storage/sealed-document';
import { FakeClock } from './fake-clock';

export interface TestTrail {
  trail: AuditTrail;
  keys: TrailKeys;
  clock: FakeClock;
  /** The data folder's `audit/`. */
  folder: string;
  /** Opens the same folder again, as the next start of the app does. */
  reopen(overrides?: Partial<AuditTrailDeps>): TestTrail;
}

/** The trail keys in `<userData>/keys/audit.sealed`, sealed with `masterKey`. */
export function testTrailKeys(userData: string, masterKey: Buffer, readOnly = false): TrailKeys {
  return new TrailKeys(new SealedDocument(join(userData, 'keys', 'audit.sealed'), masterKey, null, 'audit trail keys'), { readOnly });
}

export function testTrail(userData: string, options: { clock?: FakeClock; masterKey?: Buffer; deps?: Partial<AuditTrailDeps> } = {}): TestTrail {
  const masterKey = options.masterKey ?? randomBytes(32);
  const clock = options.clock ?? new FakeClock(Date.UTC(2026, 7, 21, 9, 0, 0));
  const keys = testTrailKeys(userData, masterKey);
  const trail = new AuditTrail({
    userData,
    keys,
    clock,
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
    folder: join(userData, TRAIL_FOLDER),
    reopen: (overrides = {}) => testTrail(userData, { clock, masterKey, deps: { ...options.deps, ...overrides } }),
  };
}
