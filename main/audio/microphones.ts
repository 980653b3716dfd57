/** Lists capture devices as PvRecorder names them. */
import { createRequire } from 'node:module';
import type * as PvRecorderModule from '@picovoice/pvrecorder-node';

const loadCommonJs = createRequire(import.meta.url);

export function listMicrophones(): { devices: string[]; error: string | null } {
  try {
    const { PvRecorder } = loadCommonJs('@picovoice/pvrecorder-node') as typeof PvRecorderModule;
    return { devices: PvRecorder.getAvailableDevices(), error: null };
  } catch (error) {
    return { devices: [], error: `The list of microphones could not be read: ${(error as Error).message}` };
  }
}
