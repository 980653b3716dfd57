/**
 * The machine-wide ProgramData folder on Windows, asked of the OS (SHGetKnownFolderPath with
 * FOLDERID_ProgramData) rather than read from %ProgramData%, which any user can set for the
 * programs they start. Loaded only on Windows.
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

export function windowsProgramData(): string {
  const koffi = loadCommonJs('koffi') as typeof Koffi;
  const guid = koffi.struct('SCRIBE_GUID', { Data1: 'uint32', Data2: 'uint16', Data3: 'uint16', Data4: koffi.array('uint8', 8) });
  const ole32 = koffi.load('ole32.dll');
  const coTaskMemFree = ole32.func('__stdcall', 'CoTaskMemFree', 'void', ['void *']);
  // The path is allocated by the shell; it is freed with CoTaskMemFree once read.
  const taskString = koffi.disposable('SCRIBE_TASK_STR16', 'str16', (pointer: unknown) => coTaskMemFree(pointer));
  const shell32 = koffi.load('shell32.dll');
  const getKnownFolderPath = shell32.func('__stdcall', 'SHGetKnownFolderPath', 'long', [
    koffi.pointer(guid),
    'uint32',
    'void *',
    koffi.out(koffi.pointer(taskString)),
  ]);
  const path: [string | null] = [null];
  const result = getKnownFolderPath(FOLDERID_PROGRAM_DATA, 0, null, path) as number;
  if (result !== 0 || !path[0]) throw new Error(`SHGetKnownFolderPath failed (HRESULT ${result >>> 0}).`);
  return path[0];
}
