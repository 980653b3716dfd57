/** The OS permission to use the microphone. */
import { systemPreferences } from 'electron';

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
