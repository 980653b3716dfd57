/**
 * The trail for an auditor: jsonl and csv, a time range, names only where the caller resolves
 * them, and the command line's switches and what it prints, refusals included.
 */
import { describe, expect, it } from 'vitest';
import { auditCommandOf, exportOutcome, parseDate, verifyOutcome } from '../../../main/audit/audit-command';
import { csvCell, exportTrail, type ExportOptions, type ExportSummary } from '../../../main/audit/trail-export';
import { verifyTrail } from '../../../main/audit/trail-verify';
import { testTrail } from '../../support/audit-fixture';
import { tempFolder } from '../../support/temp-folder';

const PATIENT = '6f1d2c3b-4a59-4e87-9b1a-2c3d4e5f6a7b';
const HOUR_MS = 60 * 60 * 1000;

function written(folder: string, key: Buffer, options: ExportOptions): { text: string; summary: ExportSummary } {
  const pieces = exportTrail(folder, key, options);
  let text = '';
  for (let next = pieces.next(); ; next = pieces.next()) {
    if (next.done) return { text, summary: next.value };
    text += next.value;
  }
}

/** A day at the clinic: entries at 09:00, 10:00 and 11:00 UTC on 21 Aug 2026. */
function clinicDay() {
  const userData = tempFolder();
  const made = testTrail(userData);
  made.trail.record({ action: 'note-viewed', item: { kind: 'dictation', id: 'd-1' }, patientId: PATIENT, detail: { what: 'note' } });
  made.clock.tick(HOUR_MS);
  made.trail.record({ action: 'copied', item: { kind: 'dictation', id: 'd-1' }, patientId: PATIENT, outcome: { done: false, reason: 'the item no longer exists' }, detail: { what: 'note', how: 'by the page' } });
  made.clock.tick(HOUR_MS);
  made.trail.record({ action: 'sent', item: { kind: 'lab-report', id: 'l-1' }, detail: { api: 'records: lab report upload', service: 'sandbox' } });
  return made;
}

describe('the export', () => {
  it('writes one JSON entry a line, with names only where they are resolved', () => {
    const { folder, keys } = clinicDay();
    const all = written(folder, keys.key, { format: 'jsonl', range: { from: null, to: null } });
    const lines = all.text.trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.map((entry) => entry.action)).toEqual(['trail-opened', 'note-viewed', 'copied', 'sent']);
    expect(all.summary).toEqual({ entries: 4, unreadable: 0, newer: null });
    expect(lines[2]).toMatchObject({ seq: 3, outcome: 'refused', reason: 'the item no longer exists', who: { osUser: 'drtest' }, machine: 'OPD-TEST-1' });
    expect(JSON.stringify(lines)).not.toContain(PATIENT);
    expect(lines[1]).not.toHaveProperty('patientName');

    const pseudonym = lines[1]!.patient as string;
    const named = written(folder, keys.key, { format: 'jsonl', range: { from: null, to: null }, nameOf: (asked) => (asked === pseudonym ? 'Test Patient Asha' : null) });
    const namedLines = named.text.trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(namedLines[1]).toMatchObject({ patient: pseudonym, patientName: 'Test Patient Asha' });
    expect(namedLines[3]).not.toHaveProperty('patientName');
  });

  it('writes CSV a spreadsheet opens safely, for the range asked', () => {
    const { folder, keys } = clinicDay();
    const { text, summary } = written(folder, keys.key, {
      format: 'csv',
      range: { from: new Date(Date.UTC(2026, 7, 21, 9, 30)), to: new Date(Date.UTC(2026, 7, 21, 11, 0)) },
      nameOf: () => '=HYPERLINK("x")',
    });
    expect(summary.entries).toBe(1);
    const [header, row, end] = text.split('\r\n');
    expect(header).toBe('seq,utc,local,zone,category,action,what,item_kind,item_id,patient,patient_name,os_user,account,machine,outcome,reason,detail,app,prev');
    expect(row).toMatch(/^3,2026-08-21T10:00:00\.000Z,[^,]+,Asia\/Kolkata,left,copied,Copied to the clipboard,dictation,d-1,P-[0-9A-Z]{10},"'=HYPERLINK\(""x""\)",drtest,client test-clinic,OPD-TEST-1,refused,the item no longer exists,how=by the page; what=note,0\.1\.0-test,[0-9a-f]{64}$/);
    expect(end).toBe('');
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell(null)).toBe('');
  });

  it('says so for a range with nothing in it, writing nothing', () => {
    const { folder, keys } = clinicDay();
    const { text, summary } = written(folder, keys.key, { format: 'csv', range: { from: new Date(Date.UTC(2026, 8, 1)), to: null } });
    expect(text).toBe('');
    const command = auditCommandOf(['--audit-export=out.csv', '--from=2026-09-01'], '/tmp');
    expect(command?.kind).toBe('export');
    expect(exportOutcome(summary, command as Extract<typeof command, { kind: 'export' }>, folder, false)).toEqual({ code: 1, text: `No entries from 2026-09-01 in ${folder}: nothing was written.` });
  });
});

describe('the command line', () => {
  it('reads verify and export with their switches, refusing what cannot be done', () => {
    expect(auditCommandOf(['electron', '.'], '/x')).toBeNull();
    expect(auditCommandOf(['x', '--audit-verify', '--user-data-dir=/d'], '/x')).toEqual({ kind: 'verify', expected: [], verificationKey: null, systemLog: true });
    expect(auditCommandOf(['x', '--audit-export=trail.csv', '--format=csv', '--from=2026-08-01', '--to=2026-08-31'], '/work')).toEqual({
      kind: 'export',
      file: '/work/trail.csv',
      format: 'csv',
      range: { from: new Date(2026, 7, 1), to: new Date(2026, 8, 1) },
      words: 'from 2026-08-01 to 2026-08-31',
    });
    expect(auditCommandOf(['x', '--audit-export=/abs/t.jsonl'], '/work')).toMatchObject({ file: '/abs/t.jsonl', format: 'jsonl', range: { from: null, to: null }, words: 'of the whole trail' });
    expect(auditCommandOf(['x', '--audit-export=t', '--format=xml'], '/w')).toEqual({ kind: 'refused', message: 'Unknown format "xml": the formats are jsonl and csv.' });
    expect(auditCommandOf(['x', '--audit-export'], '/w')).toEqual({ kind: 'refused', message: 'Give the file to write: --audit-export=<file>.' });
    expect(auditCommandOf(['x', '--audit-export=t', '--from=21/08/2026'], '/w')).toMatchObject({ kind: 'refused', message: expect.stringContaining('--from must be a day (2026-08-21)') });
    expect(auditCommandOf(['x', '--audit-export=t', '--from=2026-02-30'], '/w')).toMatchObject({ kind: 'refused' });
    expect(auditCommandOf(['x', '--audit-export=t', '--from=2026-09-02', '--to=2026-09-01'], '/w')).toEqual({ kind: 'refused', message: '--from (2026-09-02) is after --to (2026-09-01).' });
    expect(auditCommandOf(['x', '--audit-export=t', '--audit-verify'], '/w')).toMatchObject({ kind: 'refused' });
    expect(parseDate('2026-08-21T10:00:00+05:30', false)).toEqual(new Date(Date.UTC(2026, 7, 21, 4, 30)));
  });

  it('reads --audit-checkpoint, and --audit-verify with its checkpoints (--expect, more than one), its verification key and without the system log', () => {
    const hash = 'ab'.repeat(32);
    const key = `SDAV1-${'0f'.repeat(16)}-${'1e'.repeat(32)}-1787302800000`;
    expect(auditCommandOf(['x', '--audit-checkpoint'], '/w')).toEqual({ kind: 'checkpoint' });
    expect(auditCommandOf(['x', '--audit-checkpoint=now'], '/w')).toEqual({ kind: 'refused', message: '--audit-checkpoint takes no value.' });
    expect(auditCommandOf(['x', '--audit-verify', `--expect=12:${hash}`, '--expect=40:3FA91C0DE2774B1A', `--verify-key=${key}`, '--no-system-log'], '/w')).toEqual({
      kind: 'verify',
      expected: [
        { seq: 12, hash, trail: null },
        { seq: 40, hash: '3fa91c0de2774b1a', trail: null },
      ],
      verificationKey: { trail: '0f'.repeat(16), seed: Buffer.from('1e'.repeat(32), 'hex'), start: 1787302800000 },
      systemLog: false,
    });
    for (const bad of ['--expect=12', '--expect=0:' + hash, '--expect=12:abc', '--expect']) {
      expect(auditCommandOf(['x', '--audit-verify', bad], '/w')).toMatchObject({ kind: 'refused', message: expect.stringMatching(/^--expect must be an entry's number and its fingerprint/) });
    }
    expect(auditCommandOf(['x', '--audit-verify', '--verify-key=SDAV1-short'], '/w')).toEqual({ kind: 'refused', message: '--verify-key must be the verification key --audit-checkpoint showed (SDAV1-\u2026).' });
    expect(auditCommandOf(['x', '--audit-verify', '--audit-checkpoint'], '/w')).toEqual({ kind: 'refused', message: 'Give one of --audit-verify, --audit-checkpoint and --audit-export, not --audit-verify and --audit-checkpoint.' });
  });

  it('prints what verify found: intact with the last entry to keep, or the first entry that does not verify', () => {
    const { folder, keys, trail } = clinicDay();
    const intact = verifyOutcome(verifyTrail(folder, keys.key), folder);
    expect(intact.code).toBe(0);
    expect(intact.text).toContain(`Audit trail in ${folder}: 4 entries in 1 file.`);
    expect(intact.text).toMatch(/From 2026-08-21T09:00:00\.000Z \(local .+\) to 2026-08-21T11:00:00\.000Z/);
    expect(intact.text).toMatch(/Intact\. The last entry is number 4, checkpoint 4:[0-9a-f]{64}: keep it/);
    trail.record({ action: 'copied' });
    expect(verifyOutcome({ ...verifyTrail(folder, keys.key), problems: [{ seq: 3, file: 'audit-2026-08-1.trail', line: 3, what: 'it does not verify' }] }, folder)).toEqual({
      code: 1,
      text: expect.stringContaining('NOT INTACT. Entry 3 (audit-2026-08-1.trail, line 3) does not verify: it does not verify.'),
    });
    const newer = { files: 1, entries: 0, first: null, last: null, lastHash: null, problems: [], notes: [], newer: { file: 'f', version: 2 }, tags: { tagged: 0, checked: false }, checkpoints: { checked: 0, sources: {}, held: null, problems: [] } };
    expect(verifyOutcome(newer, folder).text).toMatch(/^Refused: f .* newer version .* Nothing was changed\.$/);
  });
});
