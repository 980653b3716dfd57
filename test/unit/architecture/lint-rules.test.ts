/**
 * Lint's share of the layer table (scripts/layers/lint-rules.ts, read by eslint.config.ts): an
 * Electron package is refused where the table does not allow it, by the room the table places
 * the file in, and allowed where it does.
 */
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { electronPackageBlocks } from '../../../scripts/layers/lint-rules';

const CONFIG: Linter.Config[] = [{ files: ['**/*.ts'], plugins: { '@typescript-eslint': tseslint.plugin } }, ...electronPackageBlocks()];

function refusals(file: string, code: string): string[] {
  return new Linter({ configType: 'flat' }).verify(code, CONFIG, file).map((message) => message.message);
}

describe("lint's Electron rules, from the layer table", () => {
  it.each([
    ['main/storage/store.ts', "import { app } from 'electron';", 'electron is not for storage (storage and api)'],
    ['main/api/client.ts', "import log from 'electron-log/main';", 'electron-log is not for api (storage and api)'],
    ['main/audit/trail.ts', "import { autoUpdater } from 'electron-updater';", 'electron-updater is not for audit (outbox and results)'],
    ['main/updates/update-service.ts', "import { app } from 'electron';", 'electron is not for updates (features)'],
    ['main/storage/backup-feature.ts', "import { dialog } from 'electron';", 'electron is not for storage (storage and api)'],
    ['renderer/app.ts', "import { ipcRenderer } from 'electron';", 'electron is not for renderer (renderer)'],
  ])('refuses in %s: %s', (file, code, refusal) => {
    const [message, ...more] = refusals(file, code);
    expect(more).toEqual([]);
    expect(message).toContain(refusal);
    expect(message).toContain('scripts/layers/layer-table.ts');
  });

  it.each([
    ['main/index.ts', "import { app } from 'electron';"],
    ['main/dictations/dictation-feature.ts', "import { app } from 'electron';"],
    ['main/audio/recorder-host.ts', "import { utilityProcess } from 'electron';"],
    ['main/log.ts', "import log from 'electron-log/main';"],
    ['main/updates/signed-generic-provider.ts', "import { GenericProvider } from 'electron-updater/out/providers/GenericProvider';"],
    ['preload/index.ts', "import { contextBridge } from 'electron';"],
  ])('allows in %s: %s', (file, code) => {
    expect(refusals(file, code)).toEqual([]);
  });
});
