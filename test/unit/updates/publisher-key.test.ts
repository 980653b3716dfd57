import { generateKeyPairSync } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { choosePublisherKey } from '../../../main/updates/publisher-key';
import { tempFolder } from '../../support/temp-folder';

const BUILT_IN = readFileSync(resolve(import.meta.dirname, '../../../build/update-public-key.pem'), 'utf8').trim();

function testKeyFile(): { file: string; pem: string } {
  const pem = generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const file = join(tempFolder(), 'test-public-key.pem');
  writeFileSync(file, pem);
  return { file, pem: pem.trim() };
}

const pemOf = (choice: ReturnType<typeof choosePublisherKey>) => choice.key.export({ type: 'spki', format: 'pem' }).toString().trim();
const readFile = (path: string) => readFileSync(path, 'utf8');

describe('choosePublisherKey', () => {
  it('uses the key compiled into main', () => {
    const choice = choosePublisherKey({ release: true, env: {}, readFile });
    expect(pemOf(choice)).toBe(BUILT_IN);
    expect(choice.source).toBe('built in');
  });

  it('takes SCRIBE_UPDATE_PUBLIC_KEY_FILE in an unpackaged app', () => {
    const { file, pem } = testKeyFile();
    const choice = choosePublisherKey({ release: false, env: { SCRIBE_UPDATE_PUBLIC_KEY_FILE: file }, readFile });
    expect(pemOf(choice)).toBe(pem);
  });

  it('ignores SCRIBE_UPDATE_PUBLIC_KEY_FILE in a packaged app', () => {
    const { file } = testKeyFile();
    const choice = choosePublisherKey({ release: true, env: { SCRIBE_UPDATE_PUBLIC_KEY_FILE: file }, readFile });
    expect(pemOf(choice)).toBe(BUILT_IN);
    expect(choice.source).toMatch(/ignored: release build/);
  });

  it('fails rather than falling back when the test key cannot be read', () => {
    expect(() => choosePublisherKey({ release: false, env: { SCRIBE_UPDATE_PUBLIC_KEY_FILE: '/nonexistent/key.pem' }, readFile })).toThrow(/ENOENT/);
  });
});
