/** A system clipboard in memory and a copy path on it: the OS clipboard cannot be shared by parallel unit tests. */
import { CopyPath } from '../../main/clipboard/copy-path';
import { PatientClipboard } from '../../main/clipboard/patient-clipboard';
import { systemClock } from '../../main/core/clock';

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

/** Electron 33's synchronous clipboard (the tests' runtime) in memory, text and HTML, as the earlier-clipboard reader meets it. */
export function formatsMemoryClipboard(text: string) {
  const held = { text, html: '' };
  const clipboard = {
    availableFormats: () => (held.text ? ['text/plain'] : []),
    readText: () => held.text,
    readHTML: () => held.html,
    readRTF: () => '',
    readBuffer: () => Buffer.alloc(0),
    write: (data: { text?: string; html?: string }) => Object.assign(held, { text: data.text ?? '', html: data.html ?? '' }),
    writeBuffer: () => {},
    clear: () => Object.assign(held, { text: '', html: '' }),
  };
  return { held, system: { clipboard } as unknown as ConstructorParameters<typeof PatientClipboard>[0] };
}

export function copyPathOn(system: ConstructorParameters<typeof PatientClipboard>[0], requireReview = false) {
  const events: string[] = [];
  const clipboard = new PatientClipboard(system, { clearLater: () => false, log: (event) => events.push(event), platform: 'linux', clock: systemClock });
  return { copies: new CopyPath(clipboard, { requireReview: () => requireReview, log: (event) => events.push(event) }), events };
}

