/**
 * The machine-wide ProgramData folder on Windows, asked of the OS (SHGetKnownFolderPath with
 * FOLDERID_ProgramData) rather than read from %ProgramData%, which any user can set for the
 * programs they start. Loaded only on Windows, once per process: every caller asks Windows.
 */
import { createRequire } from 'node:module';
import type * as Koffi from 'koffi';

const loadCommonJs = createRequire(import.meta.url);

/** {62AB5D82-FDC1-4DC3-A9DD-070D1D495D97} */
const FOLDERID_PROGRAM_DATA = {
  Data1: 0x62ab5d82,
  Data2: 0xfdc1,
  Data3: 0x4dc3,
  Data4: [0xa9, 0xdd, 0x07, 0x0d, 0x1d, 0x49, 0x5d, 0x97],
};

/** Where Windows keeps ProgramData when the OS cannot be asked (never the environment's word). */
export const DEFAULT_PROGRAM_DATA = 'C:\\ProgramData';

type KnownFolderPath = (folder: typeof FOLDERID_PROGRAM_DATA, flags: number, token: null, path: [string | null]) => number;

let knownFolderPath: KnownFolderPath | null = null;

/** Koffi's types are named nowhere (a named type is process-wide: declaring it a second time throws). */
function loadShell32(): KnownFolderPath {
  const koffi = loadCommonJs('koffi') as typeof Koffi;
  const guid = koffi.struct({ Data1: 'uint32', Data2: 'uint16', Data3: 'uint16', Data4: koffi.array('uint8', 8) });
  const coTaskMemFree = koffi.load('ole32.dll').func('__stdcall', 'CoTaskMemFree', 'void', ['void *']);
  // The path is allocated by the shell; it is freed with CoTaskMemFree once read.
  const taskString = koffi.disposable('str16', (pointer: unknown) => coTaskMemFree(pointer));
  return koffi
    .load('shell32.dll')
    .func('__stdcall', 'SHGetKnownFolderPath', 'long', [koffi.pointer(guid), 'uint32', 'void *', koffi.out(koffi.pointer(taskString))]) as KnownFolderPath;
}

export function windowsProgramData(): string {
  knownFolderPath ??= loadShell32();
  const path: [string | null] = [null];
  const result = knownFolderPath(FOLDERID_PROGRAM_DATA, 0, null, path);
  if (result !== 0 || !path[0]) throw new Error(`SHGetKnownFolderPath failed (HRESULT 0x${(result >>> 0).toString(16)}).`);
  return path[0];
}
