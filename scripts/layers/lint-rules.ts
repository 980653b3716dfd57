/**
 * The layer table's rules as ESLint reads them (eslint.config.ts), so that an editor shows them
 * where the import is written; `npm run layers` checks the same table over the whole import graph.
 */
import type { Linter } from 'eslint';
import { ELECTRON_PACKAGES, LAYERS, type Layer } from './layer-table';

const TABLE = 'scripts/layers/layer-table.ts';

/** A pattern of the table as an ESLint glob: a folder `main/ipc/` is `main/ipc/**`. */
function lintGlob(pattern: string): string {
  return pattern.endsWith('/') ? `${pattern}**` : pattern;
}

/** Placement's order (check-layers.ts): folders by length, then named files; the last block that matches a file wins in ESLint. */
function specificity(pattern: string): number {
  return pattern.endsWith('/') ? pattern.length : 10_000 + pattern.length;
}

function packagesOf(layer: Layer, room: string): string[] {
  return [...layer.packages, ...(layer.rooms[room]!.packages ?? [])];
}

/** The files of the rooms that may import a package. */
export function filesThatMayImport(name: string, layers: Layer[] = LAYERS): string[] {
  return layers.flatMap((layer) => Object.entries(layer.rooms).flatMap(([room, { files }]) => (packagesOf(layer, room).includes(name) ? files.map(lintGlob) : [])));
}

/** The folders (`main/lab-reports`) of a layer's rooms. */
export function foldersOf(layerName: string, layers: Layer[] = LAYERS): string[] {
  const layer = layers.find(({ name }) => name === layerName)!;
  return Object.values(layer.rooms).flatMap(({ files }) => files.filter((pattern) => pattern.endsWith('/')).map((folder) => folder.slice(0, -1)));
}

/**
 * One block per pattern of the table: the Electron packages (electron, electron-log,
 * electron-updater) its room may not import, each refused with the room and the rule. In
 * placement's order, so that a file gets its own room's block. Uses typescript-eslint's rule,
 * so that the blocks of ESLint's own no-restricted-imports (eslint.config.ts) are not replaced.
 */
export function electronPackageBlocks(layers: Layer[] = LAYERS): Linter.Config[] {
  const blocks = layers.flatMap((layer) =>
    Object.entries(layer.rooms).flatMap(([room, { files }]) => {
      const refused = ELECTRON_PACKAGES.filter((name) => !packagesOf(layer, room).includes(name));
      const patterns = refused.map((name) => ({
        regex: `^${name}(?:/|$)`,
        message: `${name} is not for ${room} (${layer.name}): only the rooms given it in ${TABLE} import it; Electron is called in the shell and passed down.`,
      }));
      const rule: Linter.RuleEntry = patterns.length > 0 ? ['error', { patterns }] : 'off';
      return files.map((pattern) => ({ pattern, block: { files: [lintGlob(pattern)], rules: { '@typescript-eslint/no-restricted-imports': rule } } }));
    }),
  );
  return blocks.sort((a, b) => specificity(a.pattern) - specificity(b.pattern)).map(({ block }) => block);
}
