/**
 * The trail shows what was cut, rolled back or replaced (issue 56.2): checkpoints go to the
 * system log as the trail is written; verify, given them (`--expect`, or read back from the
 * log), names the entries missing after the last lines are cut, after a restart on a cut trail,
 * after an older copy of the data folder is put back, and after the trail is deleted; a start
 * on a cut trail never uses an entry number twice; a key that is lost or another trail's is
 * refused; a crash's half-written entry is reported and the trail goes on; a checkpoint from the
 * future does not match; a system log that cannot be written is said once. Real files; the
 * clock is the test's.
 */
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, readFileSync, readdirSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readEntry } from '../../../main/audit/audit-entry';
import { CHECKPOINT_AFTER_MS } from '../../../main/audit/audit-trail';
import { noTrailOutcome, verifyOutcome } from '../../../main/audit/audit-command';
import { checkpointsIn, parseExpected, type FoundCheckpoint } from '../../../main/audit/checkpoint';
import { readTrailFile, trailFiles } from '../../../main/audit/trail-files';
import { TrailKeyLost, TrailKeyMismatch } from '../../../main/audit/trail-keys';
import { openLine } from '../../../main/audit/trail-record';
import { verifyTrail } from '../../../main/audit/trail-verify';
import type { EventLog } from '../../../main/core/event-log';
import { memorySystemLog, testTrail, testTrailKeys, type TestTrail } from '../../support/audit-fixture';
import { tempFolder } from '../../support/temp-folder';

/** A clinic's morning: `count` entries, then a minute for the checkpoint, answered by the system log. */
async function work(opened: TestTrail, count: number): Promise<void> {
  for (let i = 0; i < count; i += 1) opened.trail.record({ action: 'note-viewed', item: { kind: 'dictation', id: `d-${i}` } });
  opened.clock.tick(CHECKPOINT_AFTER_MS);
  await opened.trail.checkpointed();
}

/** The checkpoints the test's system log holds for this data folder, as verify reads them from a log's text. */
function logged(opened: TestTrail, userData: string): FoundCheckpoint[] {
  return checkpointsIn(opened.systemLog.messages.join('\n'), userData, 'the test log');
}

/** Keeps the first `count` lines of the trail's only file: the rest cut off by someone who can write the folder. */
function keepLines(folder: string, count: number): void {
  const [file] = trailFiles(folder);
  const path = join(folder, file!.name);
  const lines = readTrailFile(path).lines.slice(0, count);
  writeFileSync(path, Buffer.concat(lines.map((line) => Buffer.concat([line.bytes, Buffer.from('\n')]))));
}

const verified = (opened: TestTrail, userData: string, checkpoints: FoundCheckpoint[]) =>
  verifyOutcome(verifyTrail(opened.folder, opened.keys.key, { checkpoints, trail: opened.keys.trail }), opened.folder);

describe('checkpoints', () => {
  it('go to the system log at start and a minute after entries, naming the entry, its fingerprint, the trail and the folder; the keys keep the last', async () => {
    const userData = tempFolder();
    const opened = testTrail(userData);
    await opened.trail.checkpointed();
    expect(opened.systemLog.messages).toEqual([expect.stringMatching(new RegExp(`^Scribe Desk audit checkpoint: entry 1, fingerprint [0-9a-f]{64}, trail ${opened.keys.trail}, folder [0-9a-f]{16} \\(${userData}\\)$`))]);
    await work(opened, 5);
    expect(logged(opened, userData).map((point) => point.seq)).toEqual([1, 6]);
    expect(opened.keys.checkpoint).toEqual({ seq: 6, hash: opened.trail.chainEnd().hash });
    expect(opened.keys.loggedSeq).toBe(6);
    // Another folder's checkpoints in the same log are not this one's.
    expect(checkpointsIn(opened.systemLog.messages.join('\n'), tempFolder(), 'the test log')).toEqual([]);
    const report = verifyTrail(opened.folder, opened.keys.key, { checkpoints: logged(opened, userData), trail: opened.keys.trail });
    expect(report.checkpoints).toMatchObject({ checked: 2, held: { seq: 6 }, problems: [] });
  });

  it('find the last entries cut off, which the chain alone cannot', async () => {
    const userData = tempFolder();
    const opened = testTrail(userData);
    await work(opened, 10);
    keepLines(opened.folder, 8);
    // Alone, the trail cut short still reads as whole.
    expect(verified(opened, userData, []).code).toBe(0);
    const outcome = verified(opened, userData, logged(opened, userData));
    expect(outcome.code).toBe(1);
    expect(outcome.text).toContain('NOT INTACT. The trail ends at entry 8, but the checkpoint in the test log names entry 11: entries 9\u201311 are missing');
    // Given by hand as IT kept it, likewise.
    const kept = parseExpected(`11:${logged(opened, userData).at(-1)!.hash}`)!;
    expect(verified(opened, userData, [{ ...kept, source: '--expect', at: null }]).text).toContain('the checkpoint given (--expect) names entry 11: entries 9\u201311 are missing');
  });

  it('after a restart on a cut trail: the start names the gap, numbers go on after the checkpoint, never used twice', async () => {
    const userData = tempFolder();
    const first = testTrail(userData);
    await work(first, 10);
    await first.trail.close();
    keepLines(first.folder, 8);
    const second = first.reopen();
    const files = trailFiles(second.folder).map((file) => file.name);
    expect(files).toEqual(['audit-2026-08-1.trail', 'audit-2026-08-2.trail']);
    const [breakLine, opening] = readTrailFile(join(second.folder, files[1]!)).lines.map((line) => readEntry(openLine(second.keys.key, line.bytes)));
    expect(breakLine).toMatchObject({ kind: 'entry', entry: { seq: 12, action: 'trail-break', detail: { seq: 11, found: 'entries after 8 are gone: this computer\u2019s last checkpoint was entry 11' } } });
    expect(opening).toMatchObject({ kind: 'entry', entry: { seq: 13, action: 'trail-opened' } });
    // Verify names the gap even without a checkpoint from outside, and with them.
    const alone = verified(second, userData, []);
    expect(alone.text).toContain('Entry 12 says the trail began again: entries after 8 are gone: this computer\u2019s last checkpoint was entry 11.');
    expect(alone.text).toContain('NOT INTACT. Entry 12 (audit-2026-08-2.trail, line 1) does not verify: 3 entries are missing before it (numbers 9\u201311).');
    expect(verified(second, userData, logged(second, userData)).code).toBe(1);
  });

  it('after an older copy of the data folder is put back (keys and all), the system log names what is missing, and then the numbers used twice', async () => {
    const userData = tempFolder();
    const copy = tempFolder();
    const first = testTrail(userData);
    await work(first, 4);
    await first.trail.close();
    cpSync(userData, copy, { recursive: true });
    const second = first.reopen();
    await work(second, 6);
    await second.trail.close();
    const checkpoints = logged(second, userData);
    rmSync(userData, { recursive: true });
    cpSync(copy, userData, { recursive: true });
    const restored = verified(second, userData, checkpoints);
    expect(restored.code).toBe(1);
    expect(restored.text).toMatch(/NOT INTACT\. The trail ends at entry 5, but the checkpoint in the test log names entry 12: entries 6\u201312 are missing \(cut from the end, an older copy of the folder put back, or the trail deleted\)/);

    // The app started on it goes on from entry 6 again: the checkpoint of entry 6 no longer matches.
    const third = second.reopen();
    await work(third, 6);
    const reused = verified(third, userData, checkpoints);
    expect(reused.text).toMatch(/NOT INTACT\. Entry 6 is not the one the checkpoint in the test log names: the trail was cut or rolled back before it and written again, its numbers used twice; the last entry a checkpoint vouches for is 5\./);
  });

  it('after the trail is deleted: a start with the keys names it and the entries before; without the keys a new trail is named as another', async () => {
    const userData = tempFolder();
    const first = testTrail(userData);
    await work(first, 5);
    await first.trail.close();
    const checkpoints = logged(first, userData);
    rmSync(first.folder, { recursive: true });
    // Nothing left to read: verify says what the checkpoints name.
    const none = noTrailOutcome(first.folder, checkpoints, null);
    expect(none).toEqual({ code: 1, text: expect.stringContaining(`NOT INTACT. Entries 1\u20136 are missing: the test log names entry 6 of trail ${first.keys.trail!.slice(0, 12)}\u2026. The trail was deleted or moved.`) });

    const second = first.reopen();
    const [breakLine] = readTrailFile(join(second.folder, trailFiles(second.folder)[0]!.name)).lines;
    expect(readEntry(openLine(second.keys.key, breakLine!.bytes))).toMatchObject({ entry: { seq: 7, action: 'trail-break', detail: { found: expect.stringMatching(/^the trail\u2019s files are gone \(deleted or moved\); entries after 0 are gone/) } } });
    expect(verified(second, userData, []).text).toContain('the trail begins here, and the 6 entries before it are missing (no retention removed them)');
    await second.trail.close();

    // Trail and keys deleted: a new trail, with a new key and id, begins at 1; the system log knows the one before.
    rmSync(second.folder, { recursive: true });
    rmSync(join(userData, 'keys'), { recursive: true });
    const third = testTrail(userData, { systemLog: second.systemLog });
    expect(third.keys.trail).not.toBe(second.keys.trail);
    const replaced = verified(third, userData, logged(third, userData));
    expect(replaced.code).toBe(1);
    expect(replaced.text).toContain(`The test log holds checkpoints of another trail in this folder (trail ${second.keys.trail!.slice(0, 12)}\u2026, up to entry`);
  });

  it('a checkpoint from the future, or with another fingerprint, does not match', async () => {
    const userData = tempFolder();
    const opened = testTrail(userData);
    await work(opened, 3);
    const end = opened.trail.chainEnd();
    const future = verified(opened, userData, [{ seq: 9000, hash: end.hash!, trail: null, source: '--expect', at: null }]);
    expect(future.code).toBe(1);
    expect(future.text).toContain('the checkpoint given (--expect) names entry 9000: entries 5\u20139000 are missing (cut from the end, an older copy of the folder put back, or the trail deleted), or the checkpoint is not this trail\'s.');
    const other = verified(opened, userData, [{ seq: 4, hash: 'ab'.repeat(32), trail: null, source: '--expect', at: null }]);
    expect(other.text).toContain('NOT INTACT. Entry 4 is not the one the checkpoint given (--expect) names');
    // The fingerprint's first 16 digits, as verify prints it, are enough.
    expect(verified(opened, userData, [{ seq: 4, hash: end.hash!.slice(0, 16), trail: null, source: '--expect', at: null }]).code).toBe(0);
  });
});

describe('a trail that goes wrong', () => {
  it('with its last entry half written (a crash): verify reports it, the next start names it and goes on, and the checkpoints hold', async () => {
    const userData = tempFolder();
    const first = testTrail(userData);
    await work(first, 4);
    const [file] = trailFiles(first.folder);
    appendFileSync(join(first.folder, file!.name), readTrailFile(join(first.folder, file!.name)).lines[2]!.bytes.subarray(0, 120));
    const crashed = verified(first, userData, logged(first, userData));
    expect(crashed.code).toBe(0);
    expect(crashed.text).toContain(`${file!.name} ends with an entry cut off while it was written (a crash or a full disk); the next start names it.`);
    const second = first.reopen();
    await work(second, 2);
    const after = verified(second, userData, logged(second, userData));
    expect(after.code).toBe(0);
    expect(after.text).toContain('entry 6 names it');
  });

  it('whose key file is gone is refused: no new key is made in silence', async () => {
    const userData = tempFolder();
    const masterKey = randomBytes(32);
    const opened = testTrail(userData, { masterKey });
    await work(opened, 2);
    await opened.trail.close();
    rmSync(join(userData, 'keys', 'audit.sealed'));
    expect(() => testTrailKeys(userData, masterKey)).toThrow(TrailKeyLost);
    expect(existsSync(join(userData, 'keys', 'audit.sealed'))).toBe(false);
  });

  it("whose key file was replaced by another trail's is refused, and its files left as they are", async () => {
    const userData = tempFolder();
    const masterKey = randomBytes(32);
    const opened = testTrail(userData, { masterKey });
    await work(opened, 2);
    await opened.trail.close();
    const other = tempFolder();
    testTrail(other, { masterKey });
    cpSync(join(other, 'keys', 'audit.sealed'), join(userData, 'keys', 'audit.sealed'));
    const before = readdirSync(opened.folder).map((name) => readFileSync(join(opened.folder, name), 'base64'));
    expect(() => opened.reopen()).toThrow(TrailKeyMismatch);
    expect(readdirSync(opened.folder).map((name) => readFileSync(join(opened.folder, name), 'base64'))).toEqual(before);
  });

  it('whose system log cannot be written goes on, saying so once in the log and in the trail, which verify reports', async () => {
    const userData = tempFolder();
    const systemLog = memorySystemLog();
    systemLog.refusing = 'the systemd journal refused it (ECONNREFUSED)';
    const warnings: string[] = [];
    const log: EventLog = { info: () => undefined, warn: (event) => warnings.push(event), error: () => undefined };
    const opened = testTrail(userData, { systemLog, deps: { log } });
    await opened.trail.checkpointed();
    await work(opened, 3);
    await work(opened, 3);
    expect(warnings).toEqual(["audit: the trail's checkpoints cannot be written to the test log (the systemd journal refused it (ECONNREFUSED)); the trail goes on, its checkpoints kept in the data folder only"]);
    const report = verifyTrail(opened.folder, opened.keys.key);
    expect(report.problems).toEqual([]);
    expect(report.entries).toBe(8);
    expect(report.notes).toEqual([expect.stringMatching(/^The system log refused checkpoints from 2026-08-21T09:00:00\.000Z \(entry 2: the test log cannot be written: the systemd journal refused it \(ECONNREFUSED\)\); they were kept in the data folder only\.$/)]);
    // Kept in the folder all the same, and nothing counts as covered for retention.
    expect(opened.keys.checkpoint?.seq).toBe(8);
    expect(opened.keys.loggedSeq).toBe(0);
  });
});
