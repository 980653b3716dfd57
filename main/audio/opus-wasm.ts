/**
 * The bytes of libopus compiled to WebAssembly (the `opusscript` package): compiled into the
 * recorder process's bundle and the encoder worker's at build time (electron.vite.config.ts,
 * `__SCRIBE_OPUS_WASM__`), so the app reads no file for them; read from the package where
 * the code runs unbundled (unit tests, the bench).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

declare const __SCRIBE_OPUS_WASM__: string | undefined;

export function opusWasmBytes(): Uint8Array {
  if (typeof __SCRIBE_OPUS_WASM__ === 'string') return Buffer.from(__SCRIBE_OPUS_WASM__, 'base64');
  return readFileSync(createRequire(import.meta.url).resolve('opusscript/build/opusscript_native_wasm.wasm'));
}
