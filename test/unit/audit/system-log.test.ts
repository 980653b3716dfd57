/**
 * The system logs checkpoints go to (issue 56.2). Linux for real: the journal's native form and
 * syslog's, each received on a socket the test listens on; and, where the test runs as root
 * with systemd-journald installed, a real journald started in a mount namespace of its own,
 * written to through its socket and read back with journalctl as verify reads it. Windows
 * (ReportEventW) and macOS (/usr/bin/logger) with their calls stood in: no Windows or Mac here.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type * as Koffi from 'koffi';
import { afterAll, describe, expect, it } from 'vitest';
import { checkpointMessage, checkpointsIn } from '../../../main/audit/checkpoint';
import { JOURNAL_SOCKET, linuxSystemLog } from '../../../main/audit/linux-system-log';
import { macosUnifiedLog } from '../../../main/audit/macos-unified-log';
import { logReader, readSystemLog } from '../../../main/audit/system-log-reading';
import { testJournal } from '../../../main/audit/test-journal';
import { windowsEventLog, type EventLogCalls } from '../../../main/audit/windows-event-log';
import { JOURNALD_CAN_RUN, startJournald, type TestJournald } from '../../support/journald';
import { tempFolder } from '../../support/temp-folder';

const koffi = createRequire(import.meta.url)('koffi') as typeof Koffi;
const HASH = 'c0ffee'.repeat(10) + 'c0de';
const TRAIL = '0123456789abcdef0123456789abcdef';

/** A Unix datagram socket the test listens on: what arrived, read without waiting. */
function listen(path: string): { received(): string[]; close(): void } {
  const libc = koffi.load('libc.so.6');
  const socket = libc.func('int socket(int domain, int type, int protocol)');
  const bind = libc.func('int bind(int fd, const uint8_t *addr, uint32_t addrlen)');
  const recv = libc.func('intptr_t recv(int fd, _Out_ uint8_t *buf, uintptr_t len, int flags)');
  const close = libc.func('int close(int fd)');
  const address = Buffer.alloc(2 + Buffer.byteLength(path) + 1);
  address.writeUInt16LE(1, 0);
  address.write(path, 2);
  const fd = socket(1, 2, 0) as number;
  expect(bind(fd, address, address.length)).toBe(0);
  return {
    received() {
      const messages: string[] = [];
      const buffer = Buffer.alloc(65536);
      // MSG_DONTWAIT: what is there now, nothing waited for.
      for (let size = Number(recv(fd, buffer, buffer.length, 0x40)); size > 0; size = Number(recv(fd, buffer, buffer.length, 0x40))) messages.push(buffer.toString('utf8', 0, size));
      return messages;
    },
    close: () => void close(fd),
  };
}

describe('the system log on Linux', () => {
  it('writes to the journal in its native form where its socket is, else to syslog, and says there is none when neither is', async () => {
    const folder = tempFolder();
    const sockets = { journal: join(folder, 'journal.socket'), syslog: join(folder, 'dev-log') };
    const log = linuxSystemLog(sockets);
    await expect(log.write('nothing listens', {})).rejects.toThrow(`there is no system log on this computer (neither ${sockets.journal} nor ${sockets.syslog})`);

    const syslog = listen(sockets.syslog);
    expect(log.name()).toBe(`syslog (${sockets.syslog})`);
    await log.write('Scribe Desk audit checkpoint: entry 4', { SCRIBE_AUDIT_SEQ: '4' });
    expect(syslog.received()).toEqual([expect.stringMatching(new RegExp(`^<13>[A-Z][a-z]{2} [ \\d]\\d \\d\\d:\\d\\d:\\d\\d scribe-desk-audit\\[${process.pid}\\]: Scribe Desk audit checkpoint: entry 4$`))]);

    const journal = listen(sockets.journal);
    expect(log.name()).toBe('the systemd journal');
    await log.write('Scribe Desk audit checkpoint: entry 5', { SCRIBE_AUDIT_SEQ: '5' });
    expect(journal.received()).toEqual([`MESSAGE=Scribe Desk audit checkpoint: entry 5\nPRIORITY=5\nSYSLOG_IDENTIFIER=scribe-desk-audit\nSYSLOG_PID=${process.pid}\nSCRIBE_AUDIT_SEQ=5\n`]);
    expect(syslog.received()).toEqual([]);

    // A socket nobody reads any more: refused, with the reason.
    journal.close();
    await expect(log.write('too late', {})).rejects.toThrow('the systemd journal refused it (ECONNREFUSED)');
    syslog.close();
  });

  it('reads a test journal only in a development build', () => {
    expect(testJournal({ SCRIBE_TEST_JOURNAL_ROOT: '/proc/42/root' }, false)).toBeNull();
    expect(testJournal({ SCRIBE_TEST_JOURNAL_ROOT: '/proc/42/root' }, true)).toEqual({
      socket: { journal: `/proc/42/root${JOURNAL_SOCKET}`, syslog: '/proc/42/root/dev/log' },
      directory: '/proc/42/root/run/log/journal',
    });
  });
});

describe.skipIf(!JOURNALD_CAN_RUN)('a real systemd-journald', () => {
  let journald: TestJournald | null = null;
  afterAll(() => journald?.stop());

  it('takes the checkpoints through its socket and from syslog, and journalctl gives them back to verify', async () => {
    journald = await startJournald();
    expect(journald).not.toBeNull();
    const { socket, devLog, directory } = journald!;
    const userData = tempFolder();
    await linuxSystemLog({ journal: socket, syslog: devLog }).write(checkpointMessage({ seq: 41, hash: HASH, trail: TRAIL }, userData), { SCRIBE_AUDIT_SEQ: '41' });
    // The same journal through its syslog socket, as /dev/log is where the journal runs.
    await linuxSystemLog({ journal: join(tempFolder(), 'none'), syslog: devLog }).write(checkpointMessage({ seq: 42, hash: HASH, trail: TRAIL }, userData), {});
    const reader = logReader('linux', directory);
    await expect
      .poll(async () => {
        const read = await readSystemLog(userData, reader);
        return read.kind === 'read' ? read.checkpoints.map((point) => [point.seq, point.trail, point.source, typeof point.at]) : read.problem;
      })
      .toEqual([
        [41, TRAIL, 'the systemd journal', 'string'],
        [42, TRAIL, 'the systemd journal', 'string'],
      ]);
    // Another data folder's checkpoints are not this one's.
    const other = await readSystemLog(tempFolder(), reader);
    expect(other).toMatchObject({ kind: 'read', checkpoints: [] });
  });
});

describe('the Event Log on Windows (its calls stood in)', () => {
  function standIn(answers: { register?: number; report?: boolean }) {
    const calls: string[] = [];
    const api: EventLogCalls = {
      register: (source) => (calls.push(`register ${source}`), answers.register ?? 7),
      report: (handle, type, eventId, strings) => (calls.push(`report ${String(handle)} ${type} ${eventId} ${JSON.stringify(strings)}`), answers.report ?? true),
      deregister: (handle) => void calls.push(`deregister ${String(handle)}`),
      lastError: () => 5,
    };
    return { calls, log: windowsEventLog(() => api) };
  }

  it('reports each message as an information event of the source "Scribe Desk", and closes the source', async () => {
    const { calls, log } = standIn({});
    await log.write('Scribe Desk audit checkpoint: entry 3', { SCRIBE_AUDIT_SEQ: '3' });
    expect(calls).toEqual(['register Scribe Desk', 'report 7 4 1000 ["Scribe Desk audit checkpoint: entry 3"]', 'deregister 7']);
  });

  it('rejects, with the error, when the source cannot be opened or the event is refused', async () => {
    await expect(standIn({ register: 0 }).log.write('x', {})).rejects.toThrow('the Event Log cannot be opened (error 5)');
    const refused = standIn({ report: false });
    await expect(refused.log.write('x', {})).rejects.toThrow('the Event Log refused it (error 5)');
    expect(refused.calls.at(-1)).toBe('deregister 7');
  });
});

describe('the unified log on macOS (/usr/bin/logger stood in)', () => {
  it('runs logger by its full path with the tag, the message after --, and rejects when it fails', async () => {
    const runs: string[][] = [];
    await macosUnifiedLog(async (file, args) => void runs.push([file, ...args])).write('-n looks like a switch', {});
    expect(runs).toEqual([['/usr/bin/logger', '-t', 'scribe-desk-audit', '--', '-n looks like a switch']]);
    await expect(
      macosUnifiedLog(async () => {
        throw new Error('/usr/bin/logger failed (1)');
      }).write('x', {}),
    ).rejects.toThrow('/usr/bin/logger failed (1)');
  });
});

describe('checkpoints read back from any log', () => {
  it("are found in wevtutil's and log show's text as in the journal's, by this folder only", () => {
    const userData = 'C:\\Users\\dr-mehta\\AppData\\Roaming\\Scribe Desk';
    const message = checkpointMessage({ seq: 12, hash: HASH, trail: TRAIL }, userData);
    const wevtutil = `Event[0]:\r\n  Log Name: Application\r\n  Source: Scribe Desk\r\n  Date: 2026-08-21T14:45:02.1230000Z\r\n  Event ID: 1000\r\nDescription:\r\nThe description for Event ID 1000 from source Scribe Desk cannot be found.\r\n\r\nThe following information was included with the event:\r\n\r\n${message}\r\n`;
    expect(checkpointsIn(wevtutil, userData, 'the Windows Event Log')).toEqual([{ seq: 12, hash: HASH, trail: TRAIL, source: 'the Windows Event Log', at: null }]);
    const logShow = `2026-08-21 14:45:02.123456+0530  localhost logger[812]: ${message}`;
    expect(checkpointsIn(logShow, userData, 'the macOS unified log')).toMatchObject([{ seq: 12 }]);
    expect(checkpointsIn(logShow, '/home/someone-else', 'x')).toEqual([]);
    expect(logReader('win32').args).toEqual(['qe', 'Application', "/q:*[System[Provider[@Name='Scribe Desk']]]", '/f:text', '/rd:true', '/c:5000']);
    expect(logReader('darwin').file).toBe('/usr/bin/log');
  });
});
