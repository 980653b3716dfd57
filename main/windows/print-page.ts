/** Prints one self-contained page through the system's print dialog, from a hidden window that is gone when printing ends. */
import { BrowserWindow } from 'electron';

/**
 * True once printed, false when the user cancels the print dialog; rejects with the printer's
 * reason otherwise. `partition`: the page's session, in memory only (not "persist:").
 */
export async function printPage(url: string, partition: string): Promise<boolean> {
  const window = new BrowserWindow({
    show: false,
    webPreferences: { partition, javascript: false, sandbox: true, contextIsolation: true, spellcheck: false },
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
  } finally {
    window.destroy();
  }
}
