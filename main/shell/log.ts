/**
 * The main process log, in `<userData>/logs/main.log`. Callers log events and ids, never
 * patient data; as a second line of defence, anything shaped like an identity number or a
 * bearer token is masked before it is written.
 */
import { join } from 'node:path';
import log from 'electron-log/main';
import { redactSensitive } from '../core/redact';

export function initLog(userDataDir: string): void {
  log.transports.file.resolvePathFn = () => join(userDataDir, 'logs', 'main.log');
  log.transports.file.maxSize = 5 * 1024 * 1024;
  log.transports.console.level = process.env.SCRIBE_LOG_CONSOLE === '0' ? false : 'info';
  log.hooks.push((message) => ({ ...message, data: message.data.map(redactSensitive) }));
  log.errorHandler.startCatching({ showDialog: false });
}

export { log };
