/**
 * The ABHA card leaves the app only where the receptionist sends it: to a printer through the
 * system's print dialog, or to the one file they choose. Nothing else is written: the print
 * page lives in an in-memory session and is gone when printing ends. The print window and the
 * save dialog are the shell's, passed in (registration-feature.ts).
 */
import { writeFile } from 'node:fs/promises';
import { Refusal, refuse } from '../core/refusal';
import { storageProblem } from '../storage/storage-problem';

/** Chromium refuses longer URLs, and the print page is one. */
const MAX_URL_CHARS = 2 * 1024 * 1024 - 1024;

/** The in-memory session the print page lives in. */
export const PRINT_PARTITION = 'abha-card-print';

export const SAVE_DIALOG_TITLE = 'Save the ABHA card as PNG (the file you choose is the only copy written on this computer)';

const SAVE_DIALOG = {
  title: SAVE_DIALOG_TITLE,
  message: 'The ABHA card is written only to the file you choose here. Keep it where only the patient’s records belong.',
  buttonLabel: 'Save card',
  defaultPath: 'abha-card.png',
  filters: [{ name: 'PNG image', extensions: ['png'] }],
  properties: ['showOverwriteConfirmation', 'createDirectory'] as Array<'showOverwriteConfirmation' | 'createDirectory'>,
};

/** The system's save dialog, as the card asks for it. */
export type CardSaveDialog = typeof SAVE_DIALOG;

function printPage(png: Buffer): string {
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>ABHA card</title><style>@page { margin: 12mm; } body { margin: 0; } img { display: block; max-width: 100%; max-height: 95vh; margin: 0 auto; }</style></head><body><img alt="ABHA card" src="data:image/png;base64,${png.toString('base64')}"></body></html>`;
  return `data:text/html;base64,${Buffer.from(html, 'utf8').toString('base64')}`;
}

/**
 * Prints the card; false when the receptionist cancels the print dialog. `print` shows the
 * system's print dialog for a page: true once printed, false when cancelled, throws otherwise.
 */
export async function printCard(png: Buffer, print: (url: string) => Promise<boolean>): Promise<boolean> {
  const url = printPage(png);
  if (url.length > MAX_URL_CHARS) refuse('refused', 'The card image is too large to print from here. Save it as PNG and print that file.');
  try {
    return await print(url);
  } catch (error) {
    throw new Refusal('refused', 'The card could not be printed. Check that a printer is set up, or save the card as PNG and print that file.', {
      ...(error instanceof Error ? { detail: error.message } : {}),
    });
  }
}

/**
 * Writes the card to the file the receptionist chooses; null when they cancel. `chooseFile`
 * shows the system's save dialog: the path chosen, or null.
 */
export async function saveCard(png: Buffer, chooseFile: (dialog: CardSaveDialog) => Promise<string | null>): Promise<string | null> {
  const chosen = await chooseFile(SAVE_DIALOG);
  if (!chosen) return null;
  const path = /\.png$/i.test(chosen) ? chosen : `${chosen}.png`;
  try {
    await writeFile(path, png, { mode: 0o600 });
  } catch (error) {
    refuse('storage', `The card could not be saved. ${storageProblem(error)}`);
  }
  return path;
}
