/**
 * `scribe-desk --audit-verify`, `--audit-checkpoint` and `--audit-export=<file>`
 * (main/audit/audit-command.ts), run without a window, without the single-instance lock (the
 * app may be open meanwhile) and without writing anything in the data folder but one thing:
 * `--audit-checkpoint` erases the verification key once it has shown it. The folder's marker is
 * read first (a folder a newer version wrote is refused as it is), the keys are read and never
 * made or moved, Chromium's own files go to a throwaway folder, and the log is not written.
 * Verify reads the system log's checkpoints where this user may; the checkpoint is written to
 * it. Prints the result and exits 0 or 1.
 */
import '../../contract/schemas-without-eval';
import { mkdtempSync, openSync, closeSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { app, safeStorage } from 'electron';
import { checkpointOutcome, exportOutcome, noTrailOutcome, verificationKeyRefusal, verifyOutcome, type AuditCommand, type CommandOutcome } from '../audit/audit-command';
import { checkpointFields, checkpointMessage, type FoundCheckpoint } from '../audit/checkpoint';
import { systemLogFor } from '../audit/os-system-log';
import { logReader, readSystemLog, type SystemLogRead } from '../audit/system-log-reading';
import { exportTrail } from '../audit/trail-export';
import { TRAIL_FOLDER, trailFiles } from '../audit/trail-files';
import { TrailKeys, TrailKeysUnreadable } from '../audit/trail-keys';
import { lastEntryOf } from '../audit/trail-reading';
import { verifyTrail } from '../audit/trail-verify';
import { eraseHandout, handoutPath, readHandout } from '../audit/verification-handout';
import { testJournal } from '../audit/test-journal';
import { DEVELOPMENT_BUILD } from '../core/build-kind';
import { appClock } from '../core/clock';
import { log } from './log';
import { PatientStore } from '../patients/patient-store';
import { effectivePolicy, loadPolicy } from '../settings/policy';
import { loadManagedPolicy } from '../settings/policy-sources';
import { DEFAULT_PROGRAM_DATA, windowsProgramData } from '../settings/windows-program-data';
import { AUDIT_KEYS_FILE } from '../storage/data-keys';
import { KEYS_FOLDER, refusalText, type DataFolderPlan } from '../storage/data-format';
import { masterKeysToRead } from '../storage/master-key';
import { SealedDocument } from '../storage/sealed-document';
import { patientName } from '../../contract/patients';

/** What is read with each master key the folder holds: the trail's keys, and the patients (for names). */
function openWithMasterKeys(userData: string): { keys: TrailKeys; patients: () => PatientStore } | { problem: string } {
  const folder = join(userData, KEYS_FOLDER);
  const masters = masterKeysToRead(join(folder, 'master.json'), safeStorage);
  if (masters.length === 0) return { problem: `The keys of ${userData} cannot be opened here: run this as the user whose Scribe Desk data it is, in their desktop session (its keyring holds the key).` };
  let problem = 'The audit trail key cannot be read with the keys of this data folder.';
  for (const master of masters) {
    try {
      const keys = new TrailKeys(new SealedDocument(join(folder, AUDIT_KEYS_FILE), master, null, 'audit trail keys'), { readOnly: true, clock: appClock });
      return { keys, patients: () => new PatientStore(new SealedDocument(join(folder, 'patients.sealed'), master, null, 'patients kept'), appClock) };
    } catch (error) {
      if (error instanceof TrailKeysUnreadable) problem = error.message;
    }
  }
  return { problem };
}

/** Whether the export names patients: the machine's own policy sets auditExportNames (a development build also takes `--policy`). */
function exportNames(policyFile: string | null): boolean {
  const programData = () => {
    try {
      return windowsProgramData();
    } catch {
      return DEFAULT_PROGRAM_DATA;
    }
  };
  const machine = loadManagedPolicy(process.platform, programData);
  const policy = DEVELOPMENT_BUILD ? effectivePolicy(machine, policyFile ? loadPolicy(policyFile, true) : null, false) : machine;
  return policy.error === null && policy.values.auditExportNames === true;
}

function writeExport(command: Extract<AuditCommand, { kind: 'export' }>, folder: string, keys: TrailKeys, nameOf: ((pseudonym: string) => string | null) | undefined) {
  const pieces = exportTrail(folder, keys.key, { format: command.format, range: command.range, nameOf });
  let fd: number | null = null;
  try {
    for (let next = pieces.next(); ; next = pieces.next()) {
      if (next.done) return next.value;
      // Made only once there is something to write: an empty range writes no file.
      fd ??= openSync(command.file, 'w', 0o600);
      const bytes = Buffer.from(next.value, 'utf8');
      for (let written = 0; written < bytes.length; ) written += writeSync(fd, bytes, written);
    }
  } finally {
    if (fd !== null) closeSync(fd);
  }
}

/** The checkpoints given (`--expect`) and those the system log holds for this folder, where this user may read it. */
async function checkpointsFor(command: Extract<AuditCommand, { kind: 'verify' }>, userData: string) {
  const systemLog: SystemLogRead | null = command.systemLog ? await readSystemLog(userData, logReader(process.platform, testJournal()?.directory ?? null)) : null;
  const expected: FoundCheckpoint[] = command.expected.map((point) => ({ ...point, source: '--expect', at: null }));
  return { systemLog, checkpoints: [...expected, ...(systemLog?.kind === 'read' ? systemLog.checkpoints : [])] };
}

async function verify(command: Extract<AuditCommand, { kind: 'verify' }>, userData: string, keys: TrailKeys): Promise<CommandOutcome> {
  const folder = join(userData, TRAIL_FOLDER);
  const given = command.verificationKey;
  const refused = verificationKeyRefusal(given, keys.trail);
  if (refused) return refused;
  const { systemLog, checkpoints } = await checkpointsFor(command, userData);
  const report = verifyTrail(folder, keys.key, { verificationKey: given, checkpoints, trail: keys.trail });
  return verifyOutcome(report, folder, systemLog);
}

/** The checkpoint printed (and written to the system log); the verification key shown once, then erased. */
async function checkpoint(userData: string, keys: TrailKeys): Promise<CommandOutcome> {
  const folder = join(userData, TRAIL_FOLDER);
  const last = lastEntryOf(folder, keys.key);
  const systemLog = systemLogFor(process.platform, appClock, testJournal()?.socket);
  const logged = { name: systemLog.name(), problem: null as string | null };
  if (last && keys.trail) {
    const point = { seq: last.entry.seq, hash: last.hash, trail: keys.trail };
    await systemLog.write(checkpointMessage(point, userData), checkpointFields(point, userData)).catch((error: unknown) => (logged.problem = (error as Error).message));
  } else if (!keys.trail) logged.problem = 'this trail has no id yet: it was written by an earlier version';
  const path = handoutPath(userData);
  const handout = keys.trail ? readHandout(path, keys.key) : 'earlier-version';
  const outcome = checkpointOutcome(folder, last, handout, logged);
  if (last && handout !== 'earlier-version' && handout.kind === 'waiting') eraseHandout(path);
  return outcome;
}

async function run(command: AuditCommand, userData: string, policyFile: string | null): Promise<CommandOutcome> {
  if (command.kind === 'refused') return { code: 1, text: command.message };
  const folder = join(userData, TRAIL_FOLDER);
  if (trailFiles(folder).length === 0) {
    if (command.kind !== 'verify') return { code: 1, text: `No audit trail was found in ${folder}.` };
    const { systemLog, checkpoints } = await checkpointsFor(command, userData);
    return noTrailOutcome(folder, checkpoints, systemLog);
  }
  const opened = openWithMasterKeys(userData);
  if ('problem' in opened) return { code: 1, text: opened.problem };
  if (command.kind === 'verify') return verify(command, userData, opened.keys);
  if (command.kind === 'checkpoint') return checkpoint(userData, opened.keys);
  const names = exportNames(policyFile);
  let nameOf: ((pseudonym: string) => string | null) | undefined;
  if (names) {
    const patients = opened.patients();
    nameOf = (pseudonym) => {
      const id = opened.keys.patientOf(pseudonym);
      const patient = id ? patients.get(id) : undefined;
      return patient ? patientName(patient) : null;
    };
  }
  try {
    return exportOutcome(writeExport(command, folder, opened.keys, nameOf), command, folder, names);
  } catch (error) {
    return { code: 1, text: `The export could not be written to ${command.file}: ${(error as Error).message}` };
  }
}

/** Runs the command and exits; the data folder is read as its marker allows, never written. */
export function runAuditCommand(command: AuditCommand, userData: string, plan: DataFolderPlan, policyFile: string | null): void {
  const scratch = mkdtempSync(join(tmpdir(), 'scribe-desk-audit-'));
  // Windows keeps safeStorage's key beside the data (Local State): the folder stays named there.
  if (process.platform !== 'win32') app.setPath('userData', scratch);
  app.setPath('sessionData', scratch);
  log.transports.file.level = false;
  log.transports.console.level = false;
  const finish = (outcome: CommandOutcome) => {
    process.stdout.write(`${outcome.text}\n`);
    rmSync(scratch, { recursive: true, force: true });
    app.exit(outcome.code);
  };
  if (plan.kind !== 'open') {
    const text = refusalText(plan, userData);
    finish({ code: 1, text: `Refused: ${text.message} ${text.detail.replace(/\n+/g, ' ')}` });
    return;
  }
  void app
    .whenReady()
    .then(async () => finish(await run(command, userData, policyFile)))
    .catch((error: unknown) => finish({ code: 1, text: `The audit command failed: ${(error as Error).message}` }));
}
