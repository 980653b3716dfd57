/**
 * The one table of the code's layers: which files are in which room, and what each room may
 * import. Lower layers never import higher ones; rooms of one layer import each other only
 * where the table says so. A file in no room fails the check, so a new folder is placed here
 * before it can land. Checked over the whole import graph (static, dynamic and `require`
 * imports) by scripts/layers/check-layers.ts; `npm run layers` draws it.
 */

export interface Room {
  /** Path prefixes (a folder ends with `/`) or glob-like patterns (`*` within a name) of the files in it. */
  files: string[];
  /** Other rooms of the same layer it may import (acyclic). */
  siblings?: string[];
  /** Packages it may import besides those its layer may (`node:*` stands for Node's own modules). */
  packages?: string[];
}

export interface Layer {
  name: string;
  rooms: Record<string, Room>;
  /** Layers below it that it may import (by default every layer listed before it, except the page's). */
  reaches?: string[];
  /** Packages every room of the layer may import. */
  packages: string[];
}

const NODE = 'node:*';
/** The shell's Electron-only packages: nowhere else, so that everything below loads in plain Node. */
export const ELECTRON_PACKAGES = ['electron', 'electron-log', 'electron-updater'];

/** Where Electron is called for the layers below, each passed in where it is needed. */
const ELECTRON_ADAPTERS = ['main/shortcuts/electron-desktop.ts', 'main/audio/microphone-access.ts', 'main/audio/recorder-host.ts'];

const SERVICES = ['settings', 'service', 'audio', 'clipboard', 'shortcuts'];
const FEATURES = ['dictations', 'dictation-recording', 'dictation-sending', 'note-leaving', 'lab-reports', 'registration', 'patients', 'status', 'updates'];

export const LAYERS: Layer[] = [
  { name: 'contract', rooms: { contract: { files: ['contract/'] } }, packages: ['zod'] },
  {
    name: 'core',
    rooms: { core: { files: ['main/core/', 'main/build-kind.ts', 'main/redact.ts', 'main/app-arguments.ts'], packages: ['koffi'] } },
    packages: [NODE],
  },
  {
    name: 'storage and api',
    rooms: {
      storage: { files: ['main/storage/'] },
      api: { files: ['main/api/'], siblings: ['storage'], packages: ['undici', 'jose', 'zod'] },
      sandbox: { files: ['main/sandbox/'], packages: ['busboy', 'zod', 'jose'] },
    },
    packages: [NODE, 'zod'],
  },
  {
    name: 'outbox and results',
    rooms: {
      outbox: { files: ['main/outbox/'] },
      results: { files: ['main/results/'] },
      // The audit trail: below every feature and service that records in it.
      audit: { files: ['main/audit/'] },
    },
    packages: [NODE, 'zod'],
  },
  {
    name: 'services',
    rooms: {
      settings: { files: ['main/settings/'], packages: ['jsonc-parser', 'plist', '@xmldom/xmldom', 'koffi'] },
      service: { files: ['main/service/'], siblings: ['settings'] },
      audio: { files: ['main/audio/'], packages: ['@picovoice/pvrecorder-node', 'wasm-media-encoders', 'opusscript'] },
      clipboard: { files: ['main/clipboard/'], siblings: ['settings'], packages: ['koffi'] },
      // The accessibility bus (AT-SPI over D-Bus) is plain Node.
      shortcuts: { files: ['main/shortcuts/'], siblings: ['clipboard', 'settings'], packages: ['koffi', 'uiohook-napi', '@homebridge/dbus-native'] },
    },
    packages: [NODE, 'zod'],
  },
  {
    name: 'features',
    rooms: {
      // A dictation's store and its stored result; the bridge answers the page for every part of it.
      dictations: { files: ['main/dictations/'] },
      'dictation-bridge': { files: ['main/dictations/dictation-bridge.ts'], siblings: ['dictations', 'dictation-recording', 'note-leaving'] },
      // Recording: the session from Record to Stop, by button or shortcut.
      'dictation-recording': { files: ['main/dictation-recording/'], siblings: ['dictations'] },
      // How a note leaves: copied with its heading, exported, inserted into another program.
      'note-leaving': { files: ['main/note-leaving/'], siblings: ['dictations'] },
      // How a dictation leaves: its outbox kinds (voice upload, session parts, End and result, corrections) and session logic.
      'dictation-sending': { files: ['main/dictation-sending/'], siblings: ['dictations'] },
      'lab-reports': { files: ['main/lab-reports/'], packages: ['image-size'] },
      registration: { files: ['main/registration/'] },
      patients: { files: ['main/patients/'] },
      status: { files: ['main/status/'] },
      updates: { files: ['main/updates/'], packages: ['electron-updater'] },
    },
    packages: [NODE, 'zod'],
  },
  {
    name: 'shell',
    rooms: {
      shell: {
        files: [
          'main/index.ts',
          'main/features.ts',
          'main/log.ts',
          'main/data-folder-start.ts',
          'main/audit-command-start.ts',
          'main/audit/audit-feature.ts',
          'main/raw-imports.d.ts',
          'main/ipc/',
          'main/windows/',
          ...[...SERVICES, ...FEATURES].map((room) => `main/${room}/*-feature.ts`),
          ...ELECTRON_ADAPTERS,
        ],
        packages: ELECTRON_PACKAGES,
      },
    },
    packages: [NODE, 'zod'],
  },
  { name: 'preload', rooms: { preload: { files: ['preload/'] } }, reaches: ['contract'], packages: ['electron'] },
  {
    name: 'renderer',
    rooms: { renderer: { files: ['renderer/'] } },
    reaches: ['contract'],
    packages: ['react', 'react-dom', 'zustand', '@tanstack/react-virtual', 'react-error-boundary'],
  },
];

/** The folders whose files the check places: every source file under them must be in a room. */
export const CHECKED_FOLDERS = ['contract', 'main', 'preload', 'renderer'];

/** The unit tests: none may reach Electron or electron-log, so that each loads without an Electron binary. */
export const UNIT_TESTS = 'test/unit';
export const NEEDS_ELECTRON_BINARY = ['electron', 'electron-log'];
