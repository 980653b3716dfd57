/**
 * The system log on Linux: the systemd journal through its native socket, where one is
 * listening, else syslog through `/dev/log`; asked at each message, so a log that starts later
 * is used then. A standard user can write either and take back neither.
 */
import { existsSync } from 'node:fs';
import { SYSTEM_LOG_NAME } from './checkpoint';
import type { SystemLog } from './system-log';
import { DatagramRefused, sendDatagram } from './unix-datagram';

export const JOURNAL_SOCKET = '/run/systemd/journal/socket';
export const SYSLOG_SOCKET = '/dev/log';

/** The journal's native form: one `FIELD=value` a line (values here hold no newline). */
export function journalDatagram(message: string, fields: Record<string, string>): Buffer {
  const all = { MESSAGE: message, PRIORITY: '5', SYSLOG_IDENTIFIER: SYSTEM_LOG_NAME, SYSLOG_PID: String(process.pid), ...fields };
  return Buffer.from(
    Object.entries(all)
      .map(([name, value]) => `${name}=${value.replace(/\n/g, ' ')}\n`)
      .join(''),
    'utf8',
  );
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** What glibc's syslog() sends to the local socket, no host name: `<13>Nov 28 08:57:52 scribe-desk-audit[pid]: …` (facility user, notice). */
export function syslogDatagram(message: string, now: Date): Buffer {
  const pad = (value: number) => String(value).padStart(2, '0');
  const stamp = `${MONTHS[now.getMonth()]} ${String(now.getDate()).padStart(2, ' ')} ${pad(now.getHours())}:${pad(now.getMinutes())}:${pad(now.getSeconds())}`;
  return Buffer.from(`<13>${stamp} ${SYSTEM_LOG_NAME}[${process.pid}]: ${message.replace(/\n/g, ' ')}`, 'utf8');
}

/** The journal where its socket is, else syslog. */
export function linuxSystemLog(sockets = { journal: JOURNAL_SOCKET, syslog: SYSLOG_SOCKET }, send = sendDatagram): SystemLog {
  const which = () => (existsSync(sockets.journal) ? 'journal' : existsSync(sockets.syslog) ? 'syslog' : null);
  return {
    name: () => (which() === 'journal' ? 'the systemd journal' : which() === 'syslog' ? `syslog (${sockets.syslog})` : 'the system log'),
    async write(message, fields) {
      const kind = which();
      if (kind === null) throw new Error(`there is no system log on this computer (neither ${sockets.journal} nor ${sockets.syslog})`);
      try {
        send(kind === 'journal' ? sockets.journal : sockets.syslog, kind === 'journal' ? journalDatagram(message, fields) : syslogDatagram(message, new Date()));
      } catch (error) {
        if (error instanceof DatagramRefused) throw new Error(`${kind === 'journal' ? 'the systemd journal' : 'syslog'} refused it (${error.code})`);
        throw error;
      }
    },
  };
}

