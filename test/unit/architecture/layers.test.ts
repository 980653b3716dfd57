/**
 * The layers as the one table says (scripts/layers/layer-table.ts), checked over the whole
 * import graph of the real tree: static, dynamic and `require` imports, every file placed, no
 * circle, no unit test loading Electron, electron-log or electron-updater, no JavaScript file
 * the table does not name, no function over the limit. The probes write a small tree of their
 * own that keeps to the table, check that it passes, then add one forbidden file at a time and
 * check that the same check (the one `npm run layers` runs) refuses it, naming the file, the
 * import (or function) and the rule.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkTree } from '../../../scripts/layers/check-tree';

const ROOT = resolve(import.meta.dirname, '../../..');

/** A tree with a file in each layer, each importing only what its layer may. */
const CLEAN_TREE: Record<string, string> = {
  'contract/ipc.ts': "import { z } from 'zod';\nexport const name = z.string();\n",
  'main/core/clock.ts': 'export const now = (): number => 0;\n',
  'main/storage/store.ts': "import { readFileSync } from 'node:fs';\nimport { now } from '../core/clock';\nexport const read = () => [readFileSync, now];\n",
  'main/api/client.ts': "import { read } from '../storage/store';\nimport { name } from '../../contract/ipc';\nexport const client = [read, name];\n",
  'main/outbox/host.ts': "import { client } from '../api/client';\nexport const host = client;\n",
  'main/dictations/store.ts': "import { host } from '../outbox/host';\nexport const store = host;\n",
  'main/shell/log.ts': "import log from 'electron-log/main';\nexport { log };\n",
  'main/shell/updater/updater.ts': "import { autoUpdater } from 'electron-updater';\nexport default autoUpdater;\n",
  'main/shell/features/dictation-feature.ts': "import { app } from 'electron';\nimport { log } from '../log';\nimport { store } from '../../dictations/store';\nexport const feature = [app, log, store];\n",
  'main/shell/index.ts': "import { feature } from './features/dictation-feature';\nexport default feature;\n",
  'main/shell/adapters/recorder-host.ts': "import type { UtilityProcess } from 'electron';\nexport type Host = UtilityProcess;\n",
  'preload/index.ts': "import { contextBridge } from 'electron';\nimport { name } from '../contract/ipc';\nexport default [contextBridge, name];\n",
  'renderer/app.tsx': "import { useState } from 'react';\nimport { name } from '../contract/ipc';\nexport default [useState, name];\n",
  'test/unit/store.test.ts': "import { store } from '../../main/dictations/store';\nimport type { log } from '../../main/shell/log';\nexport default store as unknown as typeof log;\n",
  'test/unit/provider.test.ts': "import { GenericProvider } from 'electron-updater/out/providers/GenericProvider';\nexport default GenericProvider;\n",
  'scripts/start.mjs': "import { spawn } from 'node:child_process';\nexport default spawn;\n",
};

const LONG_FUNCTION = `export function transcript(): string[] {\n${'  const line = 1;\n'.repeat(99)}  return [];\n}\n`;

/** Each forbidden import, as the file that makes it, and what the refusal names besides the file. */
const FORBIDDEN: Array<[what: string, file: string, text: string, names: string]> = [
  ['await import of Electron below the shell', 'main/outbox/later.ts', "export const later = async () => (await import('electron')).app;\n", 'electron'],
  ['require of Electron below the shell', 'main/storage/legacy.ts', "const { app } = require('electron');\nexport default app;\n", 'electron'],
  ['a createRequire call loading Electron below the shell', 'main/core/native.ts', "import { createRequire } from 'node:module';\nconst load = createRequire(import.meta.url);\nexport const electron = load('electron');\n", 'electron'],
  ['an inline createRequire call loading Electron below the shell', 'main/core/inline.ts', "import { createRequire } from 'node:module';\nexport const electron = createRequire(import.meta.url)('electron');\n", 'electron'],
  ['a type from Electron below the shell', 'main/api/window-types.ts', "import type { BrowserWindow } from 'electron';\nexport type Window = BrowserWindow;\n", 'electron'],
  ['electron-log below the shell', 'main/api/logging.ts', "import log from 'electron-log/main';\nexport default log;\n", 'electron-log/main'],
  ['electron-updater outside the shell', 'main/storage/updates.ts', "import { autoUpdater } from 'electron-updater';\nexport default autoUpdater;\n", 'electron-updater'],
  ['an import by a computed name', 'main/outbox/plugin.ts', 'export const plugin = (name: string) => import(name);\n', 'name'],
  ['a require by a computed name', 'main/core/plugin.ts', "const names = ['koffi'];\nexport const plugin = require(names[0]!);\n", 'names[0]!'],
  ['a CommonJS file', 'main/core/legacy.cjs', "module.exports = require('electron');\n", 'JavaScript'],
  ['a JavaScript file', 'renderer/widget.js', "export const widget = () => fetch('/');\n", 'JavaScript'],
  ['a function over the line limit', 'main/core/transcript.ts', LONG_FUNCTION, 'transcript is 102 lines'],
  ['the renderer importing fs', 'renderer/files.tsx', "import { readFileSync } from 'fs';\nexport default readFileSync;\n", 'fs'],
  ['the renderer importing the preload', 'renderer/bridge.ts', "import '../preload/index';\n", 'preload/index.ts'],
  ['the contract importing main', 'contract/clock.ts', "import { now } from '../main/core/clock';\nexport default now;\n", 'main/core/clock.ts'],
  ['the outbox importing dictations', 'main/outbox/peek.ts', "import { store } from '../dictations/store';\nexport default store;\n", 'main/dictations/store.ts'],
  ['the api importing the outbox', 'main/api/back.ts', "import { host } from '../outbox/host';\nexport default host;\n", 'main/outbox/host.ts'],
  ['a *-feature.ts file below the shell importing Electron', 'main/storage/backup-feature.ts', "import { dialog } from 'electron';\nexport default dialog;\n", 'electron'],
  ["a room's *-feature.ts left beside its room, importing Electron", 'main/lab-reports/lab-reports-feature.ts', "import { dialog } from 'electron';\nexport default dialog;\n", 'electron'],
  ['an Electron adapter left beside the room it serves', 'main/audio/recorder-host.ts', "import { utilityProcess } from 'electron';\nexport default utilityProcess;\n", 'electron'],
  ["a type from electron-updater in the updates room (electron-updater is the shell's)", 'main/updates/update-service.ts', "import type { AppUpdater } from 'electron-updater';\nexport type Updater = AppUpdater;\n", 'electron-updater'],
  ['a type from electron-log below the shell', 'main/core/log-types.ts', "import type { LogFunctions } from 'electron-log';\nexport type Log = LogFunctions;\n", 'electron-log'],
  ['electron-log re-exported below the shell', 'main/outbox/log.ts', "export { default } from 'electron-log/main';\n", 'electron-log/main'],
  ['Electron re-exported as a namespace below the shell (the compiler\'s pre-reading misses it)', 'main/outbox/namespace.ts', "export * as electron from 'electron';\n", 'electron'],
  ['a file left in the old bridge folder, outside main/shell/, importing Electron', 'main/ipc/sender.ts', "import { ipcMain } from 'electron';\nexport default ipcMain;\n", 'main/ipc/sender.ts'],
  ['a file in a folder nobody placed in the table', 'main/billing/invoice.ts', 'export const invoice = 1;\n', 'no room'],
  ['a circle', 'main/core/loop.ts', "import './loop';\nexport const loop = 1;\n", 'circle'],
  ['a unit test loading electron-log through a file of the tree', 'test/unit/log.test.ts', "import { log } from '../../main/shell/log';\nexport default log;\n", 'electron-log/main'],
  ['a unit test loading it by import() besides a type import', 'test/unit/late-log.test.ts', "import type { log } from '../../main/shell/log';\nexport const load = (): Promise<{ log: typeof log }> => import('../../main/shell/log');\n", 'electron-log/main'],
  ['a unit test loading electron-updater (its autoUpdater loads Electron) through a file of the tree', 'test/unit/updater.test.ts', "import updater from '../../main/shell/updater/updater';\nexport default updater;\n", 'electron-updater'],
  ['a unit test loading a module by a computed name', 'test/unit/any.test.ts', "const name = '../../main/shell/log';\nexport const load = () => import(name);\n", 'name'],
  ['a unit test loading electron-log through a file named as its build calls it (log.js)', 'test/unit/js-name.test.ts', "import { log } from '../../main/shell/log.js';\nexport default log;\n", 'electron-log/main'],
  ['require under another name loading Electron below the shell', 'main/core/alias.ts', "const load = require;\nexport const electron = load('electron');\n", 'electron'],
  ['require renamed twice, assigned after its use is declared', 'main/core/late-alias.ts', "let load: NodeRequire;\nexport const electron = () => again('electron');\nload = require;\nconst again = load;\n", 'electron'],
  ['module.createRequire called inline, loading Electron below the shell', 'main/core/module-require.ts', "import * as m from 'node:module';\nexport const electron = m.createRequire(import.meta.url)('electron');\n", 'electron'],
  ['a worker thread in main', 'main/audio/threads.ts', "import { Worker } from 'node:worker_threads';\nexport default Worker;\n", 'nodejs/node#54918'],
  ['a worker thread in main, by the bare name', 'main/audio/bare-threads.ts', "import { Worker } from 'worker_threads';\nexport default Worker;\n", 'nodejs/node#54918'],
  ['an import that resolves to no file', 'main/core/missing.ts', "import { gone } from './gone';\nexport default gone;\n", './gone'],
];

const trees: string[] = [];
afterEach(() => {
  while (trees.length > 0) rmSync(trees.pop()!, { recursive: true, force: true });
});

function writeTree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'scribe-layers-'));
  trees.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('the layers', () => {
  it('the real tree keeps to the layer table: every file placed, every import allowed, no circle, no unit test loading Electron', () => {
    const { files, edges, problems } = checkTree(ROOT);
    expect(problems).toEqual([]);
    // The check looked at the whole tree, through every kind of import.
    expect(files.length).toBeGreaterThan(300);
    expect(files).toEqual(expect.arrayContaining(['main/shell/index.ts', 'main/core/clock.ts', 'renderer/main.tsx', 'preload/index.ts', 'contract/ipc.ts']));
    expect(edges.some((edge) => edge.from === 'main/service/service-connection.ts' && edge.specifier === '../sandbox/sandbox-server' && !edge.typeOnly)).toBe(true);
    expect(edges.some((edge) => edge.to.kind === 'package' && edge.to.name === 'uiohook-napi')).toBe(true);
  });

  it('a small tree that keeps to the table passes (so each probe below fails for its one import)', () => {
    expect(checkTree(writeTree(CLEAN_TREE)).problems).toEqual([]);
  });

  it.each(FORBIDDEN)('refuses %s, naming the file, the import and the rule', (_what, file, text, names) => {
    const { problems } = checkTree(writeTree({ ...CLEAN_TREE, [file]: text }));
    expect(problems.length).toBeGreaterThan(0);
    for (const problem of problems) {
      expect(problem).toContain(file);
      expect(problem).toContain(names);
      expect(problem).toContain('scripts/layers/layer-table.ts');
    }
  });
});
