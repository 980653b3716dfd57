/** Finding the chosen microphone, and the OS permission to use it. */
import { systemPreferences } from 'electron';
import { listMicrophones } from './microphones';

/** PvRecorder's device index for a microphone name; -1 for the system default. */
export function deviceIndexFor(name: string): number {
  if (name === '') return -1;
  const { devices, error } = listMicrophones();
  if (error) throw new Error(error);
  const index = devices.indexOf(name);
  if (index < 0) {
    throw new Error(`The microphone "${name}" chosen in Settings is not connected. Connect it, or choose another microphone in Settings.`);
  }
  return index;
}

/** macOS asks the user once; elsewhere access is not gated by the OS for desktop apps. */
export async function ensureMicrophonePermission(): Promise<void> {
  if (process.platform !== 'darwin') return;
  if (systemPreferences.getMediaAccessStatus('microphone') === 'granted') return;
  const granted = await systemPreferences.askForMediaAccess('microphone');
  if (!granted) {
    throw new Error(
      'Scribe Desk is not allowed to use the microphone. Allow it in System Settings → Privacy & Security → Microphone, then try again.',
    );
  }
}
