/**
 * The ABHA card leaves the app only where the receptionist sends it: to a printer through the
 * system's print dialog, or to the one file they choose. Nothing else is written: the print
 * page lives in an in-memory session and is gone when printing ends.
 */
import { writeFile } from 'node:fs/promises';
import { BrowserWindow, dialog } from 'electron';
import { fail } from '../ipc/app-failure';
import { storageProblem } from '../storage/storage-problem';

/** Chromium refuses longer URLs, and the print page is one. */
const MAX_URL_CHARS = 2 * 1024 * 1024 - 1024;

export const SAVE_DIALOG_TITLE = 'Save the ABHA card as PNG (the file you choose is the only copy written on this computer)';

function printPage(png: Buffer): string {
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>ABHA card</title><style>@page { margin: 12mm; } body { margin: 0; } img { display: block; max-width: 100%; max-height: 95vh; margin: 0 auto; }</style></head><body><img alt="ABHA card" src="data:image/png;base64,${png.toString('base64')}"></body></html>`;
  return `data:text/html;base64,${Buffer.from(html, 'utf8').toString('base64')}`;
}

/** Opens the system's print dialog for the card; false when the receptionist cancels it. */
export async function printCard(png: Buffer): Promise<boolean> {
  const url = printPage(png);
  if (url.length > MAX_URL_CHARS) fail('refused', 'The card image is too large to print from here. Save it as PNG and print that file.');
  const window = new BrowserWindow({
    show: false,
    // Not "persist:": the page, its image and any cache stay in memory.
    webPreferences: { partition: 'abha-card-print', javascript: false, sandbox: true, contextIsolation: true, spellcheck: false },
  });
  try {
    await window.loadURL(url);
    return await new Promise<boolean>((resolve, reject) => {
      window.webContents.print({ silent: false, printBackground: true }, (success, reason) => {
        if (success) resolve(true);
        else if (/cancel/i.test(reason)) resolve(false);
        else reject(new Error(reason));
      });
    });
  } catch (error) {
    return fail('refused', 'The card could not be printed. Check that a printer is set up, or save the card as PNG and print that file.', {
      detail: error instanceof Error ? error.message : undefined,
    });
  } finally {
    window.destroy();
  }
}

/** Asks where to save the card and writes it there; null when the dialog is cancelled. */
export async function saveCard(png: Buffer, parent: BrowserWindow | null): Promise<string | null> {
  const options: Electron.SaveDialogOptions = {
    title: SAVE_DIALOG_TITLE,
    message: 'The ABHA card is written only to the file you choose here. Keep it where only the patient’s records belong.',
    buttonLabel: 'Save card',
    defaultPath: 'abha-card.png',
    filters: [{ name: 'PNG image', extensions: ['png'] }],
    properties: ['showOverwriteConfirmation', 'createDirectory'],
  };
  const choice = parent ? await dialog.showSaveDialog(parent, options) : await dialog.showSaveDialog(options);
  if (choice.canceled || !choice.filePath) return null;
  const path = /\.png$/i.test(choice.filePath) ? choice.filePath : `${choice.filePath}.png`;
  try {
    await writeFile(path, png, { mode: 0o600 });
  } catch (error) {
    fail('storage', `The card could not be saved. ${storageProblem(error)}`);
  }
  return path;
}
