import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      // One CommonJS bundle: loaded synchronously, so that privileged schemes are registered
      // before "ready" on every Electron; ESM-only dependencies are bundled in. Only native
      // modules stay outside.
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve('main/index.ts') },
        external: ['@picovoice/pvrecorder-node'],
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed renderer loads only a self-contained CommonJS preload.
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve('preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'renderer',
    build: {
      outDir: 'out/renderer',
      rolldownOptions: { input: { index: resolve('renderer/index.html') } },
    },
    plugins: [react()],
  },
});
