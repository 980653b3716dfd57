/**
 * The foreground window on Windows, through koffi: its handle, its process's executable name,
 * its title, and whether that process runs at a higher integrity level than this app (UIPI
 * then drops the keys the app sends it: a program run as administrator). Run against Wine's
 * Win32 in the Windows lane (test/wine/in-wine/window-in-front.test.ts), where integrity levels
 * are not kept: a process the app may not open stands in for one with higher rights.
 */
import type * as Koffi from 'koffi';
import type { Focus } from './insertion-decision';

const PROCESS_QUERY_LIMITED_INFORMATION = 0x1000;
const TOKEN_QUERY = 0x0008;
const TOKEN_INTEGRITY_LEVEL = 25;
const MAX_TEXT = 1024;

export function windowsFocus(koffi: typeof Koffi): () => Focus {
  const user32 = koffi.load('user32.dll');
  const kernel32 = koffi.load('kernel32.dll');
  const advapi32 = koffi.load('advapi32.dll');
  const getForegroundWindow = user32.func('void *__stdcall GetForegroundWindow()');
  const getWindowProcess = user32.func('uint32_t __stdcall GetWindowThreadProcessId(void *window, _Out_ uint32_t *pid)');
  const getWindowText = user32.func('int __stdcall GetWindowTextW(void *window, _Out_ uint16_t *text, int max)');
  const openProcess = kernel32.func('void *__stdcall OpenProcess(uint32_t access, int inherit, uint32_t pid)');
  const currentProcess = kernel32.func('void *__stdcall GetCurrentProcess()');
  const closeHandle = kernel32.func('int __stdcall CloseHandle(void *handle)');
  const imageName = kernel32.func('int __stdcall QueryFullProcessImageNameW(void *process, uint32_t flags, _Out_ uint16_t *name, _Inout_ uint32_t *size)');
  const openToken = advapi32.func('int __stdcall OpenProcessToken(void *process, uint32_t access, _Out_ void **token)');
  const tokenInformation = advapi32.func('int __stdcall GetTokenInformation(void *token, int kind, _Out_ uint8_t *info, uint32_t length, _Out_ uint32_t *returned)');

  const wide = (buffer: Buffer, chars: number) => buffer.subarray(0, chars * 2).toString('utf16le');
  /** The integrity level's RID (0x2000 medium, 0x3000 high, 0x4000 system), or null. */
  const integrityOf = (process: unknown): number | null => {
    const token = [null as unknown];
    if (!openToken(process, TOKEN_QUERY, token) || !token[0]) return null;
    try {
      const info = Buffer.alloc(64);
      if (!tokenInformation(token[0], TOKEN_INTEGRITY_LEVEL, info, info.length, [0])) return null;
      // TOKEN_MANDATORY_LABEL (a SID pointer and attributes) is followed by the SID it points to.
      const sid = info.subarray(2 * koffi.sizeof('void *'));
      const count = sid.readUInt8(1);
      return sid.readUInt8(0) === 1 && count > 0 && count < 16 ? sid.readUInt32LE(8 + 4 * (count - 1)) : null;
    } finally {
      closeHandle(token[0]);
    }
  };
  const own = integrityOf(currentProcess());

  return () => {
    const window = getForegroundWindow();
    if (!window) return { kind: 'none' };
    const pid = [0];
    getWindowProcess(window, pid);
    const title = Buffer.alloc(MAX_TEXT * 2);
    const titleChars = getWindowText(window, title, MAX_TEXT);
    const process = openProcess(PROCESS_QUERY_LIMITED_INFORMATION, 0, pid[0]);
    let name: string | null = null;
    let level: number | null = null;
    if (process) {
      const path = Buffer.alloc(MAX_TEXT * 2);
      const size = [MAX_TEXT];
      if (imageName(process, 0, path, size)) name = wide(path, size[0] ?? 0).split('\\').pop() ?? null;
      level = integrityOf(process);
      closeHandle(process);
    }
    // A process this app may not even ask about runs above it (elevated, or protected): the safe answer.
    const higherRights = process === null || (level !== null && own !== null && level > own);
    const id = `win32:${String(koffi.address(window))}`;
    return { kind: 'window', window: { id, program: name ? { match: 'process', names: [name] } : null, title: wide(title, titleChars), higherRights, pid: pid[0] || null } };
  };
}
