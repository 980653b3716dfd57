/**
 * The audit trail as the app writes it: every entry sealed, chained to the one before and
 * appended to this month's file as one line the moment it is recorded (a write to the
 * operating system, a few microseconds: nothing is queued in memory for a crash to lose), with
 * the disk's sync batched on a thread of its own a moment later. So a kill -9 loses at most
 * the entry being written, a power cut at most the last fraction of a second, and the page
 * never waits for a disk.
 *
 * At start the last file's end is read: a line cut off by a crash, or damaged, is reported in
 * the log, kept as it is for the administrator, and a new file begins whose first entry names
 * the break and carries the chain on from the last entry that verifies. A disk that cannot
 * take an entry (full, read-only) stops the trail, never the work it records: the problem is
 * told (Settings shows it), the entries missed are counted, and the trail starts again in a
 * new file, naming how many were missed, once the disk takes a write again.
 *
 * What the folder alone cannot vouch for is its own end: a checkpoint (the chain's end once
 * durable) is made at start, a minute after entries are written, and at quit, kept with the
 * keys and written to the system log (trail-checkpoints.ts). A start that finds the trail
 * behind its last checkpoint (cut, or its files gone) says so in a new file and goes on after
 * the checkpoint, so that no entry number is used twice and verify names the gap. Each line is
 * tagged with the hour's key (trail-tags.ts), which moves on every hour. A key that opens none
 * of the trail's entries is refused: nothing is written with it.
 */
import { close, closeSync, fdatasync, fdatasyncSync, fsync, fsyncSync, mkdirSync, open, openSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { Clock, ClockTimer } from '../core/clock';
import { Emitter } from '../core/emitter';
import type { EventLog } from '../core/event-log';
import { syncFolder } from '../storage/atomic-file';
import { storageProblem } from '../storage/storage-problem';
import { entryOf, readEntry, type AuditEntry, type Who } from './audit-entry';
import type { AuditEvent, AuditWriter } from './audit-event';
import type { SystemLog } from './system-log';
import { TrailCheckpoints } from './trail-checkpoints';
import { expiredFiles } from './trail-retention';
import { TRAIL_FOLDER, monthOf, readTrailFile, readTrailTail, trailFileName, trailFiles, type TrailFile, type TrailFileContent } from './trail-files';
import { TrailKeyMismatch, type TrailKeys } from './trail-keys';
import { fingerprint, openLine, sealedLine } from './trail-record';
import { TrailTime } from './trail-time';

/** How long after an entry the disk is asked to keep it (entries meanwhile share the sync). */
export const SYNC_AFTER_MS = 200;
/** After the disk refused an entry, the next entry tries again once this much later. */
export const RETRY_AFTER_MS = 30_000;
/** How long after an entry a checkpoint is made (entries meanwhile share it). */
export const CHECKPOINT_AFTER_MS = 60_000;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface AuditTrailDeps {
  /** The data folder: the trail is in its `audit/` folder. */
  userData: string;
  keys: TrailKeys;
  clock: Clock;
  /** Who is at work now: the OS user and the account signed in to the service. */
  who(): Who;
  machine: string;
  /** The computer's time zone. */
  zone: string;
  /** The app's version, written in every entry. */
  app: string;
  log: EventLog;
  /** Where checkpoints go that the doctor's account cannot take back (system-log.ts). */
  systemLog: SystemLog;
  /** A monotonic clock (the process's, processClock in the app): what retention counts time by (trail-time.ts). */
  elapsed: Pick<Clock, 'now'>;
  /** Writes bytes at the end of an open file (tests put a full disk here). */
  write?(fd: number, bytes: Buffer): void;
}

/** The end of the chain: the last entry written (or found at start). */
interface ChainEnd {
  seq: number;
  hash: string | null;
}

function writeAll(fd: number, bytes: Buffer): void {
  for (let written = 0; written < bytes.length; ) written += writeSync(fd, bytes, written, bytes.length - written);
}

/** What the end of a file says at start: go on writing in it, or start a new one naming what was found. */
type Found = { kind: 'whole'; end: ChainEnd } | { kind: 'break'; end: ChainEnd; found: string };

/**
 * The last entry of a file that verifies, and what comes after it (nothing, a cut-off entry,
 * damage): from its last 64 KB, or the whole file when none there verifies.
 */
function endOf(path: string, key: Buffer): Found {
  const tail = readTrailTail(path);
  if (tail.size === 0) return { kind: 'break', end: { seq: 0, hash: null }, found: 'an empty file' };
  return lastVerifying(tail, key) ?? lastVerifying(readTrailFile(path), key) ?? { kind: 'break', end: { seq: 0, hash: null }, found: 'no entry in it verifies with this trail\u2019s key' };
}

/** True when a line of the trail opens with the key, or the trail has no whole line yet: the key is the trail's. */
function keyOpensTrail(folder: string, files: readonly TrailFile[], key: Buffer): boolean {
  let lines = 0;
  for (const file of files) {
    for (const { bytes } of readTrailFile(join(folder, file.name)).lines) {
      lines += 1;
      if (openLine(key, bytes) !== null) return true;
    }
  }
  return lines === 0;
}

function lastVerifying(tail: TrailFileContent, key: Buffer): Found | null {
  for (let index = tail.lines.length - 1; index >= 0; index -= 1) {
    const { bytes } = tail.lines[index]!;
    const read = readEntry(openLine(key, bytes));
    if (read.kind !== 'entry') continue;
    const end = { seq: read.entry.seq, hash: fingerprint(bytes) };
    const damaged = tail.lines.length - 1 - index;
    if (damaged === 0 && tail.tornBytes === 0) return { kind: 'whole', end };
    const broken = damaged > 0 ? `${damaged} line${damaged === 1 ? '' : 's'} that do not verify` : null;
    const cut = tail.tornBytes > 0 ? `an entry cut off while it was written (${tail.tornBytes} bytes)` : null;
    return { kind: 'break', end, found: `${[broken, cut].filter(Boolean).join(' and ')} after entry ${end.seq}` };
  }
  return null;
}

export class AuditTrail implements AuditWriter {
  private readonly folder: string;
  private file: TrailFile | null = null;
  /** The last file's month and number: a number is never used twice. */
  private lastSegment: { month: string; segment: number } | null = null;
  private fd: number | null = null;
  private end: ChainEnd = { seq: 0, hash: null };
  /** Breaks to name in the first entry of the next file: the files left as they were, and what was found. */
  private pendingBreak: { files: string[]; found: string[] } | null = null;
  private syncTimer: ClockTimer | null = null;
  private syncing = false;
  /** Written since the last sync began. */
  private unsynced = false;
  private saveTimer: ClockTimer | null = null;
  private stopped: { problem: string; missed: number; since: number; lastTry: number } | null = null;
  private readonly problems = new Emitter<string | null>();
  private readonly written = new Emitter<AuditEntry>();
  private readonly write: (fd: number, bytes: Buffer) => void;
  /** The chain's end as last made durable: what a checkpoint names. */
  private durable: ChainEnd = { seq: 0, hash: null };
  private checkpointTimer: ClockTimer | null = null;
  private checkpointing: Promise<void> = Promise.resolve();
  private readonly checkpoints: TrailCheckpoints;
  private time: TrailTime | null = null;
  private retentionWaitSaid = false;

  constructor(private readonly deps: AuditTrailDeps) {
    this.folder = join(deps.userData, TRAIL_FOLDER);
    this.write = deps.write ?? writeAll;
    this.checkpoints = new TrailCheckpoints({
      userData: deps.userData,
      keys: deps.keys,
      systemLog: deps.systemLog,
      log: deps.log,
      refused: (found) => this.record({ action: 'system-log-refused', detail: { found } }),
    });
  }

  /**
   * Finds where the chain ends (the last file's end, or the last checkpoint when the files are
   * behind it), records that the trail was opened, and makes a checkpoint. Throws
   * TrailKeyMismatch, writing nothing, when the key opens none of the trail's entries.
   */
  open(): void {
    mkdirSync(this.folder, { recursive: true, mode: 0o700 });
    const { keys, log } = this.deps;
    this.time = new TrailTime(keys.witnessed, this.deps.clock.now(), () => this.deps.elapsed.now());
    const files = trailFiles(this.folder);
    const last = files.at(-1) ?? null;
    if (last) {
      const found = endOf(join(this.folder, last.name), keys.key);
      if (found.kind === 'break' && found.end.seq === 0 && !keyOpensTrail(this.folder, files, keys.key)) {
        throw new TrailKeyMismatch('The audit trail\u2019s key (keys/audit.sealed) opens none of its entries: it is another trail\u2019s key. Nothing is written to the trail, which is kept as it is.');
      }
      this.end = found.end;
      if (found.kind === 'whole') this.file = last;
      else {
        this.noteBreak(last.name, found.found);
        log.warn(`audit: ${last.name} ends with ${found.found}; it is kept as it is, and a new file begins`);
      }
      this.lastSegment = { month: last.month, segment: last.segment };
    } else if (!keys.made) {
      this.noteBreak(null, 'the trail\u2019s files are gone (deleted or moved)');
      log.error('audit: the trail\u2019s files are gone; a new file begins, naming it');
    }
    this.goOnAfterCheckpoint();
    this.record({ action: 'trail-opened' });
    this.checkpointNow();
  }

  /** The files end before this computer's last checkpoint: the gap is named, and numbers go on after the checkpoint. */
  private goOnAfterCheckpoint(): void {
    const kept = this.deps.keys.checkpoint;
    if (!kept || this.end.seq > kept.seq || (this.end.seq === kept.seq && this.end.hash === kept.hash)) return;
    const from = this.end.seq;
    this.noteBreak(null, `entries after ${from} are gone: this computer\u2019s last checkpoint was entry ${kept.seq}`);
    this.deps.log.error(`audit: the trail ends at entry ${from}, before its last checkpoint (entry ${kept.seq}); a new file begins, naming the gap`);
    this.end = { seq: kept.seq, hash: kept.hash };
  }

  /** Makes what was written durable now (little is left to sync by then) and checkpoints it. */
  private checkpointNow(): void {
    this.deps.clock.clearTimeout(this.checkpointTimer);
    this.checkpointTimer = null;
    if (this.fd === null || this.stopped) return;
    try {
      fdatasyncSync(this.fd);
    } catch (error) {
      this.stop(error, this.deps.clock.now());
      return;
    }
    this.durable = { ...this.end };
    this.makeCheckpoint();
  }

  private makeCheckpoint(): void {
    const { seq, hash } = this.durable;
    if (hash === null) return;
    this.deps.keys.noteWitnessed(this.trailTime());
    this.checkpointing = this.checkpoints.make({ seq, hash }).then(() => this.saveKeysSoon());
  }

  /** A checkpoint a minute after the first entry not yet in one. */
  private checkpointSoon(): void {
    if (this.checkpointTimer !== null) return;
    this.checkpointTimer = this.deps.clock.setTimeout(() => {
      this.checkpointTimer = null;
      this.checkpointNow();
    }, CHECKPOINT_AFTER_MS);
  }

  /** The time the trail has seen pass (trail-time.ts). */
  private trailTime(): number {
    const now = this.deps.clock.now();
    return this.time ? this.time.now(now) : now;
  }

  /** Resolves once the last checkpoint begun has been answered by the system log (tests, and quitting). */
  checkpointed(): Promise<void> {
    return this.checkpointing;
  }

  /** Why the trail is not being written now, or null. */
  problem(): string | null {
    return this.stopped?.problem ?? null;
  }

  /** Hears when the trail stops (its problem) or is written again (null). */
  onProblem(listener: (problem: string | null) => void): () => void {
    return this.problems.on(listener);
  }

  /** Hears every entry written (Settings' recent activity). */
  onEntry(listener: (entry: AuditEntry) => void): () => void {
    return this.written.on(listener);
  }

  record(event: AuditEvent): void {
    const now = this.deps.clock.now();
    const stopped = this.stopped;
    if (!stopped) {
      this.append(event, now);
      return;
    }
    if (now - stopped.lastTry < RETRY_AFTER_MS) {
      stopped.missed += 1;
      return;
    }
    // The disk is tried again: a new file, whose first entry names the break and what was missed.
    this.stopped = null;
    const since = new Date(stopped.since).toISOString();
    const missed = `${stopped.missed} entr${stopped.missed === 1 ? 'y was' : 'ies were'} not written`;
    this.noteBreak(null, `the disk refused entries from ${since}; ${missed}`);
    if (this.append(event, now, stopped)) {
      this.deps.log.info(`audit: the trail is written again (${missed})`);
      this.problems.emit(null);
    }
  }

  /** Writes the entry; on a disk that refuses it, stops the trail (the caller goes on regardless). True when written. */
  private append(event: AuditEvent, now: number, stoppedBefore: AuditTrail['stopped'] = null): boolean {
    try {
      this.appendEntry(event, new Date(now));
      return true;
    } catch (error) {
      this.stop(error, now, stoppedBefore);
      return false;
    }
  }

  private appendEntry(event: AuditEvent, at: Date): void {
    const fd = this.fileFor(at);
    const { keys } = this.deps;
    const patient = event.patientId ? keys.pseudonymOf(event.patientId) : null;
    const entry = entryOf(event, { seq: this.end.seq + 1, now: at, zone: this.deps.zone, who: this.deps.who(), machine: this.deps.machine, patient, prev: this.end.hash, app: this.deps.app });
    const line = sealedLine(keys.key, entry, keys.tagKeyAt(at.getTime()));
    this.write(fd, line);
    this.end = { seq: entry.seq, hash: fingerprint(line) };
    this.unsynced = true;
    this.syncSoon();
    this.checkpointSoon();
    // A deleted patient's pseudonym leads to nobody from now on: its line is destroyed once the deletion is written.
    if (entry.action === 'deleted' && entry.item?.kind === 'patient' && entry.outcome === 'done' && event.patientId) this.forget(event.patientId);
    else if (keys.changed) this.saveKeysSoon();
    this.written.emit(entry);
  }

  private forget(patientId: string): void {
    try {
      this.deps.keys.forget(patientId);
    } catch (error) {
      this.deps.log.warn(`audit: a deleted patient's pseudonym could not be destroyed yet (${storageProblem(error)}); it is at the next start`);
    }
  }

  /** The file this moment's entry goes in: this month's, or a new one (a new month, or after a break); opened on first use. */
  private fileFor(at: Date): number {
    const month = monthOf(at);
    const breakToName = this.pendingBreak;
    if (this.fd !== null && this.file?.month === month && !breakToName) return this.fd;
    this.closeFile('later');
    const fresh = this.file?.month !== month || breakToName !== null;
    if (fresh) {
      const segment = this.lastSegment?.month === month ? this.lastSegment.segment + 1 : 1;
      this.file = { name: trailFileName(month, segment), month, segment };
      this.lastSegment = { month, segment };
    }
    this.fd = openSync(join(this.folder, this.file!.name), 'a', 0o600);
    if (fresh) syncFolderLater(this.folder);
    if (breakToName) {
      this.pendingBreak = null;
      const chain = this.end.hash ? { seq: this.end.seq, hash: this.end.hash } : {};
      const files = breakToName.files.length > 0 ? { file: breakToName.files.join(' ') } : {};
      try {
        this.appendEntry({ action: 'trail-break', detail: { ...files, found: breakToName.found.join('; '), ...chain } }, at);
      } catch (error) {
        // Named by the next file instead.
        this.pendingBreak = breakToName;
        throw error;
      }
    }
    return this.fd;
  }

  /** The disk refused an entry: the trail stops (told once), counting what it misses. `before`: the stop a retry failed to end. */
  private stop(error: unknown, now: number, before: AuditTrail['stopped'] = null): void {
    const problem = `The audit trail is not being written: ${storageProblem(error)} Your work goes on and is kept; the trail starts again by itself once the disk takes it.`;
    const current = this.stopped ?? before;
    this.stopped = { problem, missed: (current?.missed ?? 0) + 1, since: current?.since ?? now, lastTry: now };
    // A line may be half written: that file is not written again.
    if (this.file && this.fd !== null) this.noteBreak(this.file.name, null);
    try {
      this.closeFile('no');
    } catch {
      // The file is left as the disk has it.
    }
    if (current === null) {
      this.deps.log.error(`audit: the trail stopped (${(error as NodeJS.ErrnoException).code ?? (error as Error).name})`);
      this.problems.emit(problem);
    }
  }

  /** A file left as it is (not written again) and what was found, named by the next file's first entry. */
  private noteBreak(file: string | null, found: string | null): void {
    const pending = this.pendingBreak ?? { files: [], found: [] };
    if (file && !pending.files.includes(file)) pending.files.push(file);
    if (found) pending.found.push(found);
    this.pendingBreak = pending;
  }

  /** The disk is asked to keep what was written, once, a moment after the first entry not yet kept. */
  private syncSoon(): void {
    if (this.syncTimer !== null || this.syncing) return;
    this.syncTimer = this.deps.clock.setTimeout(() => this.syncNow(), SYNC_AFTER_MS);
  }

  private syncNow(): void {
    this.syncTimer = null;
    const fd = this.fd;
    if (fd === null) return;
    this.syncing = true;
    this.unsynced = false;
    fdatasync(fd, (error) => {
      this.syncing = false;
      if (error && this.fd === fd) this.stop(error, this.deps.clock.now());
      // Entries written while the disk was syncing get a sync of their own.
      else if (this.unsynced) this.syncSoon();
    });
  }

  private saveKeysSoon(): void {
    if (this.saveTimer !== null) return;
    this.saveTimer = this.deps.clock.setTimeout(() => {
      this.saveTimer = null;
      try {
        this.deps.keys.save();
      } catch (error) {
        this.deps.log.warn(`audit: the pseudonyms could not be kept yet (${storageProblem(error)}); tried again with the next patient`);
      }
    }, 0);
  }

  /** Closes the file: synced first now (quitting), on a thread of its own (a new file begins), or not at all (the disk refused it). */
  private closeFile(sync: 'now' | 'later' | 'no'): void {
    const fd = this.fd;
    if (fd === null) return;
    this.fd = null;
    if (sync === 'later') {
      fsync(fd, () => close(fd, () => undefined));
      return;
    }
    try {
      if (sync === 'now') {
        fsyncSync(fd);
        this.durable = { ...this.end };
      }
    } finally {
      closeSync(fd);
    }
  }

  /**
   * Removes the files past retention (never this month's), counted by the time the trail has
   * seen pass, not by the computer's clock, and only those whose entries a checkpoint in the
   * system log covers; records it, naming the last entry removed so that verify knows the cut.
   */
  removeExpired(retentionDays: number): string[] {
    const clock = this.deps.clock.now();
    const now = this.trailTime();
    const files = trailFiles(this.folder);
    const past = expiredFiles(files, new Date(now), retentionDays).filter((file) => file.name !== this.file?.name);
    const expired = coveredFiles(this.folder, past, this.deps.keys);
    if (expired.length < past.length) this.sayRetentionWaits(`${past.length - expired.length} file(s) past retention wait for a checkpoint in the system log to cover them`);
    else if (clock - now > DAY_MS) this.sayRetentionWaits(`the computer\u2019s clock is ${Math.round((clock - now) / DAY_MS)} day(s) ahead of the time the trail has seen; retention counts the trail\u2019s time`);
    if (expired.length === 0) return [];
    const kept = files.find((file) => !expired.includes(file));
    const first = kept ? firstEntryOf(join(this.folder, kept.name), this.deps.keys.key) : null;
    for (const file of expired) rmSync(join(this.folder, file.name), { force: true });
    syncFolder(this.folder);
    this.record({
      action: 'trail-removed',
      detail: { count: expired.length, file: expired.at(-1)!.name, ...(first?.prev ? { seq: first.seq - 1, hash: first.prev } : {}) },
    });
    return expired.map((file) => file.name);
  }

  private sayRetentionWaits(why: string): void {
    if (this.retentionWaitSaid) return;
    this.retentionWaitSaid = true;
    this.deps.log.info(`audit: ${why}`);
  }

  /** Keeps everything written, checkpoints it, keeps the keys, and closes the file. */
  async close(): Promise<void> {
    this.deps.clock.clearTimeout(this.syncTimer);
    this.syncTimer = null;
    this.deps.clock.clearTimeout(this.checkpointTimer);
    this.checkpointTimer = null;
    this.deps.clock.clearTimeout(this.saveTimer);
    this.saveTimer = null;
    try {
      this.closeFile('now');
    } catch (error) {
      this.deps.log.warn(`audit: the trail's last entries could not be synced (${storageProblem(error)})`);
    }
    if (!this.stopped) this.makeCheckpoint();
    await this.checkpointing;
    this.deps.clock.clearTimeout(this.saveTimer);
    this.saveTimer = null;
    try {
      this.deps.keys.save();
    } catch {
      // Said when it was first refused; the next start makes new pseudonyms where these are lost.
    }
  }

  /** The last entry's number and fingerprint (for tests and the bench). */
  chainEnd(): { seq: number; hash: string | null } {
    return { ...this.end };
  }
}

/** A new file's name made durable on a thread of its own (the next sync of its entries waits for nothing). */
function syncFolderLater(folder: string): void {
  if (process.platform === 'win32') return; // Windows cannot open a folder for fsync.
  open(folder, 'r', (error, fd) => {
    if (error) return;
    fsync(fd, () => close(fd, () => undefined));
  });
}

/** The files (oldest first) up to the first whose last entry no checkpoint in the system log covers. */
function coveredFiles(folder: string, files: readonly TrailFile[], keys: TrailKeys): TrailFile[] {
  const covered: TrailFile[] = [];
  for (const file of files) {
    const found = endOf(join(folder, file.name), keys.key);
    if (found.end.seq === 0 || found.end.seq > keys.loggedSeq) break;
    covered.push(file);
  }
  return covered;
}

/** The first entry of a file that verifies, or null. */
function firstEntryOf(path: string, key: Buffer): AuditEntry | null {
  const { lines } = readTrailFile(path);
  for (const { bytes } of lines) {
    const read = readEntry(openLine(key, bytes));
    if (read.kind === 'entry') return read.entry;
  }
  return null;
}
