/**
 * The publisher's public key for update metadata. It is compiled into main (Vite `?raw`), so
 * it sits inside the integrity-checked app archive and cannot be swapped on disk. Only a
 * development build (development, end-to-end tests) may take another key from
 * SCRIBE_UPDATE_PUBLIC_KEY_FILE; a release build ignores that variable, however it is started.
 */
import type { KeyObject } from 'node:crypto';
import builtInKeyPem from '../../build/update-public-key.pem?raw';
import { publisherKeyFromPem } from './release-signature';

export const PUBLIC_KEY_FILE_VARIABLE = 'SCRIBE_UPDATE_PUBLIC_KEY_FILE';

export interface PublisherKeyChoice {
  key: KeyObject;
  /** Where the key came from, for the log. */
  source: string;
}

export function choosePublisherKey(options: {
  release: boolean;
  env: Record<string, string | undefined>;
  readFile: (path: string) => string;
  builtInPem?: string;
}): PublisherKeyChoice {
  const overrideFile = options.env[PUBLIC_KEY_FILE_VARIABLE];
  if (overrideFile && !options.release) {
    return { key: publisherKeyFromPem(options.readFile(overrideFile)), source: `${PUBLIC_KEY_FILE_VARIABLE} (development build)` };
  }
  const source = overrideFile ? `built in (${PUBLIC_KEY_FILE_VARIABLE} ignored: release build)` : 'built in';
  return { key: publisherKeyFromPem(options.builtInPem ?? builtInKeyPem), source };
}
