import { describe, expect, it } from 'vitest';
import { PatientClipboard, type SystemClipboard } from '../../../main/clipboard/patient-clipboard';

const OPTIONS = { clearLater: () => false, log: () => undefined, platform: 'linux' as const };

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
