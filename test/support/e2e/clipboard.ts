/** The system clipboard as main reads and writes it (Electron 33's synchronous clipboard, the tests' runtime). */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
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

/** Puts the doctor's own earlier content on the clipboard: text and HTML, or a file list as a file manager copies it. */
export function setEarlierClipboard(app: ElectronApplication, content: { text: string; html: string } | { files: string }): Promise<void> {
  return app.evaluate(({ clipboard }, value) => {
    const sync = clipboard as unknown as { write(data: object): void; writeBuffer(format: string, data: Buffer): void };
    if ('files' in value) sync.writeBuffer('text/uri-list', Buffer.from(value.files));
    else sync.write(value);
  }, content);
}

export function fileListOf(app: ElectronApplication): Promise<string> {
  return app.evaluate(({ clipboard }) => (clipboard as unknown as { readBuffer(format: string): Buffer }).readBuffer('text/uri-list').toString());
}

/**
 * A password manager's copy on the X11 clipboard (the password and the KDE hint that keeps it
 * out of clipboard histories), held by a small GTK program until another takes the clipboard.
 */
export async function passwordManagerCopy(password: string, env: Record<string, string> = {}): Promise<{ stop(): void }> {
  const child = spawn('/usr/bin/python3', [join(import.meta.dirname, 'password-manager.py'), password], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } });
  await new Promise<void>((resolve, reject) => {
    child.stdout.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`password-manager.py exited (${code})`)));
  });
  return { stop: () => void (child.exitCode === null && child.kill()) };
}
