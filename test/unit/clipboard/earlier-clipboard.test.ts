/**
 * The doctor's clipboard around a paste: read before the note goes on it, put back after,
 * unless something else was copied since; content the app cannot read is said, not half
 * written back. On both of Electron's clipboards (in memory: the OS clipboard is shared by
 * parallel tests; the e2e tests show it on X11's).
 */
import { describe, expect, it } from 'vitest';
import { readEarlier, writeEarlier, type FormatsClipboard, type ItemsClipboard } from '../../../main/clipboard/earlier-clipboard';
import { PatientClipboard, type SystemClipboard } from '../../../main/clipboard/patient-clipboard';
import { systemClock } from '../../../main/core/clock';

/** Electron 33's synchronous clipboard, holding formats by MIME type. */
function formatsClipboard(initial: Record<string, string | Buffer>) {
  let held: Record<string, string | Buffer> = { ...initial };
  const clipboard: FormatsClipboard & { readImage(): unknown } = {
    availableFormats: () => Object.keys(held).filter((type) => ['text/plain', 'text/html', 'text/rtf', 'image/png', 'text/uri-list'].includes(type)),
    // As Electron 33 on X11: a raw target is not listed, but `has` finds it by name.
    has: (format) => format in held,
    readText: () => String(held['text/plain'] ?? ''),
    readHTML: () => String(held['text/html'] ?? ''),
    readRTF: () => String(held['text/rtf'] ?? ''),
    readBuffer: (format) => Buffer.from(held[format] ?? ''),
    readImage: () => null,
    write: (data) => {
      held = {};
      if (data.text !== undefined) held['text/plain'] = data.text;
      if (data.html !== undefined) held['text/html'] = data.html;
      if (data.rtf !== undefined) held['text/rtf'] = data.rtf;
      if (data.image !== undefined) held['image/png'] = data.image as Buffer;
    },
    writeBuffer: (format, buffer) => void (held = { [format]: buffer }),
    clear: () => void (held = {}),
  };
  return { clipboard, held: () => held };
}

const png = Buffer.from('89504e470d0a1a0a', 'hex');
const note = { text: 'Visit · Dictation\nParacetamol', html: '<p>Visit</p>' };

function patientOn(initial: Record<string, string | Buffer>, heldByProgram: boolean | null = null) {
  const fake = formatsClipboard(initial);
  const system = { clipboard: fake.clipboard, nativeImage: { createFromBuffer: (bytes: Buffer) => bytes } } as unknown as SystemClipboard;
  const clipboard = new PatientClipboard(system, { clearLater: () => true, log: () => {}, platform: 'linux', held: () => heldByProgram, clock: systemClock });
  return { clipboard, held: fake.held, fake: fake.clipboard };
}

describe('the earlier clipboard', () => {
  it.each<[string, Record<string, string | Buffer>]>([
    ['text and HTML', { 'text/plain': 'UHID 4711', 'text/html': '<b>UHID 4711</b>' }],
    ['an image with its text', { 'image/png': png, 'text/plain': 'chart.png' }],
    ['a file list', { 'text/uri-list': 'file:///home/doctor/report.pdf\r\n' }],
    ['RTF', { 'text/rtf': '{\\rtf1 x}', 'text/plain': 'x' }],
    ['nothing', {}],
  ])('%s: put back after the paste', async (_name, before) => {
    const { clipboard, held } = patientOn(before);
    const earlier = await clipboard.earlier();
    const copy = await clipboard.write(note, 'Visit');
    expect(held()['text/plain']).toBe(note.text);
    expect(await clipboard.putBack(earlier, copy)).toBe('restored');
    expect(held()).toEqual(Object.fromEntries(Object.entries(before).map(([type, value]) => [type, typeof value === 'string' && type === 'text/uri-list' ? Buffer.from(value) : value])));
  });

  it('something copied since the paste is left alone', async () => {
    const { clipboard, held, fake } = patientOn({ 'text/plain': 'UHID 4711' });
    const earlier = await clipboard.earlier();
    const copy = await clipboard.write(note, 'Visit');
    fake.write({ text: 'copied by the doctor meanwhile' });
    expect(await clipboard.putBack(earlier, copy)).toBe('changed');
    expect(held()).toEqual({ 'text/plain': 'copied by the doctor meanwhile' });
  });

  it('a program’s private format only: not read, not half written back; the note stays', async () => {
    const { clipboard, held } = patientOn({ 'application/x-emr-private': 'x' }, true);
    const earlier = await clipboard.earlier();
    expect(earlier).toEqual({ kind: 'unreadable' });
    const copy = await clipboard.write(note, 'Visit');
    expect(await clipboard.putBack(earlier, copy)).toBe('unreadable');
    expect(held()['text/plain']).toBe(note.text);
  });

  it('the app’s own earlier note (maybe another patient’s) is not put back: the clipboard is left empty', async () => {
    const { clipboard, held } = patientOn({});
    await clipboard.write({ text: 'Earlier patient · note' }, 'Earlier patient');
    const earlier = await clipboard.earlier();
    const copy = await clipboard.write(note, 'Visit');
    expect(await clipboard.putBack(earlier, copy)).toBe('restored');
    expect(held()).toEqual({});
  });

  it('plain form: the note goes on without its HTML', async () => {
    const { clipboard, held } = patientOn({});
    await clipboard.write(note, 'Visit', 'plain');
    expect(held()).toEqual({ 'text/plain': note.text });
  });

  it("on Electron's W3C-like clipboard every type it offers goes back in one item", async () => {
    let items: Array<{ types: string[]; getType(type: string): Promise<unknown> }> = [
      { types: ['text/plain', 'image/png', 'application/x-emr'], getType: async (type) => `blob of ${type}` },
    ];
    const written: unknown[] = [];
    const clipboard: ItemsClipboard = { read: async () => items, write: async (list) => void written.push(...list), clear: () => (items = []) };
    class Item {
      constructor(readonly formats: Record<string, unknown>) {}
    }
    const deps = { clipboard, ClipboardItem: Item, held: () => true };
    const earlier = await readEarlier(deps);
    expect(earlier).toEqual({ kind: 'items', types: { 'text/plain': 'blob of text/plain', 'image/png': 'blob of image/png', 'application/x-emr': 'blob of application/x-emr' } });
    await writeEarlier(deps, earlier);
    expect(written).toEqual([new Item({ 'text/plain': 'blob of text/plain', 'image/png': 'blob of image/png', 'application/x-emr': 'blob of application/x-emr' })]);
  });

  it('bad input: a clipboard holding only a password manager’s marked text is not put back without its mark, and the doctor is told', async () => {
    // KeePassXC or KWallet on X11: the password and the KDE hint; this clipboard cannot write the hint back beside the text.
    const { clipboard, held } = patientOn({ 'text/plain': 'test-password-not-real', 'x-kde-passwordManagerHint': 'secret' });
    const earlier = await clipboard.earlier();
    expect(earlier).toEqual({ kind: 'secret' });
    const copy = await clipboard.write(note, 'Visit');
    expect(await clipboard.putBack(earlier, copy)).toBe('secret');
    expect(held()['text/plain']).toBe(note.text);
    expect(Object.values(held())).not.toContain('test-password-not-real');
    // Windows' and macOS's markers are known too.
    for (const marker of ['ExcludeClipboardContentFromMonitorProcessing', 'CanIncludeInClipboardHistory', 'org.nspasteboard.ConcealedType']) {
      expect(await patientOn({ 'text/plain': 'test-password-not-real', [marker]: '' }).clipboard.earlier()).toEqual({ kind: 'secret' });
    }
  });

  it("on Electron's W3C-like clipboard a password manager's marked text goes back with its markers, or not at all", async () => {
    const hint = 'electron application/osclipboard;format="x-kde-passwordManagerHint"';
    const items = [{ types: ['text/plain', hint], getType: async (type: string) => (type === hint ? 'secret' : 'test-password-not-real') }];
    class Item {
      constructor(readonly formats: Record<string, unknown>) {}
    }
    const written: unknown[] = [];
    const keeping: ItemsClipboard = { read: async () => items, write: async (list) => void written.push(...list), clear: () => {} };
    const earlier = await readEarlier({ clipboard: keeping, ClipboardItem: Item, held: () => true });
    expect(earlier).toEqual({ kind: 'items', types: { 'text/plain': 'test-password-not-real', [hint]: 'secret' }, secret: true });
    await writeEarlier({ clipboard: keeping, ClipboardItem: Item, held: () => true }, earlier);
    expect(written).toEqual([new Item({ 'text/plain': 'test-password-not-real', [hint]: 'secret' })]);
    // A clipboard that refuses the marker refuses the whole item: nothing of the password is written without it.
    const refusing: ItemsClipboard = { read: async () => items, write: () => Promise.reject(new Error('unsupported format')), clear: () => {} };
    await expect(writeEarlier({ clipboard: refusing, ClipboardItem: Item, held: () => true }, earlier)).rejects.toThrow();
  });

  it('a clipboard that fails to read is unreadable, never an empty one to clear', async () => {
    const clipboard: ItemsClipboard = { read: () => Promise.reject(new Error('denied')), write: async () => {}, clear: () => {} };
    expect(await readEarlier({ clipboard, held: () => null })).toEqual({ kind: 'unreadable' });
  });
});
