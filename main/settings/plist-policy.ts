/**
 * The policy as a macOS configuration profile installs it: managed preferences for the app's
 * bundle id, a property list (binary or XML) under /Library/Managed Preferences. Booleans are
 * <true/>/<false/>, numbers <integer>, text and choices <string>, lists <array> of <string>.
 * Turned into the same values as the JSON file and checked by the same schema; a value of the
 * wrong type is reported by key, its content never quoted. Pure.
 */
import type * as XmlDom from '@xmldom/xmldom';
import type * as Plist from 'plist';
import type { PlistValue } from 'plist';
import { POLICY_KEYS, type PolicyKind } from './policy-kinds';
import { ignoredPolicy, validatedPolicy, type LoadedPolicy, type PolicyOrigin } from './policy';

/** The app's bundle id (electron-builder.yml `appId`): the managed preferences' domain. */
export const BUNDLE_ID = 'care.scribedesk.app';

export const MANAGED_PREFERENCES_FOLDER = '/Library/Managed Preferences';

/** Machine-wide (a device profile), or for one user (a user profile), by the user's short name. */
export function managedPreferencesOrigin(user: string | null): PolicyOrigin {
  const path = user === null ? `${MANAGED_PREFERENCES_FOLDER}/${BUNDLE_ID}.plist` : `${MANAGED_PREFERENCES_FOLDER}/${user}/${BUNDLE_ID}.plist`;
  return { path, label: `The policy in the managed preferences ${path}` };
}

const EXPECTED: Record<PolicyKind['type'], string> = {
  boolean: 'a boolean (<true/> or <false/>)',
  number: 'an <integer>',
  string: 'a <string>',
  enum: 'a <string>',
  list: 'an <array> of <string>',
  records: 'an <array> of <dict>',
};

function typeName(value: PlistValue): string {
  if (value === null) return 'nothing';
  if (Array.isArray(value)) return 'an <array>';
  if (value instanceof Date) return 'a <date>';
  if (value instanceof Uint8Array) return 'a <data>';
  if (typeof value === 'object') return 'a <dict>';
  if (typeof value === 'boolean') return 'a boolean';
  if (typeof value === 'number') return 'a number';
  return 'a <string>';
}

function fits(kind: PolicyKind, value: PlistValue): boolean {
  switch (kind.type) {
    case 'boolean':
      return typeof value === 'boolean';
    case 'number':
      return typeof value === 'number';
    case 'string':
    case 'enum':
      return typeof value === 'string';
    case 'list':
    case 'records':
      // Each element is checked by the schema.
      return Array.isArray(value);
  }
}

function isDictionary(value: PlistValue): value is { [key: string]: PlistValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date) && !(value instanceof Uint8Array);
}

/**
 * The property-list and XML parsers: loaded before the policy is read where managed
 * preferences exist (macOS), never elsewhere. They are a third of main's code, which no other
 * computer needs at start-up.
 */
let parsers: { plist: typeof Plist; xml: typeof XmlDom } | null = null;

export async function loadPlistParsers(): Promise<void> {
  const [plist, xml] = await Promise.all([import('plist'), import('@xmldom/xmldom')]);
  parsers = { plist, xml };
}

function loadParsers(): { plist: typeof Plist; xml: typeof XmlDom } {
  if (!parsers) throw new Error('The property-list parsers were not loaded before a managed-preferences file was read.');
  return parsers;
}

/**
 * A property list, binary ("bplist00…", as macOS keeps managed preferences) or XML (as a
 * profile is written). XML is first checked by a parser that stays silent: the plist
 * parser's own would print its complaints, which may quote the text, on the console.
 */
function parsePropertyList(bytes: Buffer): PlistValue {
  const { plist, xml: xmlDom } = loadParsers();
  if (bytes.subarray(0, 6).toString('latin1') === 'bplist') return plist.parse(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  const xml = bytes.toString('utf8');
  new xmlDom.DOMParser({
    onError: () => {
      throw new Error('not well-formed');
    },
  }).parseFromString(xml, 'text/xml');
  return plist.parse(xml);
}

/** The policy in a managed-preferences file's bytes. */
export function plistPolicy(origin: PolicyOrigin, bytes: Uint8Array): LoadedPolicy {
  let content: PlistValue;
  try {
    content = parsePropertyList(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch {
    // The parser's message may quote the text around the error, which may be a secret.
    return ignoredPolicy(origin, 'it is not a valid property list');
  }
  if (!isDictionary(content)) return ignoredPolicy(origin, 'it is not a dictionary of settings');
  const raw: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [name, value] of Object.entries(content)) {
    // Profile metadata (PayloadUUID, …) where a profile tool leaves it: never a setting.
    if (name.startsWith('Payload')) continue;
    const key = POLICY_KEYS.find((candidate) => candidate.name === name);
    if (!key) raw[name] = null;
    else if (fits(key.kind, value)) raw[name] = value;
    else problems.push(`"${name}": ${typeName(value)}, where the policy needs ${EXPECTED[key.kind.type]}`);
  }
  return validatedPolicy(origin, raw, problems);
}
