/**
 * The tests that run inside Wine (test/wine/in-wine/*.test.ts), bundled into one CommonJS file
 * for the Windows Node, so that they all run in one process (as the app's main process calls
 * each Win32 entry point again and again), and the lane's reporter beside it. The app's modules
 * are bundled as they are; koffi and uiohook-napi stay outside, loaded from the lane's
 * node_modules with their Windows binaries. `import.meta.url` is the bundle's own file URL.
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { build, type BuildOptions, type Plugin } from 'esbuild';

const CHECKOUT = join(import.meta.dirname, '..', '..');
const IN_WINE = join(import.meta.dirname, 'in-wine');
const STAND_INS = join(import.meta.dirname, 'stubs', 'win32-stand-ins.ts');

/** The app's modules that call Win32 through koffi, by their path in the checkout. */
const WIN32_MODULES = new Set([
  'main/settings/windows-registry',
  'main/settings/windows-program-data',
  'main/settings/windows-file-security',
  'main/shortcuts/windows-focus',
  'main/shortcuts/windows-typist',
  'main/clipboard/clipboard-owner',
]);

/** Each of them replaced by its stand-in (`--stubbed`). */
const standIns: Plugin = {
  name: 'win32-stand-ins',
  setup(plugins) {
    plugins.onResolve({ filter: /^\./ }, (args) => {
      const module = relative(CHECKOUT, join(args.resolveDir, args.path)).replace(/\.ts$/, '');
      return WIN32_MODULES.has(module) ? { path: STAND_INS } : undefined;
    });
  },
};

const common: BuildOptions = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node22',
  external: ['koffi', 'uiohook-napi'],
  // ES builds first: a UMD build (jsonc-parser's) requires its parts by names esbuild cannot follow.
  mainFields: ['module', 'main'],
  define: { 'import.meta.url': '__bundle_url', 'import.meta.dirname': '__dirname' },
  banner: { js: "const __bundle_url = require('node:url').pathToFileURL(__filename).href;" },
  logLevel: 'warning',
};

export interface InWineBundle {
  tests: string;
  reporter: string;
}

/**
 * Writes the bundle of every in-Wine test and the reporter into `folder`; `stubbed`: with the
 * app's Win32 modules and uiohook-napi (loaded at run time, so shadowed in the folder's own
 * node_modules) stood in.
 */
export async function bundleInWine(folder: string, stubbed = false): Promise<InWineBundle> {
  const files = readdirSync(IN_WINE).filter((name) => name.endsWith('.test.ts')).sort();
  const tests = join(folder, 'in-wine-tests.cjs');
  // ESM: Node takes a reporter's default export from an ES module.
  const reporter = join(folder, 'lane-reporter.mjs');
  await build({
    ...common,
    stdin: { contents: files.map((name) => `import './${name}';`).join('\n'), resolveDir: IN_WINE, sourcefile: 'in-wine-tests.ts', loader: 'ts' },
    outfile: tests,
    plugins: stubbed ? [standIns] : [],
  });
  if (stubbed) await build({ ...common, entryPoints: [STAND_INS], outfile: join(folder, 'node_modules', 'uiohook-napi', 'index.js') });
  await build({ bundle: true, platform: 'node', format: 'esm', target: 'node22', logLevel: 'warning', entryPoints: [join(import.meta.dirname, 'lane-reporter.ts')], outfile: reporter });
  return { tests, reporter };
}
