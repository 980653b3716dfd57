// Resolves the Electron executable (downloading it where the network allows) and prints a
// clear way out where it cannot be had. Used by start, build and tests.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export function electronExecutable() {
  let path;
  try {
    path = require('electron');
  } catch (error) {
    throw new Error(
      `Electron's binary is missing and could not be downloaded (${error.message}).\n` +
        'Where it cannot be downloaded, set ELECTRON_OVERRIDE_DIST_PATH to a folder holding an Electron runtime and try again.',
    );
  }
  if (!existsSync(path)) {
    throw new Error(`No Electron executable at ${path}. Check ELECTRON_OVERRIDE_DIST_PATH.`);
  }
  return path;
}
