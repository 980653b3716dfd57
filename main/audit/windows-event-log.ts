/**
 * The Windows Event Log, as the system log of checkpoints: each message reported to the
 * Application log under the source "Scribe Desk" (advapi32 RegisterEventSourceW, ReportEventW,
 * DeregisterEventSource, via koffi), which a standard user can write and cannot clear. Without
 * the source registered by the installer, Event Viewer still shows the message, after a line
 * saying its description is not found. Loaded on Windows only, at the first message.
 */
import { createRequire } from 'node:module';
import type * as Koffi from 'koffi';
import type { SystemLog } from './system-log';

const loadCommonJs = createRequire(import.meta.url);

export const EVENT_SOURCE = 'Scribe Desk';
const EVENTLOG_INFORMATION_TYPE = 0x0004;
/** The one event the app reports: a checkpoint (or what stops the trail). */
export const CHECKPOINT_EVENT_ID = 1000;

/** The three Win32 calls, as a test stands them in. */
export interface EventLogCalls {
  /** A handle, or 0 when the source cannot be opened. */
  register(source: string): number | bigint;
  /** True when reported. */
  report(handle: number | bigint, type: number, eventId: number, strings: string[]): boolean;
  deregister(handle: number | bigint): void;
  lastError(): number;
}

function advapi32(): EventLogCalls {
  const koffi = loadCommonJs('koffi') as typeof Koffi;
  const lib = koffi.load('advapi32.dll');
  const kernel32 = koffi.load('kernel32.dll');
  const register = lib.func('intptr_t __stdcall RegisterEventSourceW(const char16_t *lpUNCServerName, const char16_t *lpSourceName)');
  const report = lib.func(
    'int __stdcall ReportEventW(intptr_t hEventLog, uint16_t wType, uint16_t wCategory, uint32_t dwEventID, void *lpUserSid, uint16_t wNumStrings, uint32_t dwDataSize, const char16_t **lpStrings, void *lpRawData)',
  );
  const deregister = lib.func('int __stdcall DeregisterEventSource(intptr_t hEventLog)');
  const lastError = kernel32.func('uint32_t __stdcall GetLastError()');
  return {
    register: (source) => register(null, source) as number,
    report: (handle, type, eventId, strings) => (report(handle, type, 0, eventId, null, strings.length, 0, strings, null) as number) !== 0,
    deregister: (handle) => void deregister(handle),
    lastError: () => lastError() as number,
  };
}

export function windowsEventLog(calls: () => EventLogCalls = advapi32): SystemLog {
  let api: EventLogCalls | null = null;
  return {
    name: () => 'the Windows Event Log (Application, source "Scribe Desk")',
    async write(message) {
      api ??= calls();
      const handle = api.register(EVENT_SOURCE);
      if (!handle) throw new Error(`the Event Log cannot be opened (error ${api.lastError()})`);
      try {
        if (!api.report(handle, EVENTLOG_INFORMATION_TYPE, CHECKPOINT_EVENT_ID, [message])) throw new Error(`the Event Log refused it (error ${api.lastError()})`);
      } finally {
        api.deregister(handle);
      }
    },
  };
}
