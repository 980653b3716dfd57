/** What a data folder holds in clear: for tests that patient data and secrets are kept only sealed. */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Each of `words` found in clear in a file below `folder`, as "<file>: <words>". */
export function clearTextIn(folder: string, words: string[]): string[] {
  return filesUnder(folder).flatMap((file) => {
    const text = readFileSync(file).toString('latin1');
    return words.filter((said) => text.includes(said)).map((said) => `${file}: ${said}`);
  });
}
