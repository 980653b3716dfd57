/**
 * The encoders' WebAssembly, read when an encoder is first made: libopus (the `opusscript`
 * package) and LAME (`wasm-media-encoders`). The recorder's and the encoder's bundles find them
 * as files beside themselves (electron.vite.config.ts copies them there, `__SCRIBE_AUDIO_WASM_BESIDE__`),
 * so that a process that starts parses no encoder it has not yet used; code that runs unbundled
 * (unit tests, the bench) reads them from their packages.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

declare const __SCRIBE_AUDIO_WASM_BESIDE__: boolean | undefined;

/** Each encoder's file: its name beside a bundle, and where its package keeps it. */
export const AUDIO_WASM = {
  opus: { file: 'opus.wasm', inPackage: 'opusscript/build/opusscript_native_wasm.wasm' },
  mp3: { file: 'mp3.wasm', inPackage: 'wasm-media-encoders/wasm/mp3' },
} as const;

export function audioWasmBytes(encoder: keyof typeof AUDIO_WASM): Uint8Array {
  const { file, inPackage } = AUDIO_WASM[encoder];
  if (typeof __SCRIBE_AUDIO_WASM_BESIDE__ === 'boolean' && __SCRIBE_AUDIO_WASM_BESIDE__) return readFileSync(join(dirname(fileURLToPath(import.meta.url)), file));
  return readFileSync(createRequire(import.meta.url).resolve(inPackage));
}
