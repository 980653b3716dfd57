/**
 * The data folder's format version: `data-format.json` in the folder, written atomically and
 * read once at start. Version 1 is the folder as every release before the marker wrote it, so
 * a folder without the marker is version 1 (as is a new one). An older folder is brought up to
 * this build's version by the migration steps in order, the marker written after each, so a
 * crash resumes at the step it stopped in (a step must be safe to run again). A folder that a
 * newer version wrote, or whose marker cannot be read, is refused: nothing in it is written.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from './atomic-file';

export const DATA_FORMAT_FILE = 'data-format.json';
/** Where the data folder keeps its keys (data-keys.ts): there from the first thing ever encrypted in it. */
export const KEYS_FOLDER = 'keys';

/** The format this build reads and writes. */
export const DATA_FORMAT_VERSION = 5;

/** One step from a format version to the next. */
export interface MigrationStep {
  /** The version it takes the folder from; it leaves it at from + 1. */
  from: number;
  /** What it does, in a few words, for the log. */
  does: string;
  run(folder: string): void;
}

/** Every step from version 1 to DATA_FORMAT_VERSION, in order. */
export const MIGRATIONS: readonly MigrationStep[] = [
  // Version 2 reads both forms and writes the new one: nothing to move now, but an older version must no longer open the folder.
  { from: 1, does: 'item keyrings kept in columns from their next change', run: () => undefined },
  // The audit trail's keys gain its id and tag key when the trail next opens (audit/trail-keys.ts), and its lines a tag an older version cannot read.
  { from: 2, does: 'audit trail lines tagged and checkpointed from its next entry', run: () => undefined },
  // Links to patients' health records get a keyring of their own, which an older version would not seal again when its master key moves.
  { from: 3, does: 'health record links kept under a keyring of their own', run: () => undefined },
  // A new item's keys go to a journal beside its keyring (item-keyring.ts), which an older version would not read.
  { from: 4, does: "new items' keys appended to a journal beside their keyring", run: () => undefined },
];

/** What the marker says. */
export type DataFormat =
  | { kind: 'unmarked' }
  | { kind: 'marked'; version: number; writtenBy: string | null }
  | { kind: 'unreadable'; problem: string };

/** What to do with the folder. */
export type DataFolderPlan =
  | { kind: 'open'; from: number; marked: boolean; steps: MigrationStep[] }
  | { kind: 'newer'; version: number; writtenBy: string | null }
  | { kind: 'unreadable'; problem: string };

/** Reads the marker: one small file, or none. */
export function readDataFormat(folder: string): DataFormat {
  let text: string;
  try {
    text = readFileSync(join(folder, DATA_FORMAT_FILE), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { kind: 'unmarked' };
    return { kind: 'unreadable', problem: `it cannot be opened (${code ?? 'error'})` };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { kind: 'unreadable', problem: 'it is not JSON' };
  }
  const { formatVersion, writtenBy } = (parsed ?? {}) as { formatVersion?: unknown; writtenBy?: unknown };
  if (typeof formatVersion !== 'number' || !Number.isSafeInteger(formatVersion) || formatVersion < 1) {
    return { kind: 'unreadable', problem: 'it holds no format version' };
  }
  return { kind: 'marked', version: formatVersion, writtenBy: typeof writtenBy === 'string' ? writtenBy : null };
}

/** Opens the folder (with the steps it needs, in order), or refuses it. */
export function planDataFolder(found: DataFormat, current = DATA_FORMAT_VERSION, migrations: readonly MigrationStep[] = MIGRATIONS): DataFolderPlan {
  if (found.kind === 'unreadable') return found;
  const from = found.kind === 'marked' ? found.version : 1;
  if (found.kind === 'marked' && found.version > current) return { kind: 'newer', version: found.version, writtenBy: found.writtenBy };
  const steps: MigrationStep[] = [];
  for (let version = from; version < current; version += 1) {
    const step = migrations.find((candidate) => candidate.from === version);
    if (!step) throw new Error(`No migration step from data format ${version}.`);
    steps.push(step);
  }
  return { kind: 'open', from, marked: found.kind === 'marked', steps };
}

export function writeDataFormat(folder: string, version: number, writtenBy: string): void {
  writeFileAtomic(join(folder, DATA_FORMAT_FILE), `${JSON.stringify({ formatVersion: version, writtenBy })}\n`);
}

/**
 * Runs the plan's steps, the marker written after each, and marks an unmarked folder: nothing
 * is written to a folder already at this version. Returns what was done, for the log.
 */
export function migrateDataFolder(folder: string, plan: DataFolderPlan & { kind: 'open' }, appVersion: string, current = DATA_FORMAT_VERSION): string[] {
  const done: string[] = [];
  // A folder that never held encrypted data (a new computer, a new user) is of this build's format already.
  const steps = !plan.marked && !existsSync(join(folder, KEYS_FOLDER)) ? [] : plan.steps;
  for (const step of steps) {
    step.run(folder);
    writeDataFormat(folder, step.from + 1, appVersion);
    done.push(`format ${step.from} → ${step.from + 1}: ${step.does}`);
  }
  if (steps.length === 0 && !plan.marked) {
    writeDataFormat(folder, current, appVersion);
    done.push(`format ${current} marked`);
  }
  return done;
}

/** What a person is told when the folder is refused: words a doctor and the clinic's IT understand, and the folder for IT. */
export function refusalText(plan: DataFolderPlan & { kind: 'newer' | 'unreadable' }, folder: string, current = DATA_FORMAT_VERSION) {
  const kept = 'To keep every dictation and lab report safe, Scribe Desk has not opened or changed anything in it.';
  if (plan.kind === 'newer') {
    const by = plan.writtenBy ? `Scribe Desk ${plan.writtenBy}` : 'a newer Scribe Desk';
    return {
      title: 'Scribe Desk is older than your data',
      message: `Your Scribe Desk data was last used by ${by}, which is newer than this one.`,
      detail: `${kept} Ask your IT team to install that version (or a later one) again.\n\nData folder: ${folder}\nData format ${plan.version}; this version reads format ${current} and earlier.`,
    };
  }
  return {
    title: 'Scribe Desk cannot read its data folder',
    message: `The file that says which version wrote your Scribe Desk data cannot be read: ${plan.problem}.`,
    detail: `${kept} Ask your IT team to check ${DATA_FORMAT_FILE} in the data folder.\n\nData folder: ${folder}`,
  };
}
