/**
 * The audit trail, assembled: opened with its keys from the data folder, given to every
 * feature as the writer its hooks write to, following the sign-in (who is signed in, and
 * sign-in and sign-out entries), recording the machine policy at each start, keeping the files
 * within retention, and answering Settings with the doctor's own recent activity. A trail that
 * cannot be opened (its keys locked, a disk that refuses it) stops itself, never the app; one
 * whose key is lost or is another trail's is refused loudly: in Settings, the app's log and the
 * system log, where the clinic's IT collects it.
 */
import { hostname, userInfo } from 'node:os';
import { join } from 'node:path';
import type { AuthStatus } from '../../../contract/auth';
import type { ActivityView } from '../../../contract/audit';
import type { OperationHandlers } from '../../../contract/operation-handlers';
import { DEVELOPMENT_BUILD } from '../../core/build-kind';
import { processClock, repeatOn, type Clock } from '../../core/clock';
import type { Feature } from '../../core/feature';
import { log } from '../log';
import type { DocumentOrProblem } from '../../storage/data-keys';
import { storageProblem } from '../../storage/storage-problem';
import { AccountAudit } from '../../audit/account-audit';
import { NO_AUDIT, type AuditEvent, type AuditWriter } from '../../audit/audit-event';
import { AuditTrail } from '../../audit/audit-trail';
import { computerZone } from '../../audit/computer-zone';
import { policyEvents, type PolicyLoaded } from '../../audit/policy-audit';
import { recentActivity } from '../../audit/recent-activity';
import { systemLogFor } from '../../audit/os-system-log';
import type { SystemLog } from '../../audit/system-log';
import { testJournal } from '../../audit/test-journal';
import { TRAIL_FOLDER, trailFiles } from '../../audit/trail-files';
import { TrailKeyLost, TrailKeyMismatch, TrailKeys } from '../../audit/trail-keys';
import { retentionDays } from '../../audit/trail-retention';
import { handoutPath, keepHandout } from '../../audit/verification-handout';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A recording loaded again within this time is one entry (the player asks for it in pieces). */
const LOADED_AGAIN_MS = 60_000;

export interface AuditFeatureDeps {
  userData: string;
  /** The trail's sealed keys, or why they cannot be opened. */
  keys: DocumentOrProblem;
  policy: PolicyLoaded & { values: { auditRetentionDays?: number } };
  version: string;
  /** The patients on this computer now (pseudonyms of the others are destroyed at start); null while they cannot be read. */
  patientIds(): ReadonlySet<string> | null;
  clock: Clock;
}

/** The OS user, as the trail names who did it. */
export function osUserName(): string {
  try {
    return userInfo().username;
  } catch {
    return process.env.USER ?? process.env.USERNAME ?? 'unknown';
  }
}

/**
 * The bench measures Record, the copy shortcut and opening a note with the trail and without
 * it, in one run: `SCRIBE_BENCH_WITHOUT_AUDIT=1` turns the trail off, in a development build
 * only (main/core/build-kind.ts). A release build has no way to turn it off.
 */
export const TRAIL_OFF_FOR_BENCH = DEVELOPMENT_BUILD && process.env.SCRIBE_BENCH_WITHOUT_AUDIT === '1';

/** A trail refused (its key lost, or another trail's) is told where IT looks too; a log that cannot take it changes nothing here. */
function refuseLoudly(systemLog: SystemLog, userData: string, why: string): void {
  log.error(`audit: the trail is refused: ${why}`);
  systemLog.write(`Scribe Desk audit trail refused in ${userData}: ${why}`, { PRIORITY: '3' }).catch(() => undefined);
}

function openTrail(deps: AuditFeatureDeps, osUser: string, account: () => string | null): { trail: AuditTrail; keys: TrailKeys } | { problem: string } {
  if (TRAIL_OFF_FOR_BENCH) return { problem: 'The audit trail is off: a development build started for the bench without it.' };
  if ('problem' in deps.keys) return { problem: `The audit trail cannot be written: ${deps.keys.problem}` };
  const systemLog = systemLogFor(process.platform, deps.clock, testJournal()?.socket);
  try {
    const keys = new TrailKeys(deps.keys, {
      trailExists: trailFiles(join(deps.userData, TRAIL_FOLDER)).length > 0,
      clock: deps.clock,
      handOut: (trailKey, verificationKey) => keepHandout(handoutPath(deps.userData), trailKey, verificationKey),
    });
    const trail = new AuditTrail({
      userData: deps.userData,
      keys,
      systemLog,
      clock: deps.clock,
      elapsed: processClock,
      who: () => ({ osUser, account: account() }),
      machine: hostname(),
      zone: computerZone(),
      app: deps.version,
      log,
    });
    trail.open();
    return { trail, keys };
  } catch (error) {
    if (error instanceof TrailKeyLost || error instanceof TrailKeyMismatch) {
      refuseLoudly(systemLog, deps.userData, error.message);
      return { problem: `The audit trail is refused: ${error.message} Ask your IT team (see "The audit trail" in their guide).` };
    }
    log.error(`audit: the trail could not be opened (${(error as Error).name})`);
    return { problem: `The audit trail cannot be written: ${storageProblem(error)}` };
  }
}

export function createAuditFeature(deps: AuditFeatureDeps) {
  const osUser = osUserName();
  let account: AccountAudit | null = null;
  const opened = openTrail(deps, osUser, () => account?.account() ?? null);
  const trail = 'trail' in opened ? opened.trail : null;
  const writer: AuditWriter = trail ?? NO_AUDIT;
  account = new AccountAudit(writer);
  const retention = retentionDays(deps.policy.values.auditRetentionDays);
  if (retention.problem) log.warn(`audit: ${retention.problem}`);
  for (const event of policyEvents(deps.policy, retention.problem)) writer.record(event);
  trail?.onProblem((problem) => (problem ? log.warn('audit: the trail is not being written (Settings says why)') : undefined));

  const loaded = new Map<string, number>();
  let stopRetention: (() => void) | null = null;
  const removeExpired = () => {
    // While the policy cannot be used, how long the administrator keeps the trail is unknown: nothing is removed.
    if (deps.policy.error !== null) return;
    try {
      const removed = trail?.removeExpired(retention.days) ?? [];
      if (removed.length > 0) log.info(`audit: ${removed.length} file(s) past ${retention.days} days removed`);
    } catch (error) {
      log.warn(`audit: files past retention could not be removed (${storageProblem(error)})`);
    }
  };

  const handlers: Pick<OperationHandlers, 'getAuditActivity'> = {
    getAuditActivity: (): ActivityView => ({
      entries: 'trail' in opened ? recentActivity(join(deps.userData, TRAIL_FOLDER), opened.keys.key, osUser) : [],
      user: osUser,
      problem: 'trail' in opened ? opened.trail.problem() : opened.problem,
    }),
  };

  return {
    writer,
    /** False only in a development build the bench started without the trail. */
    on: !TRAIL_OFF_FOR_BENCH,
    handlers,
    /** Sign-in and sign-out entries, and who every entry names as signed in. */
    followAccount(service: { connection: { authStatus(): AuthStatus }; onChange(listener: () => void): () => void }): void {
      const follow = () => account.follow(service.connection.authStatus());
      service.onChange(follow);
      follow();
    },
    /**
     * The page's player was given a recording (app://scribe/recordings/<id>.wav): it loads it when
     * a dictation is shown, and says nothing to main of a press of its play button; once a minute
     * at most for one recording.
     */
    recordingLoaded(event: Omit<AuditEvent, 'action'> & { item: { kind: 'dictation'; id: string } }): void {
      const now = deps.clock.now();
      if (now - (loaded.get(event.item.id) ?? -Infinity) < LOADED_AGAIN_MS) return;
      loaded.set(event.item.id, now);
      writer.record({ ...event, action: 'recording-loaded' });
    },
    start(): void {
      if (!('trail' in opened)) return;
      const patients = deps.patientIds();
      try {
        const destroyed = patients ? opened.keys.keepOnly(patients) : 0;
        if (destroyed > 0) log.info(`audit: ${destroyed} pseudonym(s) of deleted patients destroyed`);
      } catch (error) {
        log.warn(`audit: pseudonyms of deleted patients could not be destroyed yet (${storageProblem(error)})`);
      }
      removeExpired();
      stopRetention = repeatOn(deps.clock, DAY_MS, removeExpired);
    },
    async stop(): Promise<void> {
      stopRetention?.();
      await trail?.close();
    },
  } satisfies Feature;
}

export type AuditFeature = ReturnType<typeof createAuditFeature>;
