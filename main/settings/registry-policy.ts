/**
 * The policy as Group Policy and Intune write it (from the generated ADMX template) under
 * `Software\Policies\ScribeDesk`: REG_DWORD 0/1 for on/off, REG_DWORD for numbers, REG_SZ for
 * text and choices, REG_MULTI_SZ for lists. Turned into the same values as the JSON file and
 * checked by the same schema; a value of the wrong type is reported by key, its content never
 * quoted. Value names match whatever their case, as Windows treats them. Pure.
 */
import { POLICY_KEYS, type PolicyKind } from './policy-kinds';
import { validatedPolicy, type LoadedPolicy, type PolicyOrigin } from './policy';
import { decodeRegistryValue, type DecodedRegistryValue, type RegistryValue } from './registry-values';

/** Where policies are kept, under HKEY_LOCAL_MACHINE (the machine) and HKEY_CURRENT_USER (each user). */
export const POLICY_REGISTRY_KEY = 'Software\\Policies\\ScribeDesk';

export function registryOrigin(hive: 'HKLM' | 'HKCU'): PolicyOrigin {
  const path = `${hive === 'HKLM' ? 'HKEY_LOCAL_MACHINE' : 'HKEY_CURRENT_USER'}\\${POLICY_REGISTRY_KEY}`;
  return { path, label: `The policy in the registry key ${path}` };
}

const EXPECTED: Record<PolicyKind['type'], string> = {
  boolean: 'a REG_DWORD of 1 (on) or 0 (off)',
  number: 'a REG_DWORD',
  string: 'a REG_SZ',
  enum: 'a REG_SZ',
  list: 'a REG_MULTI_SZ',
  records: 'a REG_MULTI_SZ of one JSON object per line',
};

/** Each line of a REG_MULTI_SZ as a JSON object (checked by the schema), or null when one is not. */
function jsonLines(lines: string[]): unknown[] | null {
  const records: unknown[] = [];
  for (const line of lines) {
    try {
      const record: unknown = JSON.parse(line);
      if (typeof record !== 'object' || record === null || Array.isArray(record)) return null;
      records.push(record);
    } catch {
      return null;
    }
  }
  return records;
}

/** The value the policy takes from `decoded`, or null when it is of the wrong type. */
function converted(kind: PolicyKind, decoded: DecodedRegistryValue): { value: unknown } | null {
  switch (kind.type) {
    case 'boolean':
      return decoded.kind === 'number' && (decoded.value === 0 || decoded.value === 1) ? { value: decoded.value === 1 } : null;
    case 'number':
      return decoded.kind === 'number' ? { value: decoded.value } : null;
    case 'string':
    case 'enum':
      return decoded.kind === 'text' ? { value: decoded.value } : null;
    case 'list':
      return decoded.kind === 'list' ? { value: decoded.value } : null;
    case 'records': {
      const records = decoded.kind === 'list' ? jsonLines(decoded.value) : null;
      return records ? { value: records } : null;
    }
  }
}

function describe(kind: PolicyKind, decoded: DecodedRegistryValue): string {
  switch (decoded.kind) {
    case 'text':
      return 'a REG_SZ';
    case 'number':
      return kind.type === 'boolean' ? 'a REG_DWORD other than 1 or 0' : 'a REG_DWORD';
    case 'list':
      return kind.type === 'records' ? 'a REG_MULTI_SZ with a line that is not a JSON object' : 'a REG_MULTI_SZ';
    case 'other':
      return `a ${decoded.typeName}`;
  }
}

/** A value that holds nothing: no bytes, or an empty string. */
function isEmptyValue(value: RegistryValue): boolean {
  const decoded = decodeRegistryValue(value);
  return value.data.byteLength === 0 || (decoded.kind === 'text' && decoded.value === '');
}

/** A key's values but its (Default) value when empty, which `reg add` and regedit make with the key: it sets nothing. */
export function settingValues(values: readonly RegistryValue[]): RegistryValue[] {
  return values.filter((value) => value.name !== '' || !isEmptyValue(value));
}

/** The policy in one registry key's values (as readRegistryKey gives them). */
export function registryPolicy(origin: PolicyOrigin, values: readonly RegistryValue[]): LoadedPolicy {
  const raw: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const value of settingValues(values)) {
    const key = POLICY_KEYS.find((candidate) => candidate.name.toLowerCase() === value.name.toLowerCase());
    if (!key) {
      // Not a policy: the schema reports it as an unknown setting, by its name.
      raw[value.name === '' ? '(Default)' : value.name] = null;
      continue;
    }
    const decoded = decodeRegistryValue(value);
    const result = converted(key.kind, decoded);
    if (result) raw[key.name] = result.value;
    else problems.push(`"${key.name}": ${describe(key.kind, decoded)}, where the policy needs ${EXPECTED[key.kind.type]}`);
  }
  return validatedPolicy(origin, raw, problems);
}
