import { chmodSync, copyFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import { AUDIO_WASM } from './main/audio/audio-wasm';
import { makeCodeCache } from './scripts/code-cache/make.mjs';

/** Native modules load from node_modules (unpacked beside the archive), never from a bundle. */
const NATIVE_MODULES = ['@picovoice/pvrecorder-node', 'koffi', 'uiohook-napi'];

/**
 * Entries that run outside the main process (the recorder utility process, the MP3 encoder
 * thread), each built as one self-contained CommonJS file beside main's bundle, with the
 * encoders' WebAssembly files beside them (main/audio/audio-wasm.ts).
 */
function standaloneEntries(entries: Record<string, string>): Plugin {
  return {
    name: 'scribe:standalone-entries',
    apply: 'build',
    async closeBundle() {
      for (const [name, entry] of Object.entries(entries)) {
        await build({
          configFile: false,
          logLevel: 'warn',
          define: { __SCRIBE_AUDIO_WASM_BESIDE__: 'true' },
          ssr: { noExternal: true, external: NATIVE_MODULES },
          build: {
            ssr: resolve(entry),
            outDir: 'out/main',
            emptyOutDir: false,
            minify: true,
            rolldownOptions: { output: { format: 'cjs', entryFileNames: `${name}.cjs`, codeSplitting: false, ...ASCII_OUTPUT } },
          },
        });
      }
      const fromPackage = createRequire(import.meta.url);
      for (const { file, inPackage } of Object.values(AUDIO_WASM)) {
        const beside = join('out/main', file);
        copyFileSync(fromPackage.resolve(inPackage), beside);
        chmodSync(beside, 0o644);
      }
    },
  };
}

/** Main's code compiled once, by the Electron that runs it, when it is built (main/shell/code-cache.ts). */
function codeCache(): Plugin {
  return {
    name: 'scribe:code-cache',
    apply: 'build',
    closeBundle() {
      makeCodeCache(resolve('out/main'));
    },
  };
}

/**
 * Every bundle in ASCII (text escaped) and without doc comments: V8 keeps a source with one
 * character outside Latin-1 in two bytes a character, and reads and scans it slower.
 */
const ASCII_OUTPUT = { charset: 'ascii', comments: { legal: true, annotation: false, jsdoc: false } } as const;

/** `SCRIBE_BUILD=development` (tests, `npm start`) keeps the development switches; any other build is a release (main/core/build-kind.ts). */
const DEVELOPMENT_BUILD = process.env.SCRIBE_BUILD === 'development';
/** `SCRIBE_PACKAGE_MANAGER=apt` for the .deb: the system's package manager updates it, not the app (main/core/build-kind.ts). */
const PACKAGE_MANAGER = process.env.SCRIBE_PACKAGE_MANAGER ?? '';

export default defineConfig({
  main: {
    define: { __SCRIBE_DEVELOPMENT_BUILD__: JSON.stringify(DEVELOPMENT_BUILD), __SCRIBE_PACKAGE_MANAGER__: JSON.stringify(PACKAGE_MANAGER) },
    build: {
      outDir: 'out/main',
      // One CommonJS bundle: loaded synchronously, so that privileged schemes are registered
      // before "ready" on every Electron; ESM-only dependencies are bundled in. Only native
      // modules stay outside.
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve('main/shell/index.ts') },
        external: NATIVE_MODULES,
        output: { format: 'cjs', entryFileNames: '[name].cjs', ...ASCII_OUTPUT },
      },
    },
    plugins: [
      standaloneEntries({
        'recorder-process': 'main/audio/recorder-process.ts',
        'encoder-process': 'main/audio/encoder-process.ts',
      }),
      codeCache(),
    ],
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed renderer loads only a self-contained CommonJS preload.
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve('preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs', ...ASCII_OUTPUT },
      },
    },
  },
  renderer: {
    root: 'renderer',
    build: {
      outDir: 'out/renderer',
      // Less to parse before the first screen.
      minify: true,
      rolldownOptions: { input: { index: resolve('renderer/index.html') }, output: ASCII_OUTPUT },
    },
    plugins: [react()],
  },
});
