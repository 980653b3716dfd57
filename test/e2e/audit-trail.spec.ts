/**
 * The audit trail as a clinic shows it (issue 46): a day's work in the real app (a patient,
 * a recording sent in parts, the note opened, corrected, copied, inserted into another
 * program and exported, a lab report, a registration, the patient deleted) is in the trail in
 * order, `--audit-verify` says intact and `--audit-export` is readable, with nothing of the
 * patient in the trail's files; a byte changed in the middle of a file is named; a kill -9 in
 * a burst of entries leaves a trail that verifies; and the command line's bad input is refused.
 * With checkpoints (issue 56.2): `--audit-checkpoint` gives a checkpoint and the verification key
 * once, and `--audit-verify` with them, and with a real journald's checkpoints where the test runs
 * as root, names a trail cut short, a folder rolled back (and the app restarted on it), and a
 * deleted trail; a trail whose key is gone is refused, not given a new key.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ElectronApplication, Page } from '@playwright/test';
import type { AuditEntry } from '../../main/audit/audit-entry';
import { SANDBOX_AADHAAR, SANDBOX_MOBILE, SANDBOX_OTP } from '../../main/sandbox/sandbox-people';
import type { SandboxServer } from '../../main/sandbox/sandbox-server';
import { labReportPdf } from '../fixtures/documents';
import { auditCommand } from '../support/e2e/audit-command';
import { filesContaining } from '../support/e2e/data-folder';
import { startJournald } from '../support/journald';
import { dropFiles } from '../support/e2e/drop-files';
import { bridgeValue, expect, test } from '../support/e2e/fixtures';
import { newDataFolder, screenshot } from '../support/e2e/launch-app';
import { startPasteTarget } from '../support/e2e/paste-target';
import { customService } from '../support/e2e/policies';
import { recordFor, recordForVisit } from '../support/e2e/recording';
import { showScreen } from '../support/e2e/screens';

test.setTimeout(240_000);

const PATIENT_NAME = 'Audit Testpatient Kavya';
const PATIENT_LABEL = 'Bed 7';

/** The save dialog answers with a path in `folder`, as the OS dialog cannot be driven here. */
async function answerSaveDialog(app: ElectronApplication, folder: string): Promise<void> {
  await app.evaluate(({ dialog }, into) => {
    dialog.showSaveDialog = (async (...args: unknown[]) => ({ canceled: false, filePath: `${into}/${String((args.at(-1) as { defaultPath?: string }).defaultPath)}` }));
  }, folder);
}

async function newPatient(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Choose patient' }).click();
  await page.getByRole('button', { name: 'New patient' }).click();
  const form = page.getByRole('form', { name: 'New patient' });
  await form.getByLabel('Name (optional)').fill(PATIENT_NAME);
  await form.getByLabel('Label (bed, token or visit)').fill(PATIENT_LABEL);
  await form.getByRole('button', { name: 'Add patient' }).click();
  await expect(page.getByTestId('chosen-patient')).toContainText(PATIENT_NAME);
}

/** Recorded, sent in parts, and its note opened, corrected, copied and exported from the page. */
async function recordAndWorkOnTheNote(page: Page, exports: string): Promise<void> {
  // For the visit's patient, labelled as the doctor types it.
  await recordForVisit(page, 2500, 'OPD 7');
  await expect.poll(() => bridgeValue(page, 'listDictations').then((list) => list.map((item) => item.state)), { timeout: 60_000 }).toEqual(['completed']);
  await page.getByRole('option').filter({ hasText: 'OPD 7' }).click();
  const detail = page.getByRole('region', { name: 'Dictation details' });
  // Headed by its patient's name.
  await expect(detail.getByRole('heading', { name: new RegExp(PATIENT_NAME) }).first()).toBeVisible();
  await detail.getByRole('button', { name: 'Edit note' }).click();
  const editor = detail.getByRole('textbox', { name: 'Clinical notes' });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Review in a week.');
  await detail.getByRole('button', { name: 'Save correction' }).click();
  await expect(detail.getByRole('article', { name: 'Clinical notes' })).toContainText('Review in a week.');
  await detail.getByRole('button', { name: 'Copy note' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Copied your corrected note' })).toBeVisible();
  await detail.getByRole('button', { name: 'Export note .json' }).click();
  await expect.poll(() => readdirSync(exports)).toHaveLength(1);
}

/** The copy shortcut from another program, inserting the note into its field. */
async function insertIntoAnotherProgram(): Promise<void> {
  const target = await startPasteTarget();
  try {
    const editor = await target.firstWindow();
    await expect(editor.getByLabel('Note')).toBeFocused();
    execFileSync('xdotool', ['key', 'ctrl+alt+c']);
    await expect(editor.getByLabel('Note')).toContainText('Review in a week.', { timeout: 10_000 });
  } finally {
    await target.close();
  }
}

async function uploadALabReport(page: Page): Promise<void> {
  await showScreen(page, 'Records');
  await dropFiles(page, [{ name: 'CBC report.pdf', bytes: await labReportPdf() }]);
  await page.getByRole('button', { name: 'Upload 1 report' }).click();
  // Read while the doctor watches: its result opens by itself.
  await expect(page.getByTestId('lab-report-state')).toHaveText(/Ready/, { timeout: 30_000 });
  await expect(page.getByTestId('document-id')).toBeVisible();
}

/** A patient who has an ABHA found by registration and used for the visit; their ABHA number. */
async function register(page: Page): Promise<string> {
  await showScreen(page, 'Registration');
  const aadhaar = page.getByLabel("Patient's Aadhaar number");
  await aadhaar.click();
  await aadhaar.pressSequentially(SANDBOX_AADHAAR['has-abha']);
  await page.getByRole('checkbox', { name: /The patient agrees/ }).check();
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await page.getByLabel('OTP received by the patient').fill(SANDBOX_OTP);
  await page.getByLabel("Patient's mobile number").fill(SANDBOX_MOBILE.linked);
  await page.getByRole('button', { name: 'Verify OTP' }).click();
  const summary = page.getByTestId('abha-summary');
  await expect(summary.getByRole('img', { name: /^ABHA card of / })).toBeVisible();
  const abhaNumber = (await summary.getByTestId('abha-number').textContent())!;
  await summary.getByRole('button', { name: 'Use for this visit' }).click();
  const visitPatient = async () => {
    const view = await bridgeValue(page, 'listPatients');
    return view.patients.find((patient) => patient.id === view.visitPatientId)?.abhaNumber ?? null;
  };
  await expect.poll(visitPatient).toBe(abhaNumber);
  return abhaNumber;
}

async function deleteThePatient(page: Page): Promise<void> {
  await showScreen(page, 'Patients');
  await page.getByRole('button', { name: new RegExp(`^${PATIENT_NAME}`) }).click();
  await page.getByRole('button', { name: 'Delete patient' }).click();
  await page.getByRole('button', { name: 'Delete patient and 2 items' }).click();
  await expect.poll(() => bridgeValue(page, 'listPatients').then((view) => view.patients.map((patient) => patient.name))).not.toContain(PATIENT_NAME);
}

/** `needles` appear in `entries` in this order (other entries may come between). */
function inOrder(entries: AuditEntry[], needles: Array<Partial<Record<'action' | 'kind' | 'how' | 'api', string>>>): string[] {
  const missing: string[] = [];
  let from = 0;
  for (const needle of needles) {
    const at = entries.findIndex(
      (entry, index) =>
        index >= from &&
        (!needle.action || entry.action === needle.action) &&
        (!needle.kind || entry.item?.kind === needle.kind) &&
        (!needle.how || entry.detail.how === needle.how) &&
        (!needle.api || (entry.detail.api ?? '').startsWith(needle.api)),
    );
    if (at === -1) missing.push(JSON.stringify(needle));
    else from = at + 1;
  }
  return missing;
}

/** Every file below a folder with its size and time of change. */
function snapshot(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .map((name) => {
      const stat = lstatSync(join(folder, name));
      return `${name} ${stat.size} ${stat.mtimeMs}`;
    })
    .sort();
}

/** A byte of the trail's one file changed, in the line in the middle: the file and that line. */
function changeAByteInTheMiddle(folder: string): { file: string; line: number } {
  const [file] = readdirSync(folder);
  const path = join(folder, file!);
  const bytes = readFileSync(path);
  const lines = bytes.toString('latin1').split('\n');
  const middle = Math.floor(lines.length / 2);
  const at = lines.slice(0, middle).reduce((sum, line) => sum + line.length + 1, 0) + 50;
  bytes[at] = bytes[at] === 0x61 ? 0x62 : 0x61;
  writeFileSync(path, bytes);
  return { file: file!, line: middle + 1 };
}

const partUploads = (sandbox: SandboxServer) => sandbox.received.filter((request) => request.operation.startsWith('sessionPart') && (request.status ?? 500) < 300);

test('a clinic day is in the trail in order; verify says intact, export is readable, nothing of the patient is in clear; a changed byte is named', async ({
  launch,
  startSandbox,
  microphone: _microphone,
}) => {
  const sandbox = await startSandbox();
  const exports = mkdtempSync(join(tmpdir(), 'scribe-audit-exports-'));
  const { app, page, userDataDir, policyFile } = await launch({ policy: customService(sandbox, { insertCopiedNote: true, auditExportNames: true }), patient: null });
  await answerSaveDialog(app, exports);
  await expect.poll(() => bridgeValue(page, 'getSettings').then((view) => view.shortcutAccess.insertNote)).toBeNull();
  await newPatient(page);
  await recordAndWorkOnTheNote(page, exports);
  await insertIntoAnotherProgram();
  await uploadALabReport(page);
  const abhaNumber = await register(page);
  await deleteThePatient(page);

  // The doctor's own activity, in Settings: patients by pseudonym only.
  await showScreen(page, 'Settings');
  const activity = page.getByRole('group', { name: 'Your recent activity' });
  await expect(activity.getByRole('table')).toContainText('Deleted (with a patient)');
  await expect(activity.getByRole('table')).toContainText('Copied to the clipboard: note (corrected)');
  await expect(activity.getByRole('table')).not.toContainText(PATIENT_NAME);
  await activity.scrollIntoViewIfNeeded();
  await screenshot(page, 'settings-recent-activity');
  await app.close();

  const folderBefore = snapshot(userDataDir);
  const verified = await auditCommand(userDataDir, ['--audit-verify']);
  expect(verified.output).toMatch(/^Audit trail in .*audit: \d+ entries in 1 file\.\nFrom \S+ \(local \S+\) to \S+ \(local \S+\)\.\n(.+\n)+Intact\. The last entry is number \d+/);
  expect(verified.code).toBe(0);
  // Verify writes nothing in the data folder (not even Chromium's own files or a log).
  expect(snapshot(userDataDir)).toEqual(folderBefore);

  const jsonl = join(exports, 'trail.jsonl');
  const exported = await auditCommand(userDataDir, [`--audit-export=${jsonl}`], policyFile);
  expect(exported).toMatchObject({ code: 0, output: expect.stringMatching(/^Wrote \d+ entries of the whole trail to .*trail\.jsonl \(jsonl; patients named where they still exist/) });
  const entries = readFileSync(jsonl, 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line) as AuditEntry & { patientName?: string });
  expect(
    inOrder(entries, [
      { action: 'trail-opened' },
      { action: 'patient-created', kind: 'patient' },
      { action: 'recording-created', kind: 'dictation' },
      { action: 'sent', kind: 'dictation', api: 'sessions: audio part' },
      { action: 'sent', kind: 'dictation', api: 'sessions: end' },
      { action: 'note-viewed', kind: 'dictation' },
      { action: 'note-corrected', kind: 'dictation' },
      { action: 'copied', kind: 'dictation', how: 'by the page' },
      { action: 'exported', kind: 'dictation' },
      { action: 'inserted', kind: 'dictation', how: 'by the copy shortcut, into the program in front' },
      { action: 'lab-report-created', kind: 'lab-report' },
      { action: 'sent', kind: 'lab-report', api: 'records' },
      { action: 'lab-result-viewed', kind: 'lab-report' },
      { action: 'consent-given' },
      { action: 'sent', api: 'registration: Aadhaar OTP' },
      { action: 'registration-created' },
      { action: 'abha-card-viewed' },
      { action: 'patient-created', how: 'from registration' },
      { action: 'deleted', kind: 'dictation', how: 'with a patient' },
      { action: 'deleted', kind: 'lab-report', how: 'with a patient' },
      { action: 'deleted', kind: 'patient', how: 'by hand' },
    ]),
  ).toEqual([]);
  // One entry for every part the service took.
  expect(entries.filter((entry) => entry.detail.api === 'sessions: audio part')).toHaveLength(partUploads(sandbox).length);
  // Who and where, in every entry; the deleted patient's pseudonym resolves to nobody, the registered one's to her name.
  const host = new URL(sandbox.url).host;
  expect(entries.find((entry) => entry.action === 'sent')?.detail.service).toBe(host);
  for (const entry of entries) expect(entry).toMatchObject({ who: { osUser: expect.any(String) }, machine: expect.any(String), outcome: 'done' });
  const deleted = entries.find((entry) => entry.action === 'deleted' && entry.item?.kind === 'patient')!;
  expect(deleted.patient).toMatch(/^P-/);
  expect(entries.filter((entry) => entry.patient === deleted.patient).every((entry) => entry.patientName === undefined)).toBe(true);
  const registered = entries.find((entry) => entry.detail.how === 'from registration')!;
  expect(registered.patientName).toMatch(/\S/);

  // Without the policy, no names at all; as CSV, a table.
  const plain = join(exports, 'trail.csv');
  expect((await auditCommand(userDataDir, [`--audit-export=${plain}`, '--format=csv'])).code).toBe(0);
  const csv = readFileSync(plain, 'utf8');
  expect(csv.split('\r\n')[0]).toBe('seq,utc,local,zone,category,action,what,item_kind,item_id,patient,patient_name,os_user,account,machine,outcome,reason,detail,app,prev');
  expect(csv.split('\r\n')).toHaveLength(entries.length + 2);
  expect(csv).not.toContain(registered.patientName!);

  // Nothing of the patient in the trail's files, nor in the keys beside them.
  for (const word of [PATIENT_NAME, 'Kavya', PATIENT_LABEL, 'OPD 7', abhaNumber, abhaNumber.replace(/-/g, ''), SANDBOX_AADHAAR['has-abha'], registered.patientName!]) {
    expect(filesContaining(join(userDataDir, 'audit'), word), word).toEqual([]);
    expect(filesContaining(join(userDataDir, 'keys'), word), word).toEqual([]);
  }

  // A byte changed in the middle of the file: verify names that entry.
  const changed = changeAByteInTheMiddle(join(userDataDir, 'audit'));
  const broken = await auditCommand(userDataDir, ['--audit-verify']);
  expect(broken.code).toBe(1);
  expect(broken.output).toContain(`NOT INTACT. Entry ${changed.line} (${changed.file}, line ${changed.line}) does not verify: it was changed or damaged, or sealed with another key.`);
  rmSync(exports, { recursive: true, force: true });
});

test('a kill -9 in a burst of entries leaves a trail that verifies; bad input to the command line is refused and a newer folder left as it is', async ({ launch }) => {
  const { app, page, userDataDir } = await launch();
  // Thousands of entries written as fast as the page can ask (a dictation asked for that is not there: each refused, each written); the app killed while they are,
  // once the folder holds well over 300 entries' bytes (an entry and its share of the folder's other files is about 700 bytes: 200 KB held 291 once).
  const burst = page
    .evaluate(() => {
      for (let i = 0; i < 20_000; i += 1) void window.scribe.getDictation({ id: crypto.randomUUID() });
    })
    .catch(() => undefined);
  await expect.poll(() => readdirSync(join(userDataDir, 'audit')).map((name) => statSync(join(userDataDir, 'audit', name)).size).reduce((a, b) => a + b, 0)).toBeGreaterThan(300_000);
  app.process().kill('SIGKILL');
  await new Promise((resolve) => app.process().once('exit', resolve));
  await burst;
  const verified = await auditCommand(userDataDir, ['--audit-verify']);
  expect(verified.output).toMatch(/Intact\./);
  expect(verified.code).toBe(0);
  expect(Number(/: (\d+) entries/.exec(verified.output)?.[1])).toBeGreaterThan(300);

  // Bad input: an unknown format, a range with nothing in it, a folder a newer version wrote.
  expect(await auditCommand(userDataDir, ['--audit-export=/tmp/x.xml', '--format=xml'])).toEqual({ code: 1, output: 'Unknown format "xml": the formats are jsonl and csv.' });
  const empty = await auditCommand(userDataDir, ['--audit-export=/tmp/none.jsonl', '--from=2001-01-01', '--to=2001-01-31']);
  expect(empty).toEqual({ code: 1, output: `No entries from 2001-01-01 to 2001-01-31 in ${join(userDataDir, 'audit')}: nothing was written.` });
  const newer = newDataFolder();
  mkdirSync(join(newer, 'audit'));
  writeFileSync(join(newer, 'data-format.json'), JSON.stringify({ formatVersion: 99, writtenBy: '9.0.0' }));
  const before = readdirSync(newer, { recursive: true });
  const refused = await auditCommand(newer, ['--audit-verify']);
  expect(refused.code).toBe(1);
  expect(refused.output).toMatch(/^Refused: Your Scribe Desk data was last used by Scribe Desk 9\.0\.0, which is newer than this one\./);
  expect(readdirSync(newer, { recursive: true })).toEqual(before);
  rmSync(newer, { recursive: true, force: true });
});

test('a full disk stops the trail with a clear message, never the recording', async ({ launch, microphone: _microphone }) => {
  test.skip(process.platform !== 'linux' || process.getuid?.() !== 0, 'Mounting a small tmpfs needs root on Linux.');
  const userDataDir = newDataFolder();
  const audit = join(userDataDir, 'audit');
  mkdirSync(audit);
  // A real full disk: 32 KiB under the trail, about forty entries.
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=32k', 'tmpfs', audit]);
  try {
    const { page } = await launch({ userDataDir, policy: { autoSync: false } });
    await page.evaluate(async () => {
      for (let i = 0; i < 200; i += 1) await window.scribe.getDictation({ id: crypto.randomUUID() });
    });
    await recordFor(page, 'Trail full', 1500);
    await expect.poll(() => bridgeValue(page, 'listDictations').then((list) => list.map((item) => [item.label, item.state]))).toEqual([['Trail full', 'recorded']]);
    await showScreen(page, 'Settings');
    await expect(page.getByTestId('audit-problem')).toHaveText(
      'The audit trail is not being written: The disk is full. Free some space on this computer; nothing already saved is lost. Your work goes on and is kept; the trail starts again by itself once the disk takes it.',
    );
    await page.getByTestId('audit-problem').scrollIntoViewIfNeeded();
    await screenshot(page, 'settings-audit-trail-disk-full');
  } finally {
    execFileSync('umount', ['-l', audit]);
  }
});

/** Entries as fast as the page asks: dictations that are not there, each refused, each written. */
async function refusedEntries(page: Page, count: number): Promise<void> {
  await page.evaluate(async (times) => {
    for (let i = 0; i < times; i += 1) await window.scribe.getDictation({ id: crypto.randomUUID() }).catch(() => undefined);
  }, count);
}

/** A copy of the folder put back over what it became. */
function putBack(copy: string, userDataDir: string): void {
  rmSync(userDataDir, { recursive: true, force: true });
  cpSync(copy, userDataDir, { recursive: true });
}

test("the command line finds a trail cut, rolled back or deleted, by a kept checkpoint and the journal's; a trail that lost its key is refused", async ({ launch }) => {
  const journald = await startJournald();
  const env: Record<string, string> = journald ? { SCRIBE_TEST_JOURNAL_ROOT: journald.root } : {};
  // The command line reads the same journal.
  if (journald) process.env.SCRIBE_TEST_JOURNAL_ROOT = journald.root;
  const copies = mkdtempSync(join(tmpdir(), 'scribe-audit-copies-'));
  try {
    const first = await launch({ env });
    await refusedEntries(first.page, 20);
    await first.app.close();
    const { userDataDir } = first;
    cpSync(userDataDir, join(copies, 'older'), { recursive: true });
    const second = await launch({ userDataDir, env });
    await refusedEntries(second.page, 20);
    await second.app.close();
    cpSync(userDataDir, join(copies, 'whole'), { recursive: true });

    const taken = await auditCommand(userDataDir, ['--audit-checkpoint']);
    expect(taken.code).toBe(0);
    const checkpoint = /^Checkpoint: (\d+:[0-9a-f]{64})$/m.exec(taken.output)![1]!;
    const verificationKey = /Verification key \(shown this once, and now erased from this computer\): (SDAV1-\S+)/.exec(taken.output)![1]!;
    if (journald) expect(taken.output).toContain('It was also written to the systemd journal.');
    expect((await auditCommand(userDataDir, ['--audit-checkpoint'])).output).toContain('The verification key was shown before: it is shown once only.');
    const intact = await auditCommand(userDataDir, ['--audit-verify', `--expect=${checkpoint}`, `--verify-key=${verificationKey}`]);
    expect(intact.output).toMatch(/^Tags checked with the verification key: \d+ entries\.$/m);
    expect(intact.output).toMatch(journald ? /^Checkpoints checked: \d+ \(1 given, \d+ from the systemd journal\)\./m : /^Checkpoints checked: 1 \(1 given\)\./m);
    expect(intact.code).toBe(0);
    const last = Number(checkpoint.split(':')[0]);

    // The last five entries cut off.
    const [file] = readdirSync(join(userDataDir, 'audit'));
    const path = join(userDataDir, 'audit', file!);
    const lines = readFileSync(path, 'latin1').split('\n').filter(Boolean);
    writeFileSync(path, `${lines.slice(0, -5).join('\n')}\n`, 'latin1');
    const cut = await auditCommand(userDataDir, ['--audit-verify', `--expect=${checkpoint}`]);
    expect(cut.code).toBe(1);
    expect(cut.output).toContain(`NOT INTACT. The trail ends at entry ${last - 5}, but the checkpoint given (--expect) names entry ${last}: entries ${last - 4}\u2013${last} are missing`);
    if (journald) expect((await auditCommand(userDataDir, ['--audit-verify'])).output).toMatch(/NOT INTACT\. The trail ends at entry \d+, but the checkpoint in the systemd journal of \S+ names entry/);

    // An older copy of the folder put back, keys and all; then the app started on it.
    putBack(join(copies, 'older'), userDataDir);
    const rolledBack = await auditCommand(userDataDir, ['--audit-verify', `--expect=${checkpoint}`]);
    expect(rolledBack.code).toBe(1);
    expect(rolledBack.output).toMatch(new RegExp(`NOT INTACT\\. The trail ends at entry \\d+, but the checkpoint given \\(--expect\\) names entry ${last}`));
    const third = await launch({ userDataDir, env });
    await refusedEntries(third.page, 30);
    await third.app.close();
    const reused = await auditCommand(userDataDir, ['--audit-verify', `--expect=${checkpoint}`]);
    expect(reused.code).toBe(1);
    // The lowest entry a checkpoint names differently: the one given, or an earlier one in the journal.
    expect(reused.output).toMatch(/NOT INTACT\. Entry \d+ is not the one the checkpoint (given \(--expect\)|in the systemd journal of \S+) names: the trail was cut or rolled back before it and written again, its numbers used twice/);

    // The trail deleted.
    putBack(join(copies, 'whole'), userDataDir);
    rmSync(join(userDataDir, 'audit'), { recursive: true });
    const deleted = await auditCommand(userDataDir, ['--audit-verify', `--expect=${checkpoint}`]);
    expect(deleted.code).toBe(1);
    // The newest checkpoint named: the one given, or the journal's newer one from the run on the rolled-back copy.
    const missing = /^No audit trail was found in .*\nNOT INTACT\. Entries 1\u2013(\d+) are missing: /.exec(deleted.output);
    expect(Number(missing?.[1])).toBeGreaterThanOrEqual(last);

    // The key gone beside the trail's files: refused, no new key made.
    putBack(join(copies, 'whole'), userDataDir);
    rmSync(join(userDataDir, 'keys', 'audit.sealed'));
    const lost = await launch({ userDataDir, env });
    await expect.poll(() => bridgeValue(lost.page, 'getAuditActivity').then((view) => view.problem)).toMatch(/^The audit trail is refused: The audit trail has entries but its key \(keys\/audit\.sealed\) is gone/);
    await lost.app.close();
    expect(existsSync(join(userDataDir, 'keys', 'audit.sealed'))).toBe(false);
  } finally {
    delete process.env.SCRIBE_TEST_JOURNAL_ROOT;
    journald?.stop();
    rmSync(copies, { recursive: true, force: true });
  }
});
