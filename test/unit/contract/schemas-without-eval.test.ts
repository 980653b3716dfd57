/**
 * Zod set to check without code made at run time (contract/schemas-without-eval.ts): a schema
 * made after the setting checks as before and never calls the Function constructor; one made
 * with zod's default does, at its first check (so the spy would see it).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { config, z } from 'zod';
import '../../../contract/schemas-without-eval';

const madeCode = () => vi.spyOn(globalThis, 'Function');
const patientLike = () => z.object({ label: z.string().min(1), age: z.number().int().nullable(), sex: z.enum(['female', 'male', 'other']).nullable() });

afterEach(() => {
  vi.restoreAllMocks();
  config({ jitless: true });
});

describe('zod without code made at run time', () => {
  it('a schema made after the setting checks the same and makes no code', () => {
    const made = madeCode();
    const schema = patientLike();
    expect(schema.parse({ label: 'Bed 4', age: 61, sex: null })).toEqual({ label: 'Bed 4', age: 61, sex: null });
    expect(schema.safeParse({ label: '', age: 1.5, sex: 'x' }).error?.issues.map((issue) => issue.path.join('.'))).toEqual(['label', 'age', 'sex']);
    expect(made).not.toHaveBeenCalled();
  });

  it('with zod’s default, the first check makes code (what the setting turns off)', () => {
    config({ jitless: false });
    const made = madeCode();
    patientLike().parse({ label: 'Bed 4', age: 61, sex: null });
    expect(made).toHaveBeenCalled();
  });
});
