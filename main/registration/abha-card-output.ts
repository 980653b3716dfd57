/**
 * The ABHA card leaves the app only where the receptionist sends it: to a printer through the
 * system's print dialog, or to the one file they choose. Nothing else is written: the print
 * page lives in an in-memory session and is gone when printing ends. The print window and the
 * save dialog are the shell's, passed in (registration-feature.ts). A card from the built-in
 * sandbox is test data, and the page printed and the file's name say so besides the card.
 */
import { writeFile } from 'node:fs/promises';
import { TEST_DATA_FILE_SUFFIX, testDataCaption } from '../../contract/test-data';
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

/** What a card from the sandbox says above it on paper. */
export const TEST_DATA_CARD_HEADING = testDataCaption('ABHA card');

const STYLE =
  '@page { margin: 12mm; } body { margin: 0; font-family: sans-serif; } img { display: block; max-width: 100%; max-height: 85vh; margin: 0 auto; } ' +
  'p { margin: 0 0 6mm; padding: 3mm; border: 1mm solid #000; font-size: 18pt; font-weight: 700; text-align: center; }';

function printPage(png: Buffer, testData: boolean): string {
  const heading = testData ? `<p>${TEST_DATA_CARD_HEADING}</p>` : '';
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>ABHA card</title><style>${STYLE}</style></head><body>${heading}<img alt="ABHA card" src="data:image/png;base64,${png.toString('base64')}"></body></html>`;
  return `data:text/html;base64,${Buffer.from(html, 'utf8').toString('base64')}`;
}

/**
 * Prints the card; false when the receptionist cancels the print dialog. `print` shows the
 * system's print dialog for a page: true once printed, false when cancelled, throws otherwise.
 * `testData`: the card is the sandbox's, and the page says so above it.
 */
export async function printCard(png: Buffer, print: (url: string) => Promise<boolean>, testData = false): Promise<boolean> {
  const url = printPage(png, testData);
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
 * shows the system's save dialog: the path chosen, or null. `testData`: the card is the
 * sandbox's; the name offered ends -TEST-DATA and the dialog says why.
 */
export async function saveCard(png: Buffer, chooseFile: (dialog: CardSaveDialog) => Promise<string | null>, testData = false): Promise<string | null> {
  const dialog = testData
    ? { ...SAVE_DIALOG, defaultPath: `abha-card${TEST_DATA_FILE_SUFFIX}.png`, message: `${TEST_DATA_CARD_HEADING}: it comes from the built-in sandbox. ${SAVE_DIALOG.message}` }
    : SAVE_DIALOG;
  const chosen = await chooseFile(dialog);
  if (!chosen) return null;
  const path = /\.png$/i.test(chosen) ? chosen : `${chosen}.png`;
  try {
    await writeFile(path, png, { mode: 0o600 });
  } catch (error) {
    refuse('storage', `The card could not be saved. ${storageProblem(error)}`);
  }
  return path;
}
