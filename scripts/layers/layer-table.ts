/**
 * The one table of the code's layers: which folder is which room, and what each room may
 * import. Lower layers never import higher ones; rooms of one layer import each other only
 * where the table says so. A file in no room fails the check, so a new folder is placed here
 * before it can land. Checked over the whole import graph (static, dynamic and `require`
 * imports) by scripts/layers/check-layers.ts, and import by import by lint (lint-rules.ts);
 * `npm run layers` draws it and writes its list into docs/architecture.md (layer-doc.ts).
 */

export interface Room {
  /**
   * Its folder (ending with `/`): every file under it is in the room, so that a file's path says
   * its room and so its layer. A room's folder may hold another's (the shell's `adapters/`): a file is in the deepest.
   */
  folder: string;
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
/** Electron's packages: only where ELECTRON_FOLDERS says, so that everything else loads in plain Node. */
export const ELECTRON_PACKAGES = ['electron', 'electron-log', 'electron-updater'];
/**
 * The one rule of where Electron is touched, by path: a file may import an Electron package (an
 * `import type` too) only under one of these folders: main's shell, which passes down what
 * Electron gives, and the preload script Electron runs beside the page. No room lists them.
 */
export const ELECTRON_FOLDERS = ['main/shell/', 'preload/'];

/**
 * Node's modules no file under `main/` imports, whatever its room, and why: a worker thread that
 * ends while V8 still compiles in the background can deadlock main's exit (nodejs/node#54918).
 */
export const REFUSED_IN_MAIN: Readonly<Record<string, string>> = {
  'node:worker_threads': "main runs no worker threads, which can deadlock its exit (nodejs/node#54918): heavy work runs in a utility process, as main/audio/encoder-process.ts does",
};

export const LAYERS: Layer[] = [
  { name: 'contract', rooms: { contract: { folder: 'contract/' } }, packages: ['zod'] },
  {
    name: 'core',
    rooms: { core: { folder: 'main/core/', packages: ['koffi'] } },
    packages: [NODE],
  },
  {
    name: 'storage and api',
    rooms: {
      storage: { folder: 'main/storage/' },
      api: { folder: 'main/api/', siblings: ['storage'], packages: ['undici', 'jose', 'zod'] },
      sandbox: { folder: 'main/sandbox/', packages: ['busboy', 'zod', 'jose'] },
    },
    packages: [NODE, 'zod'],
  },
  {
    name: 'outbox and results',
    rooms: {
      outbox: { folder: 'main/outbox/' },
      results: { folder: 'main/results/' },
      // The audit trail: below every feature and service that records in it.
      audit: { folder: 'main/audit/', packages: ['koffi'] },
    },
    packages: [NODE, 'zod'],
  },
  {
    name: 'services',
    rooms: {
      // A consultation's consent: the policy's mode and notices, what is kept of an answer at Record, its FHIR Consent, its audit entries.
      consent: { folder: 'main/consent/' },
      settings: { folder: 'main/settings/', siblings: ['consent'], packages: ['jsonc-parser', 'plist', '@xmldom/xmldom', 'koffi'] },
      service: { folder: 'main/service/', siblings: ['settings'] },
      audio: { folder: 'main/audio/', packages: ['@picovoice/pvrecorder-node', 'wasm-media-encoders', 'opusscript'] },
      clipboard: { folder: 'main/clipboard/', siblings: ['settings'], packages: ['koffi'] },
      // The accessibility bus (AT-SPI over D-Bus) is plain Node.
      shortcuts: { folder: 'main/shortcuts/', siblings: ['clipboard', 'settings'], packages: ['koffi', 'uiohook-napi', '@homebridge/dbus-native'] },
    },
    packages: [NODE, 'zod'],
  },
  {
    name: 'features',
    rooms: {
      // A dictation's store and its stored result.
      dictations: { folder: 'main/dictations/' },
      // Recording: the session from Record to Stop, by button or shortcut.
      'dictation-recording': { folder: 'main/dictation-recording/', siblings: ['dictations'] },
      // How a note leaves: copied with its heading, exported, inserted into another program (both halves of the copy shortcut).
      'note-leaving': { folder: 'main/note-leaving/', siblings: ['dictations'] },
      // How a dictation leaves: its outbox kinds (voice upload, session parts, End and result, corrections) and session logic.
      'dictation-sending': { folder: 'main/dictation-sending/', siblings: ['dictations'] },
      'lab-reports': { folder: 'main/lab-reports/', siblings: ['note-leaving'], packages: ['image-size'] },
      // Documents made from a finished recording (another template, the patient's language): their store, outbox kind and leaving.
      'visit-documents': { folder: 'main/visit-documents/', siblings: ['dictations', 'note-leaving'] },
      registration: { folder: 'main/registration/' },
      patients: { folder: 'main/patients/' },
      // A visit's record linked to the patient's health record (ABDM): the national FHIR documents, the links kept sealed, their outbox kind, the visit's end.
      'health-record': { folder: 'main/health-record/', siblings: ['dictations', 'lab-reports', 'patients'] },
      status: { folder: 'main/status/' },
      // What a release must be to be taken: signed by the publisher, newer, in its rollout, not held by a pin (electron-updater itself is the shell's).
      updates: { folder: 'main/updates/' },
    },
    packages: [NODE, 'zod'],
  },
  {
    name: 'wiring',
    rooms: {
      // A dictation's rooms wired together: the bridge that answers the page for every part of it, the
      // desktop's shortcuts assembled, the store's maintenance (audio retention); built in the shell (main/shell/features/dictation-feature.ts).
      'dictation-wiring': { folder: 'main/dictation-wiring/' },
    },
    packages: [NODE, 'zod'],
  },
  {
    name: 'shell',
    rooms: {
      // Electron for the rooms below, each behind an interface of theirs and passed in where it is needed: the
      // shortcuts' desktop (global shortcuts, accessibility permission, focus and quit), the microphone's permission, the recorder's utility process.
      adapters: { folder: 'main/shell/adapters/' },
      // electron-updater, configured by the updates room's rules: the update service and the provider that trusts only signed metadata.
      updater: { folder: 'main/shell/updater/' },
      // The rest of what may touch Electron: the entry, each room's feature built with what Electron gives it
      // (features/) and the features joined, the log, the bridge (ipc/) and the window (windows/).
      shell: { folder: 'main/shell/', siblings: ['adapters', 'updater'] },
    },
    packages: [NODE, 'zod'],
  },
  { name: 'preload', rooms: { preload: { folder: 'preload/' } }, reaches: ['contract'], packages: [] },
  {
    name: 'renderer',
    rooms: { renderer: { folder: 'renderer/' } },
    reaches: ['contract'],
    packages: ['react', 'react-dom', 'zustand', '@tanstack/react-virtual', 'react-error-boundary'],
  },
];

/** The folders whose files the check places: every source file under them must be in a room. */
export const CHECKED_FOLDERS = ['contract', 'main', 'preload', 'renderer'];

/** The unit tests: none may reach a package that needs the Electron binary, so that each loads without one. */
export const UNIT_TESTS = 'test/unit';
/** electron-updater's entry among them: its autoUpdater loads Electron when touched. */
export const NEEDS_ELECTRON_BINARY = ELECTRON_PACKAGES;
/**
 * Modules of those packages that load no Electron (none of them or their imports requires it
 * when loaded), so that a unit test may load them: electron-updater's updater class (Electron
 * only in its default app adapter, HTTP executor and notification, which the tests replace)
 * and its generic provider, under the signed provider.
 */
export const PLAIN_NODE_MODULES = [
  'electron-updater/out/AppUpdater',
  'electron-updater/out/providers/GenericProvider',
  'electron-updater/out/providers/Provider',
  'electron-updater/out/util',
];

/**
 * Files loaded by a computed name (`import(variable)`), which the check cannot follow; anywhere
 * else one fails it. Each with why it must be so.
 */
export const COMPUTED_IMPORTS: Record<string, string> = {
  'test/support/render-result.ts': "the page's views, by URL, so that the Node type check does not take in the page's DOM code (the renderer reaches no Electron)",
};

/** Where JavaScript files are looked for (besides the root's own files): the app's code is TypeScript, checked by the table. */
export const JAVASCRIPT_FOLDERS = [...CHECKED_FOLDERS, 'scripts', 'test'];
const PLAIN_NODE_SCRIPT = 'run by plain Node (npm scripts, the release steps, electron-builder), where no TypeScript loader is';
/** The JavaScript files that must be JavaScript, each with why; any other fails the check. */
export const JAVASCRIPT_FILES: Record<string, string> = {
  'scripts/apt-install.mjs': PLAIN_NODE_SCRIPT,
  'scripts/code-cache/make.mjs': PLAIN_NODE_SCRIPT,
  'scripts/code-cache/maker.cjs': "run by Electron's own main process at build time, before anything is compiled",
  'scripts/code-cache/cache-file.cjs': "the code cache's form, shared by the maker (run by Electron at build time) and main's unit test",
  'scripts/display-check.mjs': PLAIN_NODE_SCRIPT,
  'scripts/electron-path.mjs': PLAIN_NODE_SCRIPT,
  'scripts/ensure-electron.mjs': PLAIN_NODE_SCRIPT,
  'scripts/linux-runtime.mjs': PLAIN_NODE_SCRIPT,
  'scripts/make-release-key.mjs': PLAIN_NODE_SCRIPT,
  'scripts/msi-policy-folder.mjs': PLAIN_NODE_SCRIPT,
  'scripts/package-deb.mjs': PLAIN_NODE_SCRIPT,
  'scripts/package.mjs': PLAIN_NODE_SCRIPT,
  'scripts/release-runtime.mjs': PLAIN_NODE_SCRIPT,
  'scripts/sign-release.mjs': PLAIN_NODE_SCRIPT,
  'scripts/start.mjs': PLAIN_NODE_SCRIPT,
  'scripts/summarize-results.mjs': PLAIN_NODE_SCRIPT,
  'test/support/e2e/first-frame-recorder.mjs': 'PvRecorder alone in a plain Node process, as the recorder process uses it',
  'test/support/e2e/paste-target.mjs': "another program for the paste test, started by Electron's own runtime",
  'test/bench/bare-window/main.cjs': "the start-up baseline: a bare Electron app, CommonJS, as small as an app can be",
  'test/bench/bare-window/preload.cjs': "the start-up baseline's preload",
  'test/bench/bare-window/idle-utility.cjs': "the start-up baseline's utility process",
};

/** The longest a function may be, in lines from its first to its last; a test file's `describe` groups tests and is no function of its own. */
export const FUNCTION_LINE_LIMIT = 100;
export const FUNCTION_FOLDERS = [...CHECKED_FOLDERS, 'scripts', 'test'];
