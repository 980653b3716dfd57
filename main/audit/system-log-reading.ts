/**
 * The checkpoints the system log holds for a data folder, as verify reads them where this
 * user may read the log: on Linux `journalctl` (the journal keeps what syslog was sent too, where
 * /dev/log is the journal's), on Windows `wevtutil` (the Application log), on macOS `log show`.
 * The newest few thousand are read; none is an answer, and a log that cannot be read says why.
 * Plain Node.
 */
import { execFile } from 'node:child_process';
import { checkpointsIn, SYSTEM_LOG_NAME, type FoundCheckpoint } from './checkpoint';
import { EVENT_SOURCE } from './windows-event-log';

/** The most checkpoints read back: the newest are the ones that tell a cut end. */
export const CHECKPOINTS_READ = 5000;

export type SystemLogRead = { kind: 'read'; checkpoints: FoundCheckpoint[]; source: string } | { kind: 'unreadable'; source: string; problem: string };

/** The program that reads this OS's log, with its arguments, and what it is called for a person. */
export function logReader(platform: NodeJS.Platform, journalDirectory: string | null = null): { file: string; args: string[]; source: string } {
  if (platform === 'win32') {
    return {
      file: 'C:\\Windows\\System32\\wevtutil.exe',
      args: ['qe', 'Application', `/q:*[System[Provider[@Name='${EVENT_SOURCE}']]]`, '/f:text', '/rd:true', `/c:${CHECKPOINTS_READ}`],
      source: 'the Windows Event Log',
    };
  }
  if (platform === 'darwin') {
    return {
      file: '/usr/bin/log',
      args: ['show', '--style', 'syslog', '--info', '--last', '400d', '--predicate', 'eventMessage CONTAINS "Scribe Desk audit checkpoint"'],
      source: 'the macOS unified log',
    };
  }
  return {
    file: 'journalctl',
    args: ['--no-pager', '--quiet', '--output=short-iso-precise', `--lines=${CHECKPOINTS_READ}`, ...(journalDirectory ? [`--directory=${journalDirectory}`] : []), `SYSLOG_IDENTIFIER=${SYSTEM_LOG_NAME}`],
    source: 'the systemd journal',
  };
}

/** Reads the log's text with `reader`; its checkpoints of this data folder. */
export function readSystemLog(userData: string, reader: { file: string; args: string[]; source: string }): Promise<SystemLogRead> {
  return new Promise((resolve) => {
    execFile(reader.file, reader.args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: 30_000, windowsHide: true }, (error, stdout) => {
      if (error && !stdout) {
        const code = (error as NodeJS.ErrnoException).code;
        resolve({ kind: 'unreadable', source: reader.source, problem: code === 'ENOENT' ? `${reader.file} is not on this computer` : `${reader.file} failed (${String(code ?? 'error')})` });
        return;
      }
      resolve({ kind: 'read', checkpoints: checkpointsIn(stdout, userData, reader.source), source: reader.source });
    });
  });
}
