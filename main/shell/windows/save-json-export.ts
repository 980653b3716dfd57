/** "Export": a JSON text saved where the user chooses, with the warning that the file is not encrypted. */
import { dialog, type BrowserWindow } from 'electron';
import { writeFile } from 'node:fs/promises';
import { fail } from '../ipc/app-failure';
import { storageProblem } from '../../storage/storage-problem';

/** The path it was saved to, or null when the user cancelled. `what`: what is exported, as the dialog's title says. */
export async function saveJsonExport(window: BrowserWindow | null, defaultPath: string, json: string, what = 'Export'): Promise<string | null> {
  const options = {
    title: `${what} (the file is saved unencrypted)`,
    message: 'The exported file is not encrypted: save it only where patient data may be kept.',
    defaultPath,
    filters: [{ name: 'JSON', extensions: ['json'] }],
  };
  const choice = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options);
  if (choice.canceled || !choice.filePath) return null;
  try {
    await writeFile(choice.filePath, `${json}\n`, { mode: 0o600 });
  } catch (error) {
    fail('storage', `The file could not be saved. ${storageProblem(error)}`);
  }
  return choice.filePath;
}
