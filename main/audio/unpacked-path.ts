import { sep } from 'node:path';

/** Files started as processes or threads are unpacked beside the app archive when packaged. */
export function unpacked(path: string): string {
  return path.replace(`app.asar${sep}`, `app.asar.unpacked${sep}`);
}
