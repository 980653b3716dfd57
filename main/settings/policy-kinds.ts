/**
 * The kind of value each policy key takes, read from the one policy schema (`policySchema`):
 * what the registry and managed-preferences readers convert to, and what the administrative
 * templates (ADMX, configuration profile) offer. A key of a kind not listed here fails at
 * load, so a new key cannot reach a template or a reader untyped. Pure.
 */
import type { z } from 'zod';
import { ACCESS_TOKEN_MAX_CHARS, CLIENT_SECRET_MAX_CHARS } from '../../contract/limits';
import { JWE_CLIENT_KEY_BYTES, SECRET_NAMES, type SecretName } from '../../contract/settings';
import { policySchema, type Policy } from './policy';

export type PolicyName = keyof Policy;

export type PolicyKind =
  | { type: 'boolean' }
  /** Whole numbers (a REG_DWORD: 0 to 4294967295). */
  | { type: 'number'; min: number; max: number }
  | { type: 'string'; maxLength: number }
  | { type: 'enum'; values: readonly string[] }
  /** A list of strings. */
  | { type: 'list' }
  /** A list of small records (a program profile): in the registry one JSON object per line, in a profile a dictionary each. */
  | { type: 'records' };

export interface PolicyKey {
  name: PolicyName;
  kind: PolicyKind;
  /** A credential or key: readable by whoever can read where the policy is kept. */
  secret: boolean;
}

const DWORD_MAX = 0xffff_ffff;
/** What an administrative template's text field allows when the schema gives no limit (the ADMX default). */
const TEXT_MAX_LENGTH = 1023;
const SECRET_MAX_LENGTH: Record<SecretName, number> = {
  clientSecret: CLIENT_SECRET_MAX_CHARS,
  accessToken: ACCESS_TOKEN_MAX_CHARS,
  jweClientKey: JWE_CLIENT_KEY_BYTES,
};

interface Introspected {
  def: { type: string; innerType?: Introspected; element?: Introspected };
  options?: readonly string[];
  minValue?: number | null;
  maxValue?: number | null;
  maxLength?: number | null;
}

function kindOf(name: string, schema: Introspected): PolicyKind {
  // A key whose broken value falls back (`.catch`) is of the kind it catches.
  const caught = schema.def.type === 'catch' && schema.def.innerType ? schema.def.innerType : schema;
  const inner = caught.def.type === 'optional' && caught.def.innerType ? caught.def.innerType : caught;
  switch (inner.def.type) {
    case 'boolean':
      return { type: 'boolean' };
    case 'number':
      return { type: 'number', min: Math.max(0, inner.minValue ?? 0), max: Math.min(DWORD_MAX, inner.maxValue ?? DWORD_MAX) };
    case 'string':
      return { type: 'string', maxLength: SECRET_MAX_LENGTH[name as SecretName] ?? inner.maxLength ?? TEXT_MAX_LENGTH };
    case 'enum':
      return { type: 'enum', values: inner.options ?? [] };
    case 'array':
      if (inner.def.element?.def.type === 'string') return { type: 'list' };
      if (inner.def.element?.def.type === 'object') return { type: 'records' };
      break;
  }
  throw new Error(`The policy key "${name}" is of a kind the registry, managed preferences and templates do not know (${inner.def.type}).`);
}

/** Every policy key with its kind, in the schema's order. */
export const POLICY_KEYS: readonly PolicyKey[] = Object.entries((policySchema as unknown as z.ZodObject).shape).map(([name, schema]) => ({
  name: name as PolicyName,
  kind: kindOf(name, schema as unknown as Introspected),
  secret: (SECRET_NAMES as readonly string[]).includes(name),
}));
