/**
 * One self-contained page printed through the system's print dialog, or made into a PDF, from a
 * hidden window that is gone when it is done: Chromium lays out every script the computer has fonts for.
 */
import { BrowserWindow, type WebContents } from 'electron';

/** `partition`: the page's session, in memory only (not "persist:"). */
async function withHiddenPage<T>(url: string, partition: string, use: (page: WebContents) => Promise<T>): Promise<T> {
  const window = new BrowserWindow({
    show: false,
    webPreferences: { partition, javascript: false, sandbox: true, contextIsolation: true, spellcheck: false },
  });
  try {
    await window.loadURL(url);
    return await use(window.webContents);
  } finally {
    window.destroy();
  }
}

/** True once printed, false when the user cancels the print dialog; rejects with the printer's reason otherwise. */
export function printPage(url: string, partition: string): Promise<boolean> {
  return withHiddenPage(
    url,
    partition,
    (page) =>
      new Promise<boolean>((resolve, reject) => {
        page.print({ silent: false, printBackground: true }, (success, reason) => {
          if (success) resolve(true);
          else if (/cancel/i.test(reason)) resolve(false);
          else reject(new Error(reason));
        });
      }),
  );
}

/** The page as an A4 PDF, laid out as it would print. */
export function pagePdf(url: string, partition: string): Promise<Buffer> {
  return withHiddenPage(url, partition, (page) => page.printToPDF({ pageSize: 'A4', printBackground: true, preferCSSPageSize: true }));
}
