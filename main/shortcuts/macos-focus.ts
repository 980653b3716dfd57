/**
 * The window in front on macOS, asked of macOS through koffi: the front application
 * (NSWorkspace.frontmostApplication: its process id and bundle id) and its focused window
 * through the Accessibility API (AXFocusedWindow and its AXTitle), under the Accessibility
 * permission the paste already needs. Without that permission, or where macOS does not say,
 * the answer is 'unknown' with the reason, and the note is only copied
 * (insertion-decision.ts). The window's id is its process and the hash of its accessibility
 * element (equal for the same window). Written against Apple's documentation; loaded only on
 * macOS, and not run on this project's Linux machines.
 */
import type * as Koffi from 'koffi';
import type { Focus } from './insertion-decision';

/** kCFStringEncodingUTF8 */
const UTF8 = 0x0800_0100;
const MAX_TEXT = 1024;
/** kAXErrorSuccess */
const AX_SUCCESS = 0;

/** Why the window in front cannot be told apart, in words for the doctor. */
export const NO_ACCESSIBILITY =
  'macOS has not given Scribe Desk the Accessibility permission, which it needs to tell which window is in front (System Settings → Privacy & Security → Accessibility).';

export function macosFocus(koffi: typeof Koffi): () => Focus {
  const objc = koffi.load('/usr/lib/libobjc.A.dylib');
  const foundation = koffi.load('/System/Library/Frameworks/CoreFoundation.framework/CoreFoundation');
  const services = koffi.load('/System/Library/Frameworks/ApplicationServices.framework/ApplicationServices');
  koffi.load('/System/Library/Frameworks/AppKit.framework/AppKit');
  const getClass = objc.func('void *objc_getClass(const char *name)');
  const selector = objc.func('void *sel_registerName(const char *name)');
  const sendObject = objc.func('objc_msgSend', 'void *', ['void *', 'void *']);
  const sendPid = objc.func('objc_msgSend', 'int', ['void *', 'void *']);
  const sendString = objc.func('objc_msgSend', 'const char *', ['void *', 'void *']);
  const createString = foundation.func('void *CFStringCreateWithCString(void *allocator, const char *text, uint32_t encoding)');
  const stringText = foundation.func('bool CFStringGetCString(void *text, _Out_ uint8_t *buffer, long size, uint32_t encoding)');
  const typeOf = foundation.func('unsigned long CFGetTypeID(void *value)');
  const stringType = foundation.func('unsigned long CFStringGetTypeID()');
  const hashOf = foundation.func('unsigned long CFHash(void *value)');
  const release = foundation.func('void CFRelease(void *value)');
  const trusted = services.func('bool AXIsProcessTrusted()');
  const applicationElement = services.func('void *AXUIElementCreateApplication(int pid)');
  const attribute = services.func('int AXUIElementCopyAttributeValue(void *element, void *name, _Out_ void **value)');

  const workspace = sendObject(getClass('NSWorkspace'), selector('sharedWorkspace'));
  const [frontmost, processId, bundleId, utf8] = ['frontmostApplication', 'processIdentifier', 'bundleIdentifier', 'UTF8String'].map((name) => selector(name));
  const focusedWindow = createString(null, 'AXFocusedWindow', UTF8);
  const title = createString(null, 'AXTitle', UTF8);

  const text = (value: unknown): string | null => {
    if (!value || typeOf(value) !== stringType()) return null;
    const buffer = Buffer.alloc(MAX_TEXT * 4);
    return stringText(value, buffer, buffer.length, UTF8) ? buffer.subarray(0, buffer.indexOf(0)).toString('utf8') : null;
  };

  return () => {
    const app: unknown = sendObject(workspace, frontmost);
    if (!app) return { kind: 'none' };
    const pid = sendPid(app, processId) as number;
    const bundle = sendObject(app, bundleId);
    const name = bundle ? (sendString(bundle, utf8) as string | null) : null;
    if (pid === process.pid) return { kind: 'app' };
    if (!trusted()) return { kind: 'unknown', why: NO_ACCESSIBILITY };
    const element = applicationElement(pid);
    const window = [null as unknown];
    try {
      if (attribute(element, focusedWindow, window) !== AX_SUCCESS || !window[0]) return { kind: 'unknown', why: `macOS did not say which window of ${name ?? 'the program in front'} has the focus.` };
      const titled = [null as unknown];
      const titleText = attribute(window[0], title, titled) === AX_SUCCESS ? text(titled[0]) : null;
      if (titled[0]) release(titled[0]);
      const id = `mac:${pid}:${String(hashOf(window[0]))}`;
      return { kind: 'window', window: { id, program: name ? { match: 'bundle', names: [name] } : null, title: titleText, higherRights: false, pid } };
    } finally {
      if (window[0]) release(window[0]);
      release(element);
    }
  };
}
