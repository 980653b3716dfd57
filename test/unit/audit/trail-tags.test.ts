/**
 * Forward-secure tags (issue 56.2): whoever holds this hour's keys (the trail's key and the
 * tag key, as any program in the doctor's session can) can rewrite an earlier hour's entry and
 * chain everything after it again, so that verify without the verification key still says
 * intact; with it, the rewritten entry is named. The tag key moves on each hour and the one
 * before is gone from the keys; the verification key is shown once. A trail an earlier version
 * wrote (keys of version 1, lines without tags) opens, is tagged from then on and verifies.
 * Real files; the clock is the test's.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkpointOutcome, verificationKeyRefusal, verifyOutcome } from '../../../main/audit/audit-command';
import { entryOf, readEntry, type AuditEntry } from '../../../main/audit/audit-entry';
import { readTrailFile, trailFiles } from '../../../main/audit/trail-files';
import { lastEntryOf } from '../../../main/audit/trail-reading';
import { fingerprint, splitLine, openLine, sealedLine } from '../../../main/audit/trail-record';
import { TAG_PERIOD_MS, parseVerificationKey } from '../../../main/audit/trail-tags';
import { verifyTrail } from '../../../main/audit/trail-verify';
import { eraseHandout, handoutPath, keepHandout, readHandout } from '../../../main/audit/verification-handout';
import { SealedDocument } from '../../../main/storage/sealed-document';
import { testTrail, testTrailKeys } from '../../support/audit-fixture';
import { tempFolder } from '../../support/temp-folder';

const linesOf = (path: string) => readTrailFile(path).lines.map((line) => line.bytes);
const entryIn = (key: Buffer, line: Buffer) => {
  const read = readEntry(openLine(key, line));
  if (read.kind !== 'entry') throw new Error('not an entry');
  return read.entry;
};

/**
 * What someone holding the trail's key and this hour's tag key can do: entry `seq` changed,
 * and every line from it on sealed, chained and tagged again, each keeping its time.
 */
function rewriteFrom(path: string, trailKey: Buffer, tagging: { period: number; key: Buffer }, seq: number, change: (entry: AuditEntry) => AuditEntry): void {
  const lines = linesOf(path);
  const out: Buffer[] = [];
  let prev: string | null = null;
  for (const line of lines) {
    const entry = entryIn(trailKey, line);
    if (entry.seq < seq) {
      out.push(line);
      prev = fingerprint(line);
      continue;
    }
    const rewritten = sealedLine(trailKey, { ...(entry.seq === seq ? change(entry) : entry), prev }, tagging).subarray(0, -1);
    out.push(rewritten);
    prev = fingerprint(rewritten);
  }
  writeFileSync(path, Buffer.concat(out.map((line) => Buffer.concat([line, Buffer.from('\n')]))));
}

describe('forward-secure tags', () => {
  it('name an entry of an earlier hour written again with this hour\u2019s keys, which the chain alone cannot', async () => {
    const userData = tempFolder();
    const opened = testTrail(userData);
    for (let i = 0; i < 4; i += 1) opened.trail.record({ action: 'copied', item: { kind: 'dictation', id: `d-${i}` } });
    opened.clock.tick(2 * TAG_PERIOD_MS + 1000);
    for (let i = 0; i < 2; i += 1) opened.trail.record({ action: 'note-viewed', item: { kind: 'dictation', id: `d-${i}` } });
    await opened.trail.close();
    const path = join(opened.folder, trailFiles(opened.folder)[0]!.name);
    expect(linesOf(path).map((line) => splitLine(line)!.tag!.period)).toEqual([0, 0, 0, 0, 0, 2, 2]);
    const original = readFileSync(path);
    const verificationKey = parseVerificationKey(opened.verificationKey!)!;
    expect(verificationKey).toMatchObject({ trail: opened.keys.trail, start: Date.UTC(2026, 7, 21, 9, 0, 0) });
    expect(verifyTrail(opened.folder, opened.keys.key, { verificationKey })).toMatchObject({ problems: [], tags: { tagged: 7, checked: true } });

    // The doctor's session holds the keys as they are now: the trail's key, and hour 2's tag key.
    const now = opened.keys.tagKeyAt(opened.clock.now())!;
    expect(now.period).toBe(2);
    // Entry 3 ("copied" at 09:00) made to say something else; its time kept.
    rewriteFrom(path, opened.keys.key, now, 3, (entry) => ({ ...entry, action: 'note-viewed', category: 'viewed' }));
    const alone = verifyTrail(opened.folder, opened.keys.key);
    expect(alone.problems).toEqual([]);
    expect(verifyOutcome(alone, opened.folder).text).toContain('Tags not checked: give --verify-key=');
    const checked = verifyTrail(opened.folder, opened.keys.key, { verificationKey });
    expect(checked.problems[0]).toMatchObject({ seq: 3, line: 3, what: 'its tag is of hour 2, not the hour its time gives: it was written again with a later hour\u2019s key' });

    // Claiming hour 0 instead, with hour 2's key: the tag does not verify.
    rewriteFrom(path, opened.keys.key, { period: 0, key: now.key }, 3, (entry) => entry);
    expect(verifyTrail(opened.folder, opened.keys.key, { verificationKey }).problems[0]).toMatchObject({ seq: 3, what: expect.stringMatching(/^its tag does not verify with the verification key/) });

    // Within this hour, the holder of its key can still write again: what tags cannot see, and checkpoints must.
    writeFileSync(path, original);
    rewriteFrom(path, opened.keys.key, now, 7, (entry) => ({ ...entry, action: 'copied', category: 'left' }));
    expect(verifyTrail(opened.folder, opened.keys.key, { verificationKey }).problems).toEqual([]);
  });

  it('move their key on each hour: the keys kept hold only this hour\u2019s, never the seed', async () => {
    const userData = tempFolder();
    const masterKey = randomBytes(32);
    const opened = testTrail(userData, { masterKey });
    const seed = parseVerificationKey(opened.verificationKey!)!.seed.toString('base64');
    const kept = () => new SealedDocument(join(userData, 'keys', 'audit.sealed'), masterKey, null, 'audit trail keys').initial as { tagKey: { period: number; key: string } };
    expect(kept().tagKey).toEqual({ start: expect.any(Number), period: 0, key: seed });
    opened.clock.tick(TAG_PERIOD_MS);
    opened.trail.record({ action: 'copied' });
    await opened.trail.close();
    expect(kept().tagKey.period).toBe(1);
    expect(kept().tagKey.key).not.toBe(seed);
    expect(readFileSync(join(userData, 'keys', 'audit.sealed')).includes(Buffer.from(seed, 'base64'))).toBe(false);
  });

  it('of another trail: its verification key is refused by name', () => {
    const userData = tempFolder();
    const opened = testTrail(userData);
    const other = parseVerificationKey(testTrail(tempFolder()).verificationKey!)!;
    expect(verificationKeyRefusal(other, opened.keys.trail)).toEqual({ code: 1, text: `Refused: this verification key is for another trail (${other.trail}); this folder's trail is ${opened.keys.trail}.` });
    expect(verificationKeyRefusal(parseVerificationKey(opened.verificationKey!), opened.keys.trail)).toBeNull();
    expect(parseVerificationKey('SDAV1-nonsense')).toBeNull();
  });
});

describe('the verification key', () => {
  it('waits sealed with the trail\u2019s key, is shown once by --audit-checkpoint with the checkpoint, then is gone', () => {
    const userData = tempFolder();
    const opened = testTrail(userData);
    const path = handoutPath(userData);
    keepHandout(path, opened.keys.key, opened.verificationKey!);
    expect(readFileSync(path).includes(Buffer.from(opened.verificationKey!))).toBe(false);
    const handout = readHandout(path, opened.keys.key);
    const last = lastEntryOf(opened.folder, opened.keys.key)!;
    const shown = checkpointOutcome(opened.folder, last, handout, { name: 'the systemd journal', problem: null });
    expect(shown.code).toBe(0);
    expect(shown.text).toContain(`Checkpoint: 1:${opened.trail.chainEnd().hash}`);
    expect(shown.text).toContain(`Verification key (shown this once, and now erased from this computer): ${opened.verificationKey}`);
    expect(shown.text).toContain('It was also written to the systemd journal.');
    eraseHandout(path);
    const again = checkpointOutcome(opened.folder, last, readHandout(path, opened.keys.key), { name: 'the systemd journal', problem: 'the systemd journal refused it (ECONNREFUSED)' });
    expect(again.text).not.toContain('SDAV1-');
    expect(again.text).toContain('The verification key was shown before: it is shown once only.');
    expect(again.text).toContain('It could not be written to the systemd journal (the systemd journal refused it (ECONNREFUSED)).');
    // Another trail's key file cannot open it.
    keepHandout(path, randomBytes(32), 'SDAV1-x');
    expect(readHandout(path, opened.keys.key)).toEqual({ kind: 'unreadable' });
  });
});

describe('a trail an earlier version wrote', () => {
  it('opens: its keys gain an id and a tag key (the verification key handed out), new lines are tagged, and the whole verifies', async () => {
    const userData = tempFolder();
    const masterKey = randomBytes(32);
    const trailKey = randomBytes(32);
    // Version 1 keys and three untagged lines, as data format 2 left them.
    new SealedDocument(join(userData, 'keys', 'audit.sealed'), masterKey, null, 'audit trail keys').write({ version: 1, key: trailKey.toString('base64'), pseudonyms: {} });
    mkdirSync(join(userData, 'audit'));
    let prev: string | null = null;
    const lines: Buffer[] = [];
    for (let seq = 1; seq <= 3; seq += 1) {
      const entry = entryOf({ action: 'copied' }, { seq, now: new Date(Date.UTC(2026, 6, 1, 9, seq)), zone: 'Asia/Kolkata', who: { osUser: 'drtest', account: null }, machine: 'OPD-TEST-1', patient: null, prev, app: '0.0.9' });
      const line = sealedLine(trailKey, entry);
      expect(line.toString('ascii')).not.toContain('.');
      lines.push(line);
      prev = fingerprint(line);
    }
    writeFileSync(join(userData, 'audit', 'audit-2026-07-1.trail'), Buffer.concat(lines));
    // The command line reads it as it is, and never upgrades it.
    expect(testTrailKeys(userData, masterKey, true).trail).toBeNull();

    const opened = testTrail(userData, { masterKey });
    expect(opened.keys.trail).toMatch(/^[0-9a-f]{32}$/);
    expect(opened.verificationKey).toMatch(/^SDAV1-/);
    opened.trail.record({ action: 'note-viewed' });
    await opened.trail.close();
    const report = verifyTrail(opened.folder, opened.keys.key, { verificationKey: parseVerificationKey(opened.verificationKey!) });
    expect(report).toMatchObject({ entries: 5, problems: [], tags: { tagged: 2, checked: true } });
    expect(verifyOutcome(report, opened.folder).text).toContain('3 earlier entries were written before tags began (an earlier version): their chain is checked, not their hour.');
    // A line without a tag after tagged ones is named.
    const path = join(opened.folder, 'audit-2026-08-1.trail');
    const [first] = linesOf(path);
    const untagged = sealedLine(opened.keys.key, { ...entryIn(opened.keys.key, first!), seq: 6, prev: fingerprint(linesOf(path).at(-1)!) });
    writeFileSync(path, Buffer.concat([readFileSync(path), untagged]));
    expect(verifyTrail(opened.folder, opened.keys.key).problems[0]).toMatchObject({ seq: 6, what: expect.stringMatching(/^it has no tag, though the entries before it have/) });
  });
});
