/** A system clipboard in memory and a copy path on it: the OS clipboard cannot be shared by parallel unit tests. */
import { CopyPath } from '../../main/clipboard/copy-path';
import { PatientClipboard } from '../../main/clipboard/patient-clipboard';

export function memoryClipboard(initial = 'the doctor’s own text') {
  const state = { text: initial, html: '' };
  const system = {
    clipboard: {
      readText: () => state.text,
      clear: () => Object.assign(state, { text: '', html: '' }),
      write: (content: { text: string; html?: string }) => Object.assign(state, { text: content.text, html: content.html ?? '' }),
    },
  };
  return { state, system: system as unknown as ConstructorParameters<typeof PatientClipboard>[0] };
}

export function copyPathOn(system: ConstructorParameters<typeof PatientClipboard>[0], requireReview = false) {
  const events: string[] = [];
  const clipboard = new PatientClipboard(system, { clearLater: () => false, log: (event) => events.push(event), platform: 'linux' });
  return { copies: new CopyPath(clipboard, { requireReview: () => requireReview, log: (event) => events.push(event) }), events };
}

