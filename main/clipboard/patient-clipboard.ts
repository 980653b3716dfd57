/**
 * The system clipboard as patient data uses it: one write of text and HTML (or text only, for
 * a program that takes plain text), with the markers that ask clipboard managers not to keep it
 * where the OS offers them; taken off the clipboard after the set time if it is still there;
 * withdrawn on request (a refused copy, a recording for another patient) when the clipboard
 * still holds exactly what the app put there; and, around a paste into another program, the
 * doctor's earlier content read before and put back after. Each copy has an id, carried in the
 * app's own clipboard format where the clipboard takes one (Electron's W3C-like clipboard): a
 * put-back checks that the clipboard still holds its own copy, not merely the same text, and a
 * note the app copied before a restart is still known as the app's (never put back as the
 * doctor's, withdrawn like any copy of the app's). Only copy-path.ts writes through it.
 */
import type { Clock } from '../core/clock';
import { randomBytes } from 'node:crypto';
import type { CopiedText } from '../../contract/copy-heading';
import { ClipboardExpiry, type ExpiringClipboard } from './clipboard-expiry';
import { readEarlier, writeEarlier, type EarlierClipboardDeps, type EarlierContent } from './earlier-clipboard';

/**
 * Electron's clipboard module, passed in by the dictation feature: `ClipboardItem` where this
 * Electron has the W3C-like clipboard, none where it does not (then `write` takes the formats).
 */
export interface SystemClipboard {
  clipboard: ExpiringClipboard & { write(items: unknown[]): Promise<void>; read?(): Promise<Array<{ types: string[]; getType(type: string): Promise<unknown> }>> };
  ClipboardItem?: new (formats: Record<string, string | Blob>) => unknown;
  nativeImage?: { createFromBuffer(png: Buffer): unknown };
}

/** How the note goes on the clipboard: text and HTML, or text only. */
export type ClipboardForm = 'rich' | 'plain';

/**
 * After a paste: the earlier content is back; the clipboard no longer holds this copy (the user
 * or the app copied something since: left alone); or it is not put back (the note stays, cleared
 * later as any copy): it could not be read, a password manager marked it secret and this
 * clipboard cannot write the markers back, or the clipboard refused it.
 */
export type PutBack = 'restored' | 'changed' | 'unreadable' | 'secret' | 'failed';

/** One copy the app made, known by its id. */
export type CopyId = string;

/** The synchronous clipboard of Electron before its W3C-like one (the tests' runtime, Electron 33). */
interface FormatsClipboard {
  write(data: { text: string; html?: string }): void;
}

const osFormat = (name: string) => `electron application/osclipboard;format="${name}"`;
const NOTHING = () => new Blob([new Uint32Array([0])]);

/** The app's own clipboard format, beside the text of each copy: the copy's id (a pasteboard type on macOS, a format name elsewhere). */
export function appCopyFormat(platform: NodeJS.Platform): string {
  return osFormat(platform === 'darwin' ? 'care.scribedesk.copy' : 'application/x-scribe-desk-copy');
}

async function textOf(payload: unknown): Promise<string> {
  if (typeof payload === 'string') return payload;
  if (payload instanceof Blob) return payload.text();
  return Buffer.isBuffer(payload) ? payload.toString('utf8') : '';
}

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

export interface PatientClipboardOptions {
  /** The setting that takes copied text off the clipboard after two minutes. */
  clearLater(): boolean;
  /** Tells the log (never what was copied). */
  log(event: string): void;
  platform?: NodeJS.Platform;
  /** Whether some program holds the clipboard (X11 selection owner, Windows' formats), null when the OS cannot be asked. */
  held?(): boolean | null;
  /** The clock the copied text's two minutes are counted on. */
  clock: Pick<Clock, 'setTimeout' | 'clearTimeout'>;
}

/** A copy on the clipboard: its id, text and owner; `tagged` when it carries the app's own format. */
interface AppCopy {
  id: CopyId;
  text: string;
  owner: string | null;
  tagged: boolean;
}

export class PatientClipboard {
  private readonly expiry: ClipboardExpiry;
  /** What the app last put on the clipboard, and whose it is (a label), until it is taken off. */
  private last: AppCopy | null = null;

  constructor(
    private readonly system: SystemClipboard,
    private readonly options: PatientClipboardOptions,
  ) {
    this.expiry = new ClipboardExpiry({
      clipboard: system.clipboard,
      enabled: options.clearLater,
      clock: options.clock,
      onCleared: () => {
        this.last = null;
        options.log('copy: the copied text was taken off the clipboard');
      },
    });
  }

  /** Whose the app's copy still on the clipboard may be: its label ('' for none), or null when the app has nothing there. */
  ownerOfLast(): string | null {
    return this.last ? (this.last.owner ?? '') : null;
  }

  /**
   * Puts the text (and its HTML) on the clipboard in one write, so that a program reading either
   * gets the same. `owner`: the label of the patient it belongs to, when it has one.
   */
  async write(content: CopiedText, owner: string | null, form: ClipboardForm = 'rich'): Promise<CopyId> {
    const { ClipboardItem, clipboard } = this.system;
    const html = form === 'rich' ? content.html : undefined;
    const formats = { 'text/plain': content.text, ...(html !== undefined ? { 'text/html': html } : {}) };
    const id = randomBytes(12).toString('hex');
    let tagged = false;
    if (ClipboardItem) {
      try {
        await clipboard.write([new ClipboardItem({ ...formats, ...keepOutOfHistory(this.platform), [appCopyFormat(this.platform)]: id })]);
        tagged = true;
      } catch {
        // An OS format this clipboard refuses: the text without the history markers (and without the app's own).
        await clipboard.write([new ClipboardItem(formats)]);
      }
    } else {
      (clipboard as unknown as FormatsClipboard).write({ text: content.text, ...(html !== undefined ? { html } : {}) });
    }
    this.last = { id, text: content.text, owner, tagged };
    this.expiry.copied(content.text);
    return id;
  }

  private get platform(): NodeJS.Platform {
    return this.options.platform ?? process.platform;
  }

  /**
   * The id in the app's own format on the clipboard now: a copy of the app's (this run's or
   * one from before a restart), null when the clipboard holds none, undefined where this
   * clipboard cannot tell (the synchronous one writes no such format).
   */
  private async appCopyOnClipboard(): Promise<CopyId | null | undefined> {
    const { clipboard, ClipboardItem } = this.system;
    if (!ClipboardItem || !clipboard.read) return undefined;
    const format = appCopyFormat(this.platform);
    try {
      for (const item of await clipboard.read()) if (item.types.includes(format)) return await textOf(await item.getType(format));
      return null;
    } catch {
      return undefined;
    }
  }

  /** Whether the clipboard still holds exactly `copy`: by its id where it carries one, else by its text. */
  private async holds(copy: AppCopy): Promise<boolean> {
    const onClipboard = copy.tagged ? await this.appCopyOnClipboard() : undefined;
    if (onClipboard !== undefined) return onClipboard === copy.id;
    return (await this.readTextOrNull()) === copy.text;
  }

  /**
   * Takes the app's last copy off the clipboard if the clipboard still holds exactly it (and,
   * after a restart, a copy the app made before it); never what the user copied since. True
   * when it was taken off.
   */
  async withdraw(): Promise<boolean> {
    const last = this.last;
    this.last = null;
    const ours = last ? await this.holds(last) : typeof (await this.appCopyOnClipboard()) === 'string';
    if (!ours) return false;
    this.system.clipboard.clear();
    return true;
  }

  /**
   * What the clipboard holds before a paste, to put back after it. The app's own copy (a note,
   * maybe another patient's, from now or from before a restart) is not put back: the clipboard
   * is left empty instead.
   */
  async earlier(): Promise<EarlierContent> {
    if (typeof (await this.appCopyOnClipboard()) === 'string') return { kind: 'empty' };
    if (this.last && (await this.holds(this.last))) return { kind: 'empty' };
    return readEarlier(this.earlierDeps());
  }

  /**
   * After the paste of copy `id`: puts `earlier` back if the clipboard still holds that very
   * copy (not a later one, even of the same note).
   */
  async putBack(earlier: EarlierContent, id: CopyId): Promise<PutBack> {
    const last = this.last;
    if (!last || last.id !== id || !(await this.holds(last))) return 'changed';
    if (earlier.kind === 'unreadable' || earlier.kind === 'secret') return earlier.kind;
    try {
      await writeEarlier(this.earlierDeps(), earlier);
    } catch {
      return 'failed';
    }
    this.last = null;
    return 'restored';
  }

  private async readTextOrNull(): Promise<string | null> {
    try {
      return await this.system.clipboard.readText();
    } catch {
      return null;
    }
  }

  private earlierDeps(): EarlierClipboardDeps {
    const { clipboard, ClipboardItem, nativeImage } = this.system;
    return {
      clipboard: clipboard as unknown as EarlierClipboardDeps['clipboard'],
      ...(ClipboardItem ? { ClipboardItem: ClipboardItem as EarlierClipboardDeps['ClipboardItem'] } : {}),
      ...(nativeImage ? { imageFromPng: (png: Buffer) => nativeImage.createFromBuffer(png) } : {}),
      held: () => this.options.held?.() ?? null,
    };
  }

  async dispose(): Promise<void> {
    await this.expiry.dispose();
  }
}
