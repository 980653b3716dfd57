/**
 * Patient text on the clipboard: a dictation's note as plain text and HTML (built by
 * contract/clinical-note.ts from the stored result and the doctor's correction), or a part's
 * text. Where the OS offers it, clipboard managers are asked not to keep it in their history;
 * it is taken off the clipboard two minutes later if it is still there (a setting).
 */
import { clinicalNote, type ClinicalNote } from '../../contract/clinical-note';
import { FINISHED_STATES } from '../../contract/dictation';
import { ClipboardExpiry, type ExpiringClipboard } from '../clipboard/clipboard-expiry';
import { log } from '../log';
import type { DictationStore } from './dictation-store';

/** The dictation's note, with the doctor's corrections, headed by whose it is; null when it has none (yet: output shown while processing is no note). */
export function noteOf(store: DictationStore, id: string): ClinicalNote | null {
  const manifest = store.get(id);
  if (!manifest || !FINISHED_STATES.has(manifest.state)) return null;
  const correction = store.readCorrection(id);
  return clinicalNote(store.readResult(id), manifest, correction && 'parts' in correction ? correction : null);
}

/**
 * Electron's clipboard module, passed in by the dictation feature: `ClipboardItem` where this
 * Electron has the W3C-like clipboard, none where it does not (then `write` takes the formats).
 */
export interface SystemClipboard {
  clipboard: ExpiringClipboard & { write(items: unknown[]): Promise<void> };
  ClipboardItem?: new (formats: Record<string, string | Blob>) => unknown;
}

/** The synchronous clipboard of Electron before its W3C-like one (the tests' runtime, Electron 33). */
interface FormatsClipboard {
  write(data: { text: string; html?: string }): void;
}

const osFormat = (name: string) => `electron application/osclipboard;format="${name}"`;
const NOTHING = () => new Blob([new Uint32Array([0])]);

/** The markers each OS's clipboard history honours for a password or other secret. */
function keepOutOfHistory(platform: NodeJS.Platform): Record<string, string | Blob> {
  switch (platform) {
    case 'win32':
      return { [osFormat('ExcludeClipboardContentFromMonitorProcessing')]: '', [osFormat('CanIncludeInClipboardHistory')]: NOTHING(), [osFormat('CanUploadToCloudClipboard')]: NOTHING() };
    case 'darwin':
      return { [osFormat('org.nspasteboard.ConcealedType')]: '' };
    default:
      return { [osFormat('x-kde-passwordManagerHint')]: 'secret' };
  }
}

export class PatientClipboard {
  private readonly expiry: ClipboardExpiry;

  /** `clearLater`: the setting that takes copied text off the clipboard after two minutes. */
  constructor(
    private readonly system: SystemClipboard,
    clearLater: () => boolean,
  ) {
    this.expiry = new ClipboardExpiry({
      clipboard: system.clipboard,
      enabled: clearLater,
      onCleared: () => log.info('copy: the copied text was taken off the clipboard'),
    });
  }

  /** Puts the text (and its HTML) on the clipboard in one write, so that a program reading either gets the same. */
  async write(content: { text: string; html?: string }): Promise<void> {
    const { ClipboardItem, clipboard } = this.system;
    const formats = { 'text/plain': content.text, ...(content.html !== undefined ? { 'text/html': content.html } : {}) };
    if (ClipboardItem) {
      try {
        await clipboard.write([new ClipboardItem({ ...formats, ...keepOutOfHistory(process.platform) })]);
      } catch {
        // An OS format this clipboard refuses: the text without the history markers.
        await clipboard.write([new ClipboardItem(formats)]);
      }
    } else {
      (clipboard as unknown as FormatsClipboard).write(content);
    }
    this.expiry.copied(content.text);
  }

  async dispose(): Promise<void> {
    await this.expiry.dispose();
  }
}
