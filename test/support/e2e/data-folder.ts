/** Reads every file below a data folder, to prove what is (not) written there. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export function filesBelow(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .map((name) => join(folder, name))
    .filter((path) => statSync(path, { throwIfNoEntry: false })?.isFile());
}

/** Files whose bytes contain `needle` (as UTF-8, or as UTF-16LE as Chromium stores some strings). */
export function filesContaining(folder: string, needle: string): string[] {
  const patterns = [Buffer.from(needle, 'utf8'), Buffer.from(needle, 'utf16le')];
  return filesBelow(folder).filter((path) => {
    const bytes = readFileSync(path);
    return patterns.some((pattern) => bytes.includes(pattern));
  });
}

/** Main's log as written so far ('' before it is). */
export function mainLog(userDataDir: string): string {
  try {
    return readFileSync(join(userDataDir, 'logs', 'main.log'), 'utf8');
  } catch {
    return '';
  }
}
