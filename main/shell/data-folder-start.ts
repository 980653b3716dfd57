/**
 * The data folder's format at start (storage/data-format.ts): read before anything is written in the
 * folder, brought up to this build's format once the app holds its single-instance lock, or
 * refused with a dialog, the reason on standard error, and an exit that leaves the folder as
 * it was (Chromium's own files for the dialog go to a throwaway folder).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { app, dialog } from 'electron';
import { log } from './log';
import { migrateDataFolder, planDataFolder, readDataFormat, refusalText, type DataFolderPlan } from '../storage/data-format';

/** Reads the folder's marker only: nothing is written. */
export function checkDataFolder(folder: string): DataFolderPlan {
  return planDataFolder(readDataFormat(folder));
}

/** Runs the migration steps an older folder needs, and marks an unmarked one; throws when a step fails. */
export function openDataFolder(folder: string, plan: DataFolderPlan & { kind: 'open' }): void {
  for (const done of migrateDataFolder(folder, plan, app.getVersion())) log.info(`data: ${done}`);
}

/** Tells the person why the folder is not opened, and quits with status 1, writing nothing in it. */
export function refuseDataFolder(folder: string, plan: DataFolderPlan & { kind: 'newer' | 'unreadable' }): void {
  const scratch = mkdtempSync(join(tmpdir(), 'scribe-desk-refused-'));
  app.setPath('userData', scratch);
  app.setPath('sessionData', scratch);
  log.transports.file.level = false;
  log.transports.console.level = 'info';
  const text = refusalText(plan, folder);
  log.error(`data: not opened: ${text.message} ${text.detail.replace(/\n+/g, ' ')}`);
  void app
    .whenReady()
    .then(() => dialog.showMessageBoxSync({ type: 'error', title: text.title, message: text.message, detail: text.detail, buttons: ['Close'], noLink: true }))
    .catch((error: unknown) => log.error(`data: the message could not be shown (${(error as Error).message})`))
    .finally(() => {
      rmSync(scratch, { recursive: true, force: true });
      app.exit(1);
    });
}
