import { describe, expect, it } from 'vitest';
import { CopyPath } from '../../../main/clipboard/copy-path';
import { PatientClipboard, appCopyFormat, type SystemClipboard } from '../../../main/clipboard/patient-clipboard';
import { formatsMemoryClipboard } from '../../support/memory-clipboard';
import { systemClock } from '../../../main/core/clock';

const OPTIONS = { clearLater: () => false, log: () => undefined, platform: 'linux' as const, clock: systemClock };

class FakeItem {
  constructor(readonly formats: Record<string, string | Blob>) {}
}

/** Electron's clipboard: with ClipboardItem (refusing the OS's history markers when asked to), or the older one that writes formats. */
function systemClipboard(options: { items: boolean; refuseMarkers?: boolean }) {
  const written: unknown[] = [];
  const system: SystemClipboard = {
    clipboard: {
      readText: () => '',
      clear: () => undefined,
      write: async (items: unknown[]) => {
        const formats = (items[0] as FakeItem).formats;
        if (options.refuseMarkers && Object.keys(formats).some((name) => name.startsWith('electron application/osclipboard'))) throw new Error('unsupported format');
        written.push(formats);
      },
    },
    ...(options.items ? { ClipboardItem: FakeItem } : {}),
  };
  if (!options.items) Object.assign(system.clipboard, { write: (content: unknown) => void written.push(content) });
  return { system, written };
}

describe('PatientClipboard, on the clipboard it is given', () => {
  it('writes the text and the HTML in one item, asking clipboard histories not to keep it', async () => {
    const { system, written } = systemClipboard({ items: true });
    const clipboard = new PatientClipboard(system, OPTIONS);
    await clipboard.write({ text: 'Note', html: '<p>Note</p>' }, 'Bed 4');
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ 'text/plain': 'Note', 'text/html': '<p>Note</p>' });
    expect(Object.keys(written[0] as object).some((name) => name.startsWith('electron application/osclipboard'))).toBe(true);
    await clipboard.dispose();
  });

  it('writes the text without the markers where the clipboard refuses them, and the formats on the older clipboard', async () => {
    const refusing = systemClipboard({ items: true, refuseMarkers: true });
    await new PatientClipboard(refusing.system, OPTIONS).write({ text: 'Note' }, null);
    expect(refusing.written).toEqual([{ 'text/plain': 'Note' }]);
    const older = systemClipboard({ items: false });
    await new PatientClipboard(older.system, OPTIONS).write({ text: 'Note', html: '<p>Note</p>' }, null);
    expect(older.written).toEqual([{ text: 'Note', html: '<p>Note</p>' }]);
  });
});

/** Electron's W3C-like clipboard in memory (the production runtime's): one item of the types written last. */
function itemsClipboard(initial: Record<string, string> = {}) {
  let held: Record<string, unknown> = { ...initial };
  const clipboard = {
    readText: async () => String(held['text/plain'] ?? ''),
    clear: () => void (held = {}),
    write: async (items: unknown[]) => void (held = { ...(items[0] as FakeItem).formats }),
    read: async () => (Object.keys(held).length > 0 ? [{ types: Object.keys(held), getType: async (type: string) => held[type] }] : []),
  };
  return { system: { clipboard, ClipboardItem: FakeItem } as SystemClipboard, held: () => held };
}

describe('each copy of the app, known by its id (issue 45.4)', () => {
  const note = { text: 'Test Patient Ravi · Dictation\nParacetamol 650 mg', html: '<p>Paracetamol 650 mg</p>' };

  it('carries its id in the app’s own clipboard format, so that a note copied before a restart is known as the app’s: never put back, withdrawn', async () => {
    const { system, held } = itemsClipboard();
    const before = new PatientClipboard(system, OPTIONS);
    const copy = await before.write(note, 'patient:ravi');
    expect(held()[appCopyFormat('linux')]).toBe(copy);
    expect(appCopyFormat('darwin')).toBe('electron application/osclipboard;format="care.scribedesk.copy"');
    await before.dispose();

    // The app restarts: this run made no copy, yet the note on the clipboard is the app's.
    const after = new PatientClipboard(system, OPTIONS);
    expect(await after.earlier()).toEqual({ kind: 'empty' });
    const copies = new CopyPath(after, { requireReview: () => false, log: () => {} });
    expect(await copies.recordingFor('patient:meera')).toBe(true);
    expect(held()).toEqual({});
    // The doctor's own copy is not the app's: left alone.
    await system.clipboard.write([new FakeItem({ 'text/plain': 'UHID 4711' })]);
    expect(await after.withdraw()).toBe(false);
    expect(held()).toEqual({ 'text/plain': 'UHID 4711' });
  });

  it.each([
    ['W3C-like', () => itemsClipboard({ 'text/plain': 'UHID 4711' })],
    ['synchronous', () => formatsMemoryClipboard('UHID 4711')],
  ] as const)('a put-back checks its own copy: a later copy of the same note stays (%s clipboard)', async (_name, make) => {
    const { system } = make();
    const text = async () => system.clipboard.readText();
    const clipboard = new PatientClipboard(system, OPTIONS);
    const earlier = await clipboard.earlier();
    const first = await clipboard.write(note, 'patient:ravi');
    // Copied again (Copy note, or a second press) before the first put-back: the same text, another copy.
    const second = await clipboard.write(note, 'patient:ravi');
    expect(await clipboard.putBack(earlier, first)).toBe('changed');
    expect(await text()).toBe(note.text);
    expect(await clipboard.putBack(earlier, second)).toBe('restored');
    expect(await text()).toBe('UHID 4711');
  });
});
