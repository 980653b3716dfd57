/**
 * What main loads before the window's first answer: the entry and the features' code it loads
 * while the page starts (main/shell/feature-code.ts), and everything those load with them. The
 * service's operations, their schemas, the caller and JWE are not in it: the client loads them at
 * its first call (main/api/service-client.ts), and Record needs none of them.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { eagerGraph, laterSpecifiers, resolveTarget } from '../../../scripts/layers/import-graph';

const ROOT = resolve(import.meta.dirname, '../../..');
const ENTRY = 'main/shell/index.ts';
const FEATURE_CODE = 'main/shell/feature-code.ts';
/** The service's operations and what only they use: the API modules, their schemas, the caller that sends them, JWE. */
const SERVICE_OPERATIONS = /^main\/api\/(?:[a-z-]+-api|[a-z-]+-schemas|service-operations|service-call|session-discovery|jwe|multipart-body)\.ts$/;

/** The files the features' code loader loads, part by part, before the first answer. */
function featureParts(): string[] {
  const later = laterSpecifiers(readFileSync(resolve(ROOT, FEATURE_CODE), 'utf8'), FEATURE_CODE);
  return [...later].flatMap((specifier) => {
    const target = resolveTarget(ROOT, FEATURE_CODE, specifier);
    return target.kind === 'file' ? [target.path] : [];
  });
}

const loadedFiles = (entries: string[]) =>
  new Set([...entries, ...eagerGraph(ROOT, entries).flatMap((edge) => (!edge.typeOnly && edge.to.kind === 'file' ? [edge.to.path] : []))]);

describe('main before the first answer', () => {
  const parts = featureParts();
  const loaded = loadedFiles([ENTRY, ...parts]);

  it('loads the features that answer the first screen, part by part', () => {
    expect(parts).toEqual(expect.arrayContaining(['main/shell/features.ts', 'main/shell/features/service-feature.ts', 'main/shell/features/dictation-feature.ts']));
    expect(loaded.has('main/api/service-client.ts')).toBe(true);
  });

  it('does not load the service’s operations, their schemas, the caller or JWE', () => {
    expect([...loaded].filter((file) => SERVICE_OPERATIONS.test(file)).sort()).toEqual([]);
  });

  it('sets zod to make no code before any schema is made: the entry loads no zod, and the setting is the first part', () => {
    const zod = eagerGraph(ROOT, [ENTRY]).filter((edge) => !edge.typeOnly && edge.to.kind === 'package' && edge.to.name === 'zod');
    expect(zod.map((edge) => edge.from)).toEqual([]);
    expect(parts[0]).toBe('contract/schemas-without-eval.ts');
  });

  it('loads them once the client is first called: they are reached through its import()', () => {
    const later = loadedFiles(['main/api/service-client.ts']);
    expect(later.has('main/api/service-operations.ts')).toBe(false);
    const all = loadedFiles(['main/api/service-operations.ts']);
    expect([...all].filter((file) => SERVICE_OPERATIONS.test(file)).length).toBeGreaterThan(10);
  });
});
