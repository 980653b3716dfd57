/**
 * What the doctor had on the clipboard before the app pasted a note: read right before the
 * note is written, put back right after the paste. Text, HTML, RTF, an image and a file list,
 * as the OS holds them; on Electron's W3C-like clipboard every type it offers. Content the app
 * cannot read back (a program's private format only) is not written back in part: it is said.
 * Content a password manager marked secret (kept out of clipboard histories) goes back with its
 * markers, where the clipboard writes every format it read, or not at all: written back
 * without them, a password would land where clipboard history keeps it.
 * Works on the clipboard it is given (patient-clipboard.ts hands it Electron's).
 */

/** Electron's synchronous clipboard (before its W3C-like one; the tests' runtime, Electron 33). */
export interface FormatsClipboard {
  availableFormats(): string[];
  /** Whether the clipboard holds a raw platform format by its name (what availableFormats does not list). */
  has?(format: string): boolean;
  readText(): string;
  readHTML(): string;
  readRTF(): string;
  readBuffer(format: string): Buffer;
  write(data: { text?: string; html?: string; rtf?: string; image?: unknown }): void;
  writeBuffer(format: string, buffer: Buffer): void;
  clear(): void;
}

/** Electron's W3C-like clipboard: items whose types resolve to Blobs. */
export interface ItemsClipboard {
  read(): Promise<Array<{ types: string[]; getType(type: string): Promise<unknown> }>>;
  write(items: unknown[]): Promise<void>;
  clear(): void;
}

export interface EarlierClipboardDeps {
  clipboard: FormatsClipboard | ItemsClipboard;
  ClipboardItem?: new (formats: Record<string, unknown>) => unknown;
  /** Makes an image the synchronous clipboard can write from PNG bytes (Electron's nativeImage). */
  imageFromPng?(png: Buffer): unknown;
  /** Whether some program holds the clipboard now (X11 selection owner, Windows' formats), null when this OS cannot be asked. */
  held(): boolean | null;
}

/** On X11 a file manager's copy: one URI a line. */
export const FILE_LIST = 'text/uri-list';

/**
 * The formats a password manager adds to keep a secret out of clipboard histories, by their
 * platform names: KDE's (X11 and Wayland), Windows' clipboard history and cloud clipboard, and
 * the macOS pasteboard's nspasteboard.org markers.
 */
export const SECRET_MARKERS = [
  'x-kde-passwordManagerHint',
  'ExcludeClipboardContentFromMonitorProcessing',
  'CanIncludeInClipboardHistory',
  'CanUploadToCloudClipboard',
  'org.nspasteboard.ConcealedType',
  'org.nspasteboard.TransientType',
] as const;

/** The platform name inside Electron's `electron application/osclipboard;format="<name>"`, or the type itself. */
const platformName = (type: string) => /^electron application\/osclipboard;format="(.*)"$/.exec(type)?.[1] ?? type;

export type EarlierContent =
  | { kind: 'empty' }
  | { kind: 'formats'; text?: string; html?: string; rtf?: string; png?: Buffer; files?: Buffer }
  /** Every type the W3C-like clipboard offered, a password manager's markers among them when `secret`. */
  | { kind: 'items'; types: Record<string, unknown>; secret?: boolean }
  | { kind: 'unreadable' }
  /** Marked secret by a password manager, on a clipboard that cannot write the markers back: never written back. */
  | { kind: 'secret' };

const isItems = (clipboard: FormatsClipboard | ItemsClipboard): clipboard is ItemsClipboard => !('availableFormats' in clipboard);

function readFormats(clipboard: FormatsClipboard): EarlierContent | null {
  const formats = new Set(clipboard.availableFormats());
  // This clipboard writes one raw format at a time: marked content cannot go back with its markers.
  if (SECRET_MARKERS.some((marker) => formats.has(marker) || clipboard.has?.(marker) === true)) return { kind: 'secret' };
  const content: EarlierContent & { kind: 'formats' } = { kind: 'formats' };
  if (formats.has('text/plain')) content.text = clipboard.readText();
  if (formats.has('text/html')) content.html = clipboard.readHTML();
  if (formats.has('text/rtf')) content.rtf = clipboard.readRTF();
  if (formats.has('image/png')) content.png = clipboard.readBuffer('image/png');
  if (formats.has(FILE_LIST)) content.files = clipboard.readBuffer(FILE_LIST);
  return Object.keys(content).length > 1 ? content : null;
}

async function readItems(clipboard: ItemsClipboard): Promise<EarlierContent | null> {
  const types: Record<string, unknown> = {};
  for (const item of await clipboard.read()) {
    for (const type of item.types) types[type] ??= await item.getType(type);
  }
  if (Object.keys(types).length === 0) return null;
  const secret = Object.keys(types).some((type) => (SECRET_MARKERS as readonly string[]).includes(platformName(type)));
  return secret ? { kind: 'items', types, secret } : { kind: 'items', types };
}

/** Reads what the clipboard holds now. Never throws: what cannot be read is `unreadable`. */
export async function readEarlier(deps: EarlierClipboardDeps): Promise<EarlierContent> {
  try {
    const content = isItems(deps.clipboard) ? await readItems(deps.clipboard) : readFormats(deps.clipboard);
    if (content) return content;
  } catch {
    return { kind: 'unreadable' };
  }
  // Nothing the app can read: empty, unless some program holds it in a form the app does not know.
  return deps.held() === true ? { kind: 'unreadable' } : { kind: 'empty' };
}

/** Writes `content` back. Throws when the clipboard refuses; `unreadable` is never written (the caller says so). */
export async function writeEarlier(deps: EarlierClipboardDeps, content: EarlierContent): Promise<void> {
  const { clipboard } = deps;
  if (content.kind === 'unreadable' || content.kind === 'secret') return;
  if (content.kind === 'empty') {
    clipboard.clear();
    return;
  }
  if (content.kind === 'items') {
    if (!isItems(clipboard) || !deps.ClipboardItem) throw new Error('this clipboard takes no items');
    // One item with every type read, markers included: all of it goes back at once, or (when the clipboard refuses a type) none of it.
    await clipboard.write([new deps.ClipboardItem(content.types)]);
    return;
  }
  if (isItems(clipboard)) throw new Error('this clipboard takes items only');
  if (content.files) {
    // The synchronous clipboard writes one raw format at a time: a file list goes back as the file list.
    clipboard.writeBuffer(FILE_LIST, content.files);
    return;
  }
  const image = content.png && deps.imageFromPng ? deps.imageFromPng(content.png) : undefined;
  clipboard.write({
    ...(content.text !== undefined ? { text: content.text } : {}),
    ...(content.html !== undefined ? { html: content.html } : {}),
    ...(content.rtf !== undefined ? { rtf: content.rtf } : {}),
    ...(image !== undefined ? { image } : {}),
  });
}
