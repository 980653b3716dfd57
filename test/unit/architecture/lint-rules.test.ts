/**
 * Lint's share of the layer table (scripts/layers/lint-rules.ts, read by eslint.config.ts): each
 * import is refused by lint exactly when `npm run layers` refuses it, in the same words. Each case
 * is written into a small tree, linted, and checked by the checker; the two must agree.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';
import config from '../../../eslint.config';
import { checkTree } from '../../../scripts/layers/check-tree';
import { layersPlugin, PLACED_FILES } from '../../../scripts/layers/lint-rules';

const LINT: Linter.Config[] = [
  { files: ['**/*.ts', '**/*.tsx'], languageOptions: { parser: tseslint.parser } },
  { files: PLACED_FILES, plugins: { layers: layersPlugin }, rules: { 'layers/imports': 'error' } },
];

/** What the cases import, so that each import resolves as it would in the real tree. */
const TARGETS: Record<string, string> = {
  'contract/ipc.ts': 'export const name = 1;\n',
  'main/core/clock.ts': 'export const now = 0;\n',
  'main/dictations/store.ts': 'export const store = 1;\n',
  'main/note-leaving/notes.ts': 'export const notes = 1;\n',
  'main/lab-reports/report.ts': 'export const report = 1;\n',
  'main/results/view.ts': 'export const view = 1;\n',
  'main/shell/ipc/send-event.ts': 'export const send = 1;\n',
  'main/shell/adapters/recorder-host.ts': 'export class RecorderHost {}\n',
};

const REFUSED: Array<[file: string, code: string, names: string]> = [
  ['main/storage/store.ts', "import { app } from 'electron';\nexport default app;\n", 'electron'],
  ['main/api/client.ts', "import log from 'electron-log/main';\nexport default log;\n", 'electron-log/main'],
  ['main/audit/trail.ts', "import { autoUpdater } from 'electron-updater';\nexport default autoUpdater;\n", 'electron-updater'],
  ['main/updates/update-check.ts', "import type { AppUpdater } from 'electron-updater';\nexport type Updater = AppUpdater;\n", 'electron-updater'],
  ['main/lab-reports/lab-reports-feature.ts', "import { dialog } from 'electron';\nexport default dialog;\n", 'electron'],
  ['renderer/app.ts', "import { ipcRenderer } from 'electron';\nexport default ipcRenderer;\n", 'electron'],
  ['main/core/legacy.ts', "export const { app } = require('electron');\n", 'electron'],
  ['main/storage/events.ts', "import { send } from '../shell/ipc/send-event';\nexport default send;\n", 'main/shell/ipc/send-event.ts'],
  ['main/api/peek.ts', "import { store } from '../dictations/store';\nexport default store;\n", 'main/dictations/store.ts'],
  ['main/api/view.ts', "export { view } from '../results/view';\n", 'main/results/view.ts'],
  ['main/results/report-view.ts', "import { report } from '../lab-reports/report';\nexport default report;\n", 'main/lab-reports/report.ts'],
  ['main/shell/adapters/bridge.ts', "import { send } from '../ipc/send-event';\nexport default send;\n", 'main/shell/ipc/send-event.ts'],
  ['renderer/files.ts', "import { readFileSync } from 'node:fs';\nexport default readFileSync;\n", 'node:fs'],
  ['renderer/clock.ts', "import { now } from '../main/core/clock';\nexport default now;\n", 'main/core/clock.ts'],
  ['main/core/plugin.ts', 'export const plugin = (name: string) => import(name);\n', 'name'],
  ['main/core/missing.ts', "export * from './gone';\n", './gone'],
];

const ALLOWED: Array<[file: string, code: string]> = [
  ['main/shell/index.ts', "import { app } from 'electron';\nexport default app;\n"],
  ['main/shell/features/dictation-feature.ts', "import { Notification } from 'electron';\nexport default Notification;\n"],
  ['main/shell/adapters/microphone-access.ts', "import { systemPreferences } from 'electron';\nexport default systemPreferences;\n"],
  ['main/shell/log.ts', "import log from 'electron-log/main';\nexport default log;\n"],
  ['main/shell/updater/provider.ts', "import { GenericProvider } from 'electron-updater/out/providers/GenericProvider';\nexport default GenericProvider;\n"],
  ['main/shell/features.ts', "import type { RecorderHost } from './adapters/recorder-host';\nexport type Host = RecorderHost;\n"],
  ['preload/index.ts', "import { contextBridge } from 'electron';\nexport default contextBridge;\n"],
  ['main/lab-reports/copy.ts', "import { notes } from '../note-leaving/notes';\nexport default notes;\n"],
  ['renderer/name.ts', "import { name } from '../contract/ipc';\nexport default name;\n"],
];

const trees: string[] = [];
afterAll(() => {
  while (trees.length > 0) rmSync(trees.pop()!, { recursive: true, force: true });
});

/** Lint's refusals and the checker's problems for one file written into a tree with the targets. */
function bothChecks(file: string, code: string): { lint: string[]; checker: string[] } {
  const root = mkdtempSync(join(tmpdir(), 'scribe-lint-layers-'));
  trees.push(root);
  for (const [path, text] of Object.entries({ ...TARGETS, [file]: code })) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const lint = new Linter({ configType: 'flat', cwd: root }).verify(code, LINT, join(root, file)).map((message) => message.message);
  return { lint, checker: checkTree(root).problems.filter((problem) => problem.startsWith(file)) };
}

describe("lint's layer rule, from the layer table", () => {
  it.each(REFUSED)('refuses in %s what the checker refuses, in its words: %s', (file, code, names) => {
    const { lint, checker } = bothChecks(file, code);
    expect(lint).toHaveLength(1);
    expect(lint).toEqual(checker);
    expect(lint[0]).toContain(file);
    expect(lint[0]).toContain(names);
    expect(lint[0]).toContain('scripts/layers/layer-table.ts');
  });

  it.each(ALLOWED)('allows in %s what the checker allows: %s', (file, code) => {
    expect(bothChecks(file, code)).toEqual({ lint: [], checker: [] });
  });

  it('is the only rule on imports in eslint.config.ts, over every file the table places', () => {
    const blocks = config as Linter.Config[];
    const layerBlocks = blocks.filter((block) => block.rules?.['layers/imports'] !== undefined);
    expect(layerBlocks).toEqual([expect.objectContaining({ files: PLACED_FILES, rules: { 'layers/imports': 'error' } })]);
    const restricted = blocks.filter((block) => Object.keys(block.rules ?? {}).some((rule) => rule.endsWith('no-restricted-imports')));
    expect(restricted, 'a hand-written rule on imports beside the layer table: say it in the table instead').toEqual([]);
  });
});
