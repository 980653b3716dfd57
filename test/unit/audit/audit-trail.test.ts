/**
 * The audit trail on disk: entries sealed and chained, a crash's cut-off entry named by the
 * next start, a changed byte named by verify, monthly files, retention that verify accepts
 * only where the trail says so, a disk that refuses entries, and pseudonyms that lead nowhere
 * once the patient is deleted. Real files in a temporary folder; the clock is the test's.
 */
import { randomBytes } from 'node:crypto';
import { appendFileSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readEntry } from '../../../main/audit/audit-entry';
import { RETRY_AFTER_MS, SYNC_AFTER_MS } from '../../../main/audit/audit-trail';
import { readTrailFile, trailFiles } from '../../../main/audit/trail-files';
import { fingerprint, openLine, sealedLine } from '../../../main/audit/trail-record';
import { verifyTrail } from '../../../main/audit/trail-verify';
import { testTrail, testTrailKeys } from '../../support/audit-fixture';
import { tempFolder } from '../../support/temp-folder';

const PATIENT = '6f1d2c3b-4a59-4e87-9b1a-2c3d4e5f6a7b';
const DAY_MS = 24 * 60 * 60 * 1000;

function linesOf(folder: string, name: string): Buffer[] {
  return readTrailFile(join(folder, name)).lines.map((line) => line.bytes);
}

describe('the audit trail', () => {
  it('seals each entry as one line that opens only with the trail key, and chains it to the one before', () => {
    const userData = tempFolder();
    const { trail, keys, folder } = testTrail(userData);
    trail.record({ action: 'note-viewed', item: { kind: 'dictation', id: 'd-1' }, patientId: PATIENT, detail: { what: 'note' } });
    trail.record({ action: 'copied', item: { kind: 'dictation', id: 'd-1' }, patientId: PATIENT, detail: { what: 'note (corrected)', how: 'by the page' } });
    const [file] = trailFiles(folder);
    expect(file!.name).toBe('audit-2026-08-1.trail');
    const raw = readFileSync(join(folder, file!.name), 'latin1');
    for (const clear of [PATIENT, 'note-viewed', 'drtest', 'OPD-TEST-1', 'corrected']) expect(raw).not.toContain(clear);

    const lines = linesOf(folder, file!.name);
    const entries = lines.map((line) => readEntry(openLine(keys.key, line)));
    expect(entries.map((read) => (read.kind === 'entry' ? [read.entry.seq, read.entry.action] : read.kind))).toEqual([
      [1, 'trail-opened'],
      [2, 'note-viewed'],
      [3, 'copied'],
    ]);
    const [opened, viewed, copied] = entries.map((read) => (read.kind === 'entry' ? read.entry : null));
    expect(opened!.prev).toBeNull();
    expect(viewed!.prev).toBe(fingerprint(lines[0]!));
    expect(copied!.prev).toBe(fingerprint(lines[1]!));
    expect(viewed).toMatchObject({
      at: '2026-08-21T09:00:00.000Z',
      zone: 'Asia/Kolkata',
      item: { kind: 'dictation', id: 'd-1' },
      who: { osUser: 'drtest', account: 'client test-clinic' },
      machine: 'OPD-TEST-1',
      outcome: 'done',
      reason: null,
      category: 'viewed',
    });
    expect(viewed!.local).toMatch(/^2026-08-2\dT\d\d:\d\d:00\.000[+-]\d\d:\d\d$/);
    expect(viewed!.patient).toMatch(/^P-[0-9A-HJKMNP-TV-Z]{10}$/);
    expect(copied!.patient).toBe(viewed!.patient);

    const other = readEntry(openLine(randomBytes(32), lines[1]!));
    expect(other.kind).toBe('malformed');
    expect(verifyTrail(folder, keys.key)).toMatchObject({ entries: 3, problems: [], notes: [] });
  });

  it('names the entry whose byte was changed, and an entry taken out', () => {
    const userData = tempFolder();
    const { trail, keys, folder } = testTrail(userData);
    for (let i = 0; i < 9; i += 1) trail.record({ action: 'note-viewed', item: { kind: 'dictation', id: `d-${i}` } });
    const [file] = trailFiles(folder);
    const path = join(folder, file!.name);
    const original = readFileSync(path);
    const lines = linesOf(folder, file!.name);
    // A byte in the middle of the sixth line (entry 6).
    const at = lines.slice(0, 5).reduce((sum, line) => sum + line.length + 1, 0) + 40;
    const changed = Buffer.from(original);
    changed[at] = changed[at] === 0x41 ? 0x42 : 0x41;
    writeFileSync(path, changed);
    const report = verifyTrail(folder, keys.key);
    expect(report.problems[0]).toMatchObject({ seq: 6, file: 'audit-2026-08-1.trail', line: 6 });
    expect(report.problems[0]!.what).toMatch(/changed or damaged/);
    expect(report.entries).toBe(9);

    // Entry 4 taken out: entry 5 is named, its number telling what is missing.
    writeFileSync(path, Buffer.concat(lines.filter((_, index) => index !== 3).map((line) => Buffer.concat([line, Buffer.from('\n')]))));
    const cut = verifyTrail(folder, keys.key);
    expect(cut.problems).toHaveLength(1);
    expect(cut.problems[0]).toMatchObject({ seq: 5, line: 4 });
    expect(cut.problems[0]!.what).toMatch(/1 entry is missing before it \(numbers 4\)/);

    // Two entries swapped: named as not following.
    const swapped = [...lines];
    [swapped[2], swapped[3]] = [swapped[3]!, swapped[2]!];
    writeFileSync(path, Buffer.concat(swapped.map((line) => Buffer.concat([line, Buffer.from('\n')]))));
    expect(verifyTrail(folder, keys.key).problems[0]).toMatchObject({ seq: 4, line: 3 });
  });

  it('accepts an entry cut off by a crash; the next start names it in a new file and the chain goes on', () => {
    const userData = tempFolder();
    const first = testTrail(userData);
    for (let i = 0; i < 4; i += 1) first.trail.record({ action: 'copied', item: { kind: 'dictation', id: `d-${i}` } });
    const [file] = trailFiles(first.folder);
    // A kill -9 while the sixth entry was written: part of its line, no newline.
    const torn = linesOf(first.folder, file!.name)[1]!.subarray(0, 97);
    appendFileSync(join(first.folder, file!.name), torn);
    const crashed = verifyTrail(first.folder, first.keys.key);
    expect(crashed.problems).toEqual([]);
    expect(crashed.entries).toBe(5);
    expect(crashed.notes).toEqual([`${file!.name} ends with an entry cut off while it was written (a crash or a full disk); the next start names it.`]);

    const second = first.reopen();
    second.trail.record({ action: 'note-viewed', item: { kind: 'dictation', id: 'd-9' } });
    const files = trailFiles(second.folder).map((each) => each.name);
    expect(files).toEqual(['audit-2026-08-1.trail', 'audit-2026-08-2.trail']);
    // The broken file is kept as it was.
    expect(readFileSync(join(second.folder, files[0]!)).subarray(-97)).toEqual(torn);
    const [breakLine] = linesOf(second.folder, files[1]!);
    const named = readEntry(openLine(second.keys.key, breakLine!));
    expect(named).toMatchObject({ kind: 'entry', entry: { seq: 6, action: 'trail-break', detail: { file: files[0], seq: 5, found: 'an entry cut off while it was written (97 bytes) after entry 5' } } });
    const report = verifyTrail(second.folder, second.keys.key);
    expect(report).toMatchObject({ entries: 8, problems: [] });
    expect(report.notes).toEqual([`${files[0]} ends with an entry cut off while it was written (a crash or a full disk); entry 6 names it.`]);
  });

  it('names a file cut short that no later entry accounts for', () => {
    const userData = tempFolder();
    const { trail, keys, folder, clock } = testTrail(userData);
    trail.record({ action: 'copied' });
    clock.tick(31 * DAY_MS);
    trail.record({ action: 'copied' });
    const [august, september] = trailFiles(folder);
    expect([august!.name, september!.name]).toEqual(['audit-2026-08-1.trail', 'audit-2026-09-1.trail']);
    appendFileSync(join(folder, august!.name), 'AAAA');
    const report = verifyTrail(folder, keys.key);
    expect(report.problems[0]).toMatchObject({ file: september!.name, line: 1 });
    expect(report.problems[0]!.what).toMatch(/audit-2026-08-1.trail, before it, ends with an entry cut off, and no entry names that/);
  });

  it('starts a file each month, and removes those past retention saying so, which verify then accepts', async () => {
    const userData = tempFolder();
    const { trail, keys, folder, clock } = testTrail(userData);
    for (let month = 0; month < 14; month += 1) {
      trail.record({ action: 'note-viewed' });
      clock.tick(31 * DAY_MS);
      await trail.checkpointed();
    }
    trail.record({ action: 'note-viewed' });
    expect(trailFiles(folder).map((file) => file.name)).toHaveLength(15);
    expect(verifyTrail(folder, keys.key).problems).toEqual([]);

    // 21 Oct 2027 now: August and September 2026 ended more than 365 days ago.
    const removed = trail.removeExpired(365);
    expect(removed).toEqual(['audit-2026-08-1.trail', 'audit-2026-09-1.trail']);
    const report = verifyTrail(folder, keys.key);
    expect(report.problems).toEqual([]);
    expect(report.notes).toEqual([expect.stringMatching(/^Entries up to number 3 were removed by retention on 2027-10-/)]);
    expect(trail.removeExpired(365)).toEqual([]);

    // Removed by hand instead: verify names the gap.
    rmSync(join(folder, 'audit-2026-10-1.trail'));
    const cut = verifyTrail(folder, keys.key);
    expect(cut.problems[0]!.what).toMatch(/the 4 entries before it are missing \(no retention removed them\)/);
  });

  it('keeps at least a year whatever it is asked', () => {
    const userData = tempFolder();
    const { trail, folder, clock } = testTrail(userData);
    trail.record({ action: 'copied' });
    clock.tick(300 * DAY_MS);
    trail.record({ action: 'copied' });
    expect(trail.removeExpired(30)).toEqual([]);
    expect(trailFiles(folder)).toHaveLength(2);
  });

  it('stops on a full disk without failing the caller, counts what it missed, and starts again in a new file naming it', () => {
    const userData = tempFolder();
    let full = false;
    const problems: Array<string | null> = [];
    const { trail, keys, folder, clock } = testTrail(userData, {
      deps: {
        write: (fd, bytes) => {
          if (full) {
            // Part of the line reaches the disk before it is full.
            appendFileSync(fd, bytes.subarray(0, 30));
            throw Object.assign(new Error('no space'), { code: 'ENOSPC', syscall: 'write' });
          }
          appendFileSync(fd, bytes);
        },
      },
    });
    trail.onProblem((problem) => problems.push(problem));
    trail.record({ action: 'copied' });
    full = true;
    expect(() => trail.record({ action: 'copied' })).not.toThrow();
    expect(trail.problem()).toMatch(/^The audit trail is not being written: The disk is full\./);
    trail.record({ action: 'copied' });
    trail.record({ action: 'copied' });
    full = false;
    trail.record({ action: 'copied' });
    expect(trail.problem()).not.toBeNull();
    clock.tick(RETRY_AFTER_MS);
    trail.record({ action: 'note-viewed' });
    expect(trail.problem()).toBeNull();
    expect(problems).toEqual([expect.stringMatching(/disk is full/), null]);
    const files = trailFiles(folder).map((file) => file.name);
    expect(files).toEqual(['audit-2026-08-1.trail', 'audit-2026-08-2.trail']);
    const [breakLine] = linesOf(folder, files[1]!);
    const named = readEntry(openLine(keys.key, breakLine!));
    expect(named.kind === 'entry' && named.entry.detail).toMatchObject({ file: files[0], seq: 2 });
    expect(named.kind === 'entry' && named.entry.detail.found).toMatch(/^the disk refused entries from 2026-08-21T09:00:00.000Z; 4 entries were not written$/);
    const report = verifyTrail(folder, keys.key);
    expect(report.problems).toEqual([]);
    expect(report.entries).toBe(4);
  });

  it('syncs a moment after writing, once for a burst, and again for what came while it synced', async () => {
    const userData = tempFolder();
    const { trail, clock } = testTrail(userData);
    // The start's checkpoint answered and the keys kept: its entry's sync is what waits.
    await trail.checkpointed();
    await new Promise((resolve) => setImmediate(resolve));
    expect(clock.pending).toBe(1);
    for (let i = 0; i < 20; i += 1) trail.record({ action: 'copied' });
    // The same sync, and the checkpoint a minute later.
    expect(clock.pending).toBe(2);
    // Moved at once, with no turn of the event loop: the disk's sync is surely still under way below.
    clock.tick(SYNC_AFTER_MS);
    expect(clock.pending).toBe(1);
    // Written while the disk syncs: a sync of its own follows once that one is done.
    trail.record({ action: 'copied' });
    expect(clock.pending).toBe(1);
    for (let turns = 0; clock.pending === 1 && turns < 10_000; turns += 1) await new Promise((resolve) => setImmediate(resolve));
    expect(clock.pending).toBe(2);
    await trail.close();
    expect(clock.pending).toBe(0);
  });

  it('refuses a trail with an entry of a newer form, without reading further', () => {
    const userData = tempFolder();
    const { trail, keys, folder } = testTrail(userData);
    trail.record({ action: 'copied' });
    appendFileSync(join(folder, trailFiles(folder)[0]!.name), sealedLine(keys.key, { v: 2, seq: 3 }));
    expect(verifyTrail(folder, keys.key).newer).toEqual({ file: 'audit-2026-08-1.trail', version: 2 });
  });
});

describe('pseudonyms', () => {
  it('are random per patient, kept across starts, and lead nowhere once the patient is deleted', async () => {
    const userData = tempFolder();
    const masterKey = randomBytes(32);
    const first = testTrail(userData, { masterKey });
    const other = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
    const pseudonym = first.keys.pseudonymOf(PATIENT);
    expect(first.keys.pseudonymOf(PATIENT)).toBe(pseudonym);
    expect(first.keys.pseudonymOf(other)).not.toBe(pseudonym);
    // Not derived from the id: another trail gives the same patient another one.
    expect(testTrail(tempFolder()).keys.pseudonymOf(PATIENT)).not.toBe(pseudonym);
    first.trail.record({ action: 'patient-created', item: { kind: 'patient', id: PATIENT }, patientId: PATIENT });
    await first.clock.advance(0);
    await first.trail.close();

    const again = testTrailKeys(userData, masterKey, true);
    expect(again.patientOf(pseudonym)).toBe(PATIENT);
    const second = first.reopen();
    second.trail.record({ action: 'deleted', item: { kind: 'patient', id: PATIENT }, patientId: PATIENT, detail: { how: 'by hand' } });
    expect(second.keys.patientOf(pseudonym)).toBeNull();
    expect(testTrailKeys(userData, masterKey, true).patientOf(pseudonym)).toBeNull();
    // The entries keep the pseudonym: the deletion itself is under it.
    const files = trailFiles(second.folder);
    const last = linesOf(second.folder, files.at(-1)!.name).at(-1)!;
    const read = readEntry(openLine(second.keys.key, last));
    expect(read.kind === 'entry' && read.entry.patient).toBe(pseudonym);
    expect(readdirSync(join(userData, 'keys'))).toEqual(['audit.sealed']);
  });

  it('of patients no longer on this computer are destroyed at start', () => {
    const userData = tempFolder();
    const { keys } = testTrail(userData);
    const gone = keys.pseudonymOf(PATIENT);
    keys.save();
    expect(keys.keepOnly(new Set())).toBe(1);
    expect(keys.patientOf(gone)).toBeNull();
  });
});
