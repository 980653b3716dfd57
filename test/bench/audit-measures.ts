/**
 * What the audit trail costs (issue 46): one entry as main writes it (sealed, chained, appended
 * to its file) against a plain append of the same entry; verifying a year of a busy clinic
 * (250 days × 300 entries) against reading and hashing its files; and, in the built app, Record
 * → "speak now", opening a note and the copy shortcut with the trail and without it (the
 * development build's bench switch, main/shell/features/audit-feature.ts), in turn in one run.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync, writeSync } from 'node:fs';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { ElectronApplication, Page } from '@playwright/test';
import { AuditTrail } from '../../main/audit/audit-trail';
import type { AuditEvent } from '../../main/audit/audit-event';
import { TRAIL_FOLDER } from '../../main/audit/trail-files';
import { verifyTrail } from '../../main/audit/trail-verify';
import { processClock, systemClock } from '../../main/core/clock';
import { SILENT_LOG } from '../../main/core/event-log';
import { memorySystemLog, testTrailKeys } from '../support/audit-fixture';
import { clipboardOf, setClipboard } from '../support/e2e/clipboard';
import { FakeClock } from '../support/fake-clock';
import { benchVisit, launchAppFor, pressRecordInPage } from './app-measures';

const DAY_MS = 24 * 60 * 60 * 1000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const turn = () => new Promise((resolve) => setImmediate(resolve));

/** What a clinic's day writes, in turn: opened, copied, sent, corrected, for one of 50 patients. */
function clinicEvent(index: number, patients: string[]): AuditEvent {
  const item = { kind: 'dictation' as const, id: randomUUID() };
  const patientId = patients[index % patients.length]!;
  const events: AuditEvent[] = [
    { action: 'note-viewed', item, patientId, detail: { what: 'note' } },
    { action: 'copied', item, patientId, detail: { what: 'note (corrected)', how: 'by the page' } },
    { action: 'sent', item, patientId, detail: { api: 'sessions: audio part', service: 'production', count: 3 } },
    { action: 'note-corrected', item, patientId },
  ];
  return events[index % events.length]!;
}

const trailDeps = (userData: string) => ({
  userData,
  keys: testTrailKeys(userData, randomBytes(32)),
  systemLog: memorySystemLog(),
  who: () => ({ osUser: 'drbench', account: 'client bench-clinic' }),
  machine: 'OPD-BENCH-1',
  zone: 'Asia/Kolkata',
  app: '0.1.0-bench',
  log: SILENT_LOG,
});

export interface EntryCost {
  /** Microseconds main spends in each `record`. */
  entryUs: number[];
  /** Microseconds for a plain append of the same entry's JSON (unsealed, unchained) to an open file. */
  plainUs: number[];
}

/** One entry at a time as a clinic writes them (the disk's sync, on its own thread, comes in between as in the app). */
export async function entryCost(work: string, count = 3000): Promise<EntryCost> {
  const userData = mkdtempSync(join(work, 'audit-entries-'));
  const trail = new AuditTrail({ ...trailDeps(userData), clock: systemClock, elapsed: processClock });
  trail.open();
  const patients = Array.from({ length: 50 }, () => randomUUID());
  const plainFile = openSync(join(userData, 'plain.jsonl'), 'a');
  const cost: EntryCost = { entryUs: [], plainUs: [] };
  try {
    for (let index = 0; index < count; index += 1) {
      const event = clinicEvent(index, patients);
      const started = process.hrtime.bigint();
      trail.record(event);
      cost.entryUs.push(Number(process.hrtime.bigint() - started) / 1000);
      const plain = Buffer.from(`${JSON.stringify({ ...event, at: new Date().toISOString() })}\n`);
      const plainStarted = process.hrtime.bigint();
      writeSync(plainFile, plain);
      cost.plainUs.push(Number(process.hrtime.bigint() - plainStarted) / 1000);
      // Between entries the event loop turns, as between a clinic's clicks (the sync runs meanwhile).
      if (index % 10 === 0) await sleep(1);
      else await turn();
    }
  } finally {
    closeSync(plainFile);
    await trail.close();
  }
  return cost;
}

export interface YearVerify {
  entries: number;
  files: number;
  verifyMs: number[];
  /** Reading the same files and hashing each line, nothing opened. */
  readMs: number[];
}

/** A year of a busy clinic, written as the app writes it (250 working days of 300 entries), then verified. */
export function yearVerify(work: string, days = 250, perDay = 300, runs = 3): YearVerify {
  const userData = mkdtempSync(join(work, 'audit-year-'));
  const clock = new FakeClock(Date.UTC(2026, 0, 1, 3, 30));
  const deps = trailDeps(userData);
  const trail = new AuditTrail({ ...deps, clock, elapsed: clock });
  trail.open();
  const patients = Array.from({ length: 400 }, () => randomUUID());
  for (let day = 0; day < days; day += 1) {
    for (let entry = 0; entry < perDay; entry += 1) {
      trail.record(clinicEvent(day * perDay + entry, patients));
      clock.tick(60_000);
    }
    // 250 working days across the year.
    clock.tick((365 / days) * DAY_MS - perDay * 60_000);
  }
  void trail.close();
  const folder = join(userData, TRAIL_FOLDER);
  const { key } = deps.keys;
  const result: YearVerify = { entries: 0, files: readdirSync(folder).length, verifyMs: [], readMs: [] };
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    const report = verifyTrail(folder, key);
    result.verifyMs.push(performance.now() - started);
    if (report.problems.length > 0) throw new Error(`the bench's year does not verify: ${report.problems[0]!.what}`);
    result.entries = report.entries;
    const read = performance.now();
    for (const name of readdirSync(folder)) {
      const bytes = readFileSync(join(folder, name));
      for (let start = 0, end = bytes.indexOf(10); end !== -1; start = end + 1, end = bytes.indexOf(10, start)) createHash('sha256').update(bytes.subarray(start, end)).digest();
    }
    result.readMs.push(performance.now() - read);
  }
  rmSync(userData, { recursive: true, force: true });
  return result;
}

export interface WithAndWithout {
  record: number[];
  openNote: number[];
  copyShortcut: number[];
}

/** Milliseconds from the copy shortcut pressed in another program to the note on the clipboard. */
async function copyByShortcut(app: ElectronApplication): Promise<number> {
  await setClipboard(app, 'earlier');
  const pressed = Date.now();
  execFileSync('xdotool', ['key', 'ctrl+alt+c']);
  for (const end = pressed + 5_000; Date.now() < end; await sleep(2)) {
    if ((await clipboardOf(app)).text !== 'earlier') return Date.now() - pressed;
  }
  throw new Error('the copy shortcut put nothing on the clipboard');
}

/** The page's round trip for a dictation's detail (its note): what opening a note waits for of main. */
function openNoteInPage(page: Page, id: string): Promise<number> {
  return page.evaluate(async (wanted) => {
    const started = performance.now();
    const result = await window.scribe.getDictation({ id: wanted });
    if (!result.ok) throw new Error(result.error.message);
    return performance.now() - started;
  }, id);
}

/** One start of the app, the trail on or off: a dictation to its note, then presses of Record, the note opened, the copy shortcut. */
async function oneStart(trail: boolean, figures: WithAndWithout, presses: number, copies: number): Promise<void> {
  const { app, page } = await launchAppFor({ autoSync: true }, trail ? {} : { SCRIBE_BENCH_WITHOUT_AUDIT: '1' });
  try {
    await benchVisit(page);
    await pressRecordInPage(page);
    await sleep(3_000);
    await page.getByRole('button', { name: /^(■ )?Stop$/ }).click();
    const id = await page.evaluate(async () => {
      for (;;) {
        const list = await window.scribe.listDictations();
        const done = list.ok ? list.value.find((item) => item.state === 'completed') : undefined;
        if (done) return done.id;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    });
    for (let run = 0; run < 20; run += 1) figures.openNote.push(await openNoteInPage(page, id));
    await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.blur());
    for (let run = 0; run < copies; run += 1) {
      figures.copyShortcut.push(await copyByShortcut(app));
      await sleep(300);
    }
    // The note has left the app: that visit is over, and Record would ask which patient.
    await benchVisit(page);
    for (let run = 0; run < presses; run += 1) {
      await page.getByTestId('recorder-state').filter({ hasText: 'Ready to record' }).waitFor();
      await sleep(1_000);
      figures.record.push(await pressRecordInPage(page));
      await sleep(1_500);
      await page.getByRole('button', { name: /^(■ )?Stop$/ }).click();
    }
  } finally {
    await app.close();
  }
}

/** The app with the trail and without it, in turn (`rounds` starts of each). */
export async function withAndWithoutTrail(rounds = 2, presses = 5, copies = 8): Promise<{ with: WithAndWithout; without: WithAndWithout }> {
  const figures = { with: { record: [], openNote: [], copyShortcut: [] } as WithAndWithout, without: { record: [], openNote: [], copyShortcut: [] } as WithAndWithout };
  for (let round = 0; round < rounds; round += 1) {
    // The order turns each round, so that neither always starts right after the other.
    for (const trail of round % 2 === 0 ? [true, false] : [false, true]) await oneStart(trail, trail ? figures.with : figures.without, presses, copies);
  }
  return figures;
}
