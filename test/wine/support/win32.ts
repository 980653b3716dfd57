/**
 * The Win32 calls the in-Wine tests make themselves, to set up what a person or another
 * program would (a window and its title, clipboard content, a process the app may not open,
 * a security descriptor from SDDL) and to read back what the app did (a window's text).
 * Declared once, with unnamed types (koffi's names are process-wide, shared with the app's).
 */
import * as koffi from 'koffi';

const user32 = koffi.load('user32.dll');
const kernel32 = koffi.load('kernel32.dll');
const advapi32 = koffi.load('advapi32.dll');

const STARTUPINFOW = koffi.struct({
  cb: 'uint32_t',
  lpReserved: 'void *',
  lpDesktop: 'void *',
  lpTitle: 'void *',
  dwX: 'uint32_t',
  dwY: 'uint32_t',
  dwXSize: 'uint32_t',
  dwYSize: 'uint32_t',
  dwXCountChars: 'uint32_t',
  dwYCountChars: 'uint32_t',
  dwFillAttribute: 'uint32_t',
  dwFlags: 'uint32_t',
  wShowWindow: 'uint16_t',
  cbReserved2: 'uint16_t',
  lpReserved2: 'void *',
  hStdInput: 'void *',
  hStdOutput: 'void *',
  hStdError: 'void *',
});
const PROCESS_INFORMATION = koffi.struct({ hProcess: 'void *', hThread: 'void *', dwProcessId: 'uint32_t', dwThreadId: 'uint32_t' });
const SECURITY_ATTRIBUTES = koffi.struct({ nLength: 'uint32_t', lpSecurityDescriptor: 'void *', bInheritHandle: 'int' });
const KEYBDINPUT = koffi.struct({ wVk: 'uint16_t', wScan: 'uint16_t', dwFlags: 'uint32_t', time: 'uint32_t', dwExtraInfo: 'uintptr_t' });
const INPUT = koffi.struct({ type: 'uint32_t', ki: KEYBDINPUT, padding: koffi.array('uint8_t', 8) });

export const WM_SETTEXT = 0x000c;
export const WM_GETTEXT = 0x000d;
export const WM_GETTEXTLENGTH = 0x000e;
export const WM_COPY = 0x0301;
export const EM_SETSEL = 0x00b1;
export const CF_UNICODETEXT = 13;
export const VK_ESCAPE = 0x1b;
export const VK_LCONTROL = 0xa2;
export const VK_LMENU = 0xa4;
export const VK_C = 0x43;
export const VK_V = 0x56;

export const win32 = {
  findWindowEx: user32.func('void *__stdcall FindWindowExW(void *parent, void *after, str16 className, str16 title)'),
  windowProcess: user32.func('uint32_t __stdcall GetWindowThreadProcessId(void *window, _Out_ uint32_t *pid)'),
  setForegroundWindow: user32.func('int __stdcall SetForegroundWindow(void *window)'),
  foregroundWindow: user32.func('void *__stdcall GetForegroundWindow()'),
  setWindowText: user32.func('int __stdcall SetWindowTextW(void *window, str16 text)'),
  sendMessage: user32.func('intptr_t __stdcall SendMessageW(void *window, uint32_t message, uintptr_t wParam, intptr_t lParam)'),
  sendTextMessage: user32.func('intptr_t __stdcall SendMessageW(void *window, uint32_t message, uintptr_t wParam, _Inout_ uint16_t *text)'),
  setTextMessage: user32.func('intptr_t __stdcall SendMessageW(void *window, uint32_t message, uintptr_t wParam, str16 text)'),
  openClipboard: user32.func('int __stdcall OpenClipboard(void *owner)'),
  emptyClipboard: user32.func('int __stdcall EmptyClipboard()'),
  closeClipboard: user32.func('int __stdcall CloseClipboard()'),
  setClipboardData: user32.func('void *__stdcall SetClipboardData(uint32_t format, void *memory)'),
  clipboardData: user32.func('void *__stdcall GetClipboardData(uint32_t format)'),
  registerClipboardFormat: user32.func('uint32_t __stdcall RegisterClipboardFormatW(str16 name)'),
  enumClipboardFormats: user32.func('uint32_t __stdcall EnumClipboardFormats(uint32_t format)'),
  clipboardFormatName: user32.func('int __stdcall GetClipboardFormatNameW(uint32_t format, _Out_ uint16_t *name, int size)'),
  globalAlloc: kernel32.func('void *__stdcall GlobalAlloc(uint32_t flags, uintptr_t bytes)'),
  globalLock: kernel32.func('void *__stdcall GlobalLock(void *memory)'),
  globalUnlock: kernel32.func('int __stdcall GlobalUnlock(void *memory)'),
  createProcess: kernel32.func('__stdcall', 'CreateProcessW', 'int', [
    'str16',
    'str16',
    koffi.pointer(SECURITY_ATTRIBUTES),
    'void *',
    'int',
    'uint32_t',
    'void *',
    'void *',
    koffi.pointer(STARTUPINFOW),
    koffi.out(koffi.pointer(PROCESS_INFORMATION)),
  ]),
  terminateProcess: kernel32.func('int __stdcall TerminateProcess(void *process, uint32_t code)'),
  waitForSingleObject: kernel32.func('uint32_t __stdcall WaitForSingleObject(void *handle, uint32_t ms)'),
  closeHandle: kernel32.func('int __stdcall CloseHandle(void *handle)'),
  openProcess: kernel32.func('void *__stdcall OpenProcess(uint32_t access, int inherit, uint32_t pid)'),
  lastError: kernel32.func('uint32_t __stdcall GetLastError()'),
  localFree: kernel32.func('void *__stdcall LocalFree(void *memory)'),
  sendInput: user32.func('__stdcall', 'SendInput', 'unsigned int', ['unsigned int', koffi.pointer(INPUT), 'int']),
  asyncKeyState: user32.func('int16_t __stdcall GetAsyncKeyState(int vk)'),
  sddlToDescriptor: advapi32.func('int __stdcall ConvertStringSecurityDescriptorToSecurityDescriptorW(str16 sddl, uint32_t revision, _Out_ void **descriptor, _Out_ uint32_t *size)'),
};

const keyEvent = (virtualKey: number, flags: number) => ({ type: 1, ki: { wVk: virtualKey, wScan: 0, dwFlags: flags, time: 0, dwExtraInfo: 0 }, padding: new Array(8).fill(0) });

/** A key pressed and let go, as from the keyboard (by its virtual-key code). */
export function pressKey(virtualKey: number): void {
  if (win32.sendInput(2, [keyEvent(virtualKey, 0), keyEvent(virtualKey, 0x2)], koffi.sizeof(INPUT)) !== 2) throw new Error('SendInput took not both key events.');
}

/** Keys pressed and held down, as a person holds a shortcut; `up`: let go. */
export function holdKeys(virtualKeys: number[], up = false): void {
  const events = virtualKeys.map((virtualKey) => keyEvent(virtualKey, up ? 0x2 : 0));
  if (win32.sendInput(events.length, events, koffi.sizeof(INPUT)) !== events.length) throw new Error('SendInput took not every key event.');
}

/** Whether Windows holds the key down now. */
export function keyDown(virtualKey: number): boolean {
  return ((win32.asyncKeyState(virtualKey) as number) & 0x8000) !== 0;
}

export interface StartedProcess {
  process: unknown;
  pid: number;
}

/** Starts `commandLine`; `descriptor` (a security descriptor) decides who may open the process afterwards. */
export function startProcess(commandLine: string, descriptor: unknown = null): StartedProcess {
  const attributes = descriptor ? { nLength: koffi.sizeof(SECURITY_ATTRIBUTES), lpSecurityDescriptor: descriptor, bInheritHandle: 0 } : null;
  const information: { hProcess?: unknown; dwProcessId?: number } = {};
  if (!win32.createProcess(null, commandLine, attributes, null, 0, 0, null, null, { cb: koffi.sizeof(STARTUPINFOW) }, information)) {
    throw new Error(`CreateProcessW failed (${win32.lastError() as number})`);
  }
  return { process: information.hProcess, pid: information.dwProcessId! };
}

/** A security descriptor made by Windows from SDDL (freed with LocalFree). */
export function descriptorFromSddl(sddl: string): unknown {
  const descriptor: unknown[] = [null];
  if (!win32.sddlToDescriptor(sddl, 1, descriptor, [0])) throw new Error(`Windows refused the SDDL ${sddl} (${win32.lastError() as number})`);
  return descriptor[0];
}

/** Puts `formats` on the clipboard in one go: text as CF_UNICODETEXT, anything else as a registered format's bytes. */
export function putOnClipboard(formats: { text?: string; registered?: Record<string, Buffer> }): void {
  const memoryOf = (bytes: Buffer) => {
    const memory = win32.globalAlloc(0x2, Math.max(bytes.length, 1));
    koffi.encode(win32.globalLock(memory), koffi.array('uint8', bytes.length), Array.from(bytes));
    win32.globalUnlock(memory);
    return memory;
  };
  if (!win32.openClipboard(null)) throw new Error('The clipboard could not be opened.');
  try {
    win32.emptyClipboard();
    if (formats.text !== undefined) win32.setClipboardData(CF_UNICODETEXT, memoryOf(Buffer.from(`${formats.text}\0`, 'utf16le')));
    for (const [name, bytes] of Object.entries(formats.registered ?? {})) win32.setClipboardData(win32.registerClipboardFormat(name), memoryOf(bytes));
  } finally {
    win32.closeClipboard();
  }
}

/** The names of the clipboard's registered formats and the numbers of its standard ones. */
export function clipboardFormats(): string[] {
  if (!win32.openClipboard(null)) throw new Error('The clipboard could not be opened.');
  try {
    const formats: string[] = [];
    for (let format = win32.enumClipboardFormats(0) as number; format !== 0; format = win32.enumClipboardFormats(format) as number) {
      const name = new Uint16Array(256);
      const length = win32.clipboardFormatName(format, name, name.length) as number;
      formats.push(length > 0 ? Buffer.from(name.buffer).toString('utf16le', 0, length * 2) : String(format));
    }
    return formats;
  } finally {
    win32.closeClipboard();
  }
}
