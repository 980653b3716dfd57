/** The system clipboard as main reads and writes it (Electron 33's synchronous clipboard, the tests' runtime). */
import type { ElectronApplication } from '@playwright/test';

export interface Clipboard {
  text: string;
  html: string;
}

export function clipboardOf(app: ElectronApplication): Promise<Clipboard> {
  return app.evaluate(({ clipboard }) => {
    const read = clipboard as unknown as { readText(): string; readHTML(): string };
    return { text: read.readText(), html: read.readHTML() };
  });
}

export function setClipboard(app: ElectronApplication, text: string): Promise<void> {
  return app.evaluate(({ clipboard }, value) => void (clipboard as unknown as { writeText(text: string): void }).writeText(value), text);
}
