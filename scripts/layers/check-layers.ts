/**
 * Checks an import graph against the layer table: every file in a room, every import allowed
 * (a lower layer, a sibling room the table names, a package its room may use, Electron only
 * where the path says), and no circle between files. Pure: the graph and the table are given.
 */
import { COMPUTED_IMPORTS, ELECTRON_FOLDERS, ELECTRON_PACKAGES, LAYERS, NEEDS_ELECTRON_BINARY, PLAIN_NODE_MODULES, REFUSED_IN_MAIN, type Layer } from './layer-table';
import type { ImportEdge } from './import-graph';

export interface Placement {
  layer: Layer;
  layerIndex: number;
  room: string;
}

/** The room a file is in: the one whose folder holds it (the deepest, were one inside another). */
export function placementOf(file: string, layers: Layer[] = LAYERS): Placement | null {
  let best: (Placement & { depth: number }) | null = null;
  layers.forEach((layer, layerIndex) => {
    for (const [room, { folder }] of Object.entries(layer.rooms)) {
      if (file.startsWith(folder) && (!best || folder.length > best.depth)) best = { layer, layerIndex, room, depth: folder.length };
    }
  });
  if (!best) return null;
  const { layer, layerIndex, room } = best as Placement & { depth: number };
  return { layer, layerIndex, room };
}

/** The one rule of Electron (layer-table.ts): its packages only in a file whose path says so, whatever its room. */
export function mayTouchElectron(file: string): boolean {
  return ELECTRON_FOLDERS.some((folder) => file.startsWith(folder));
}

const ELECTRON_RULE = `${ELECTRON_PACKAGES.join(', ')} are imported (\`import type\` too) only by a file under ${ELECTRON_FOLDERS.join(' or ')}, whose path says that it may touch Electron`;

/** A package the room may import; Electron's are the path's (mayTouchElectron), asked before. */
function packageAllowed(name: string, from: Placement): boolean {
  if (ELECTRON_PACKAGES.includes(name)) return true;
  const allowed = packagesOf(from);
  return allowed.includes(name) || (name.startsWith('node:') && allowed.includes('node:*'));
}

function fileAllowed(from: Placement, to: Placement, layers: Layer[]): boolean {
  if (from.layer === to.layer) return from.room === to.room || (from.layer.rooms[from.room]!.siblings ?? []).includes(to.room);
  const reaches = from.layer.reaches ?? layers.slice(0, from.layerIndex).filter((layer) => !['preload', 'renderer'].includes(layer.name)).map((layer) => layer.name);
  return reaches.includes(to.layer.name);
}

/** Circles among the files (Tarjan's strongly connected components of more than one file, or a file importing itself). */
export function circlesOf(edges: ImportEdge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const edge of edges) {
    if (edge.to.kind !== 'file') continue;
    next.set(edge.from, [...(next.get(edge.from) ?? []), edge.to.path]);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  let counter = 0;
  const visit = (file: string) => {
    index.set(file, counter);
    low.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of next.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || (next.get(file) ?? []).includes(file)) circles.push(component.sort());
  };
  for (const file of [...next.keys()].sort()) if (!index.has(file)) visit(file);
  return circles;
}

const TABLE = 'scripts/layers/layer-table.ts';

function packagesOf(from: Placement): string[] {
  return [...from.layer.packages, ...(from.layer.rooms[from.room]!.packages ?? [])];
}

/**
 * What is wrong with one import, naming the file, the import and the rule; null when the table
 * allows it. Electron's rule holds wherever the file is; the others only in a room (a file in
 * none fails the check by itself). Lint asks the same of each import (lint-rules.ts).
 */
export function importProblem(edge: ImportEdge, layers: Layer[] = LAYERS): string | null {
  const { to } = edge;
  const from = placementOf(edge.from, layers);
  const where = from ? `${edge.from} (${from.layer.name}: ${from.room})` : edge.from;
  if (to.kind === 'package' && ELECTRON_PACKAGES.includes(to.name) && !mayTouchElectron(edge.from)) {
    return `${where} may not import the package ${edge.specifier}: ${ELECTRON_RULE} (${TABLE})`;
  }
  const refused = to.kind === 'package' && edge.from.startsWith('main/') ? REFUSED_IN_MAIN[to.name.startsWith('node:') ? to.name : `node:${to.name}`] : undefined;
  if (refused) return `${where} may not import ${edge.specifier}: ${refused} (${TABLE})`;
  if (!from) return null;
  if (to.kind === 'computed') return `${where} imports by a computed name, ${edge.specifier}: every import names its module, so that the check can follow it (${TABLE})`;
  if (to.kind === 'unresolved') {
    if (edge.specifier.endsWith('?raw') || edge.specifier.endsWith('.css')) return null;
    return `${edge.from} imports ${edge.specifier}, for which TypeScript's module resolution finds no file: every import names a file or package the check can follow (${TABLE})`;
  }
  if (to.kind === 'package') {
    return packageAllowed(to.name, from) ? null : `${where} may not import the package ${edge.specifier}: its room may use ${packagesOf(from).join(', ') || 'no package'} (${TABLE})`;
  }
  const target = placementOf(to.path, layers);
  if (!target || fileAllowed(from, target, layers)) return null;
  return `${where} may not import ${to.path} (${target.layer.name}: ${target.room}): a room imports only the layers below it and the siblings the table names (${TABLE})`;
}

/** Everything wrong, one line each, naming the file, the import and the rule; empty when the code keeps to the table. */
export function layerProblems(files: string[], edges: ImportEdge[], layers: Layer[] = LAYERS): string[] {
  const problems: string[] = [];
  for (const file of files) {
    if (!placementOf(file, layers) && !file.endsWith('.d.ts')) problems.push(`${file} is in no room of the layer table (${TABLE}): place its folder there`);
  }
  for (const edge of edges) {
    const problem = importProblem(edge, layers);
    if (problem) problems.push(problem);
  }
  for (const circle of circlesOf(edges)) problems.push(`a circle of imports: ${circle.join(' → ')}: imports go one way only (${TABLE})`);
  return problems;
}

/** An import a unit test may not reach: a package that needs the Electron binary, or a name nobody can follow. */
function loadsElectronOrUnknown({ from, to, specifier }: ImportEdge): boolean {
  if (to.kind === 'computed') return !(from in COMPUTED_IMPORTS);
  return to.kind === 'package' && NEEDS_ELECTRON_BINARY.includes(to.name) && !PLAIN_NODE_MODULES.includes(specifier);
}

/**
 * Test files that load a package needing the Electron binary through the tree's files, however
 * indirectly (`import type` loads nothing), or a module by a computed name, which could be
 * anything: each could not be shown to load without an Electron binary. One line per test, with the path.
 */
export function electronReachedFrom(tests: string[], edges: ImportEdge[]): string[] {
  const out = new Map<string, ImportEdge[]>();
  for (const edge of edges) out.set(edge.from, [...(out.get(edge.from) ?? []), edge]);
  return tests.flatMap((test) => {
    const path = new Map<string, string[]>([[test, [test]]]);
    const queue = [test];
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
      for (const edge of out.get(file) ?? []) {
        if (edge.typeOnly) continue;
        if (loadsElectronOrUnknown(edge)) {
          const chain = [...path.get(file)!, edge.specifier].join(' → ');
          return [`${test} cannot be shown to load without an Electron binary: ${chain} (a unit test loads none of ${NEEDS_ELECTRON_BINARY.join(', ')}, nor a module by a computed name; pass the logger or the Electron adapter in instead; ${TABLE})`];
        }
        const { to } = edge;
        if (to.kind !== 'file' || path.has(to.path)) continue;
        path.set(to.path, [...path.get(file)!, to.path]);
        queue.push(to.path);
      }
    }
    return [];
  });
}
