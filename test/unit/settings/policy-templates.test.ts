/**
 * The administrative templates made from the policy schema (npm run policy-templates): each
 * well-formed XML, every policy key in each with the element its kind needs, and what an
 * administrator sets with them read back by the app's own readers as a valid policy.
 */
import { DOMParser, type Element } from '@xmldom/xmldom';
import { XMLValidator } from 'fast-xml-parser';
import { build, parse, type PlistValue } from 'plist';
import { beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_KINDS } from '../../../contract/settings';
import { plistPolicy, managedPreferencesOrigin, loadPlistParsers } from '../../../main/settings/plist-policy';
import { policySchema } from '../../../main/settings/policy';
import { POLICY_KEYS, type PolicyKey } from '../../../main/settings/policy-kinds';
import { registryOrigin, registryPolicy } from '../../../main/settings/registry-policy';
import type { RegistryValue } from '../../../main/settings/registry-values';
import { renderAdml, renderAdmx } from '../../../scripts/policy-templates/admx';
import { renderMobileconfig } from '../../../scripts/policy-templates/mobileconfig';
import { POLICY_CATALOG, SECRET_NOTE } from '../../../scripts/policy-templates/policy-catalog';
import { dword, multiSz, sz } from '../../fixtures/policy/clinic-policy-registry';

// The app loads them before reading a policy where managed preferences exist (macOS).
beforeAll(loadPlistParsers);

/**
 * Parsed strictly, as a Group Policy editor or macOS would refuse a file: fast-xml-parser's
 * validator (a bare "&", a repeated attribute), then xmldom, where any warning fails too.
 */
function xml(text: string) {
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new Error(`not well-formed XML: ${valid.err.msg} (line ${valid.err.line})`);
  return new DOMParser({
    onError: (level, message) => {
      throw new Error(`${level}: ${message}`);
    },
  }).parseFromString(text, 'text/xml');
}

const children = (parent: Element, tag: string): Element[] => Array.from(parent.getElementsByTagName(tag));
const admx = xml(renderAdmx(POLICY_KEYS));
const adml = xml(renderAdml(POLICY_KEYS, '1.4.2'));
const mobileconfigText = renderMobileconfig(POLICY_KEYS);
const profile = parse(mobileconfigText) as { PayloadContent: Array<Record<string, PlistValue>>; PayloadDescription: string };
const payload = profile.PayloadContent[0]!;
const policies = new Map(children(admx.documentElement!, 'policy').map((policy) => [policy.getAttribute('name')!, policy]));
const admlStrings = new Map(children(adml.documentElement!, 'string').map((string) => [string.getAttribute('id')!, string.textContent ?? '']));
const presentations = new Map(children(adml.documentElement!, 'presentation').map((presentation) => [presentation.getAttribute('id')!, presentation]));

const SCHEMA_KEYS = Object.keys(policySchema.shape);

describe('policy kinds', () => {
  it('come from the schema, for every key', () => {
    expect(POLICY_KEYS.map((key) => key.name)).toEqual(SCHEMA_KEYS);
    const kind = (name: string) => POLICY_KEYS.find((key) => key.name === name);
    expect(kind('autoSync')).toEqual({ name: 'autoSync', kind: { type: 'boolean' }, secret: false });
    expect(kind('otpResendSeconds')?.kind).toEqual({ type: 'number', min: 5, max: 600 });
    expect(kind('service')?.kind).toEqual({ type: 'enum', values: SERVICE_KINDS });
    expect(kind('languageHints')?.kind).toEqual({ type: 'list' });
    expect(kind('accessToken')).toEqual({ name: 'accessToken', kind: { type: 'string', maxLength: 16_384 }, secret: true });
    expect(POLICY_KEYS.filter((key) => key.secret).map((key) => key.name)).toEqual(['clientSecret', 'accessToken', 'jweClientKey']);
  });

  it('each key has its words for administrators', () => {
    expect(Object.keys(POLICY_CATALOG).sort()).toEqual([...SCHEMA_KEYS].sort());
  });
});

/** The one element holding the value, for a policy that has one. */
function valueElement(policy: Element): Element | null {
  const elements = children(policy, 'elements')[0];
  const found = elements ? Array.from(elements.childNodes).filter((node): node is Element => node.nodeType === 1) : [];
  expect(found.length).toBeLessThanOrEqual(1);
  return found[0] ?? null;
}

function expectAdmxKind(key: PolicyKey, policy: Element): void {
  const value = valueElement(policy);
  switch (key.kind.type) {
    case 'boolean':
      expect(value).toBeNull();
      expect(policy.getAttribute('valueName')).toBe(key.name);
      expect(children(children(policy, 'enabledValue')[0]!, 'decimal')[0]!.getAttribute('value')).toBe('1');
      expect(children(children(policy, 'disabledValue')[0]!, 'decimal')[0]!.getAttribute('value')).toBe('0');
      return;
    case 'number':
      expect(value!.tagName).toBe('decimal');
      expect([value!.getAttribute('minValue'), value!.getAttribute('maxValue')]).toEqual([String(key.kind.min), String(key.kind.max)]);
      break;
    case 'string':
      expect(value!.tagName).toBe('text');
      expect(value!.getAttribute('maxLength')).toBe(String(key.kind.maxLength));
      break;
    case 'enum':
      expect(value!.tagName).toBe('enum');
      expect(children(value!, 'string').map((item) => item.textContent)).toEqual(key.kind.values);
      break;
    case 'list':
    case 'records':
      expect(value!.tagName).toBe('multiText');
      break;
  }
  expect([value!.getAttribute('id'), value!.getAttribute('valueName')]).toEqual([key.name, key.name]);
  const shown = presentations.get(key.name)!;
  const control = Array.from(shown.childNodes).find((node): node is Element => node.nodeType === 1)!;
  expect(control.getAttribute('refId')).toBe(key.name);
  const controls = { number: 'decimalTextBox', string: 'textBox', enum: 'dropdownList', list: 'multiTextBox', records: 'multiTextBox' } as const;
  expect(control.tagName).toBe(controls[key.kind.type]);
}

describe('the ADMX/ADML pair', () => {
  it('is well-formed XML', () => {
    expect(admx.documentElement!.tagName).toBe('policyDefinitions');
    expect(adml.documentElement!.tagName).toBe('policyDefinitionResources');
  });

  it('has every policy key, with the element its kind needs, under Software\\Policies\\ScribeDesk', () => {
    expect([...policies.keys()]).toEqual(SCHEMA_KEYS);
    for (const key of POLICY_KEYS) {
      const policy = policies.get(key.name)!;
      expect(policy.getAttribute('key')).toBe('Software\\Policies\\ScribeDesk');
      expect(policy.getAttribute('class')).toBe('Both');
      expectAdmxKind(key, policy);
    }
  });

  it('finds in the ADML every string and presentation the ADMX names', () => {
    const references = [...renderAdmx(POLICY_KEYS).matchAll(/\$\((string|presentation)\.([^)]+)\)/g)];
    expect(references.length).toBeGreaterThan(POLICY_KEYS.length * 2);
    for (const [, table, id] of references) expect(table === 'string' ? admlStrings.has(id!) : presentations.has(id!), `${table}.${id}`).toBe(true);
  });

  it('says beside each secret who can read it', () => {
    for (const key of POLICY_KEYS) {
      expect(admlStrings.get(`${key.name}_Explain`)!.includes(SECRET_NOTE.windows)).toBe(key.secret);
    }
  });

  it('what Group Policy writes from it, the app reads back as a valid policy with the example values', () => {
    const written: RegistryValue[] = POLICY_KEYS.map((key) => {
      const example = POLICY_CATALOG[key.name].example;
      const policy = policies.get(key.name)!;
      const value = valueElement(policy);
      if (!value) return dword(key.name, example ? 1 : 0);
      if (value.tagName === 'decimal') return dword(key.name, example as number);
      // A list of records goes one JSON object per line, as the template's explanation says.
      if (value.tagName === 'multiText') return multiSz(key.name, key.kind.type === 'records' ? (example as object[]).map((record) => JSON.stringify(record)) : (example as string[]));
      return sz(key.name, example as string);
    });
    const loaded = registryPolicy(registryOrigin('HKLM'), written);
    expect(loaded.error).toBeNull();
    expect(loaded.values).toEqual(Object.fromEntries(POLICY_KEYS.map((key) => [key.name, POLICY_CATALOG[key.name].example])));
  });
});

describe('the example configuration profile', () => {
  it('is a well-formed property list for care.scribedesk.app', () => {
    expect(() => xml(mobileconfigText)).not.toThrow();
    expect(payload.PayloadType).toBe('care.scribedesk.app');
    expect(profile).toMatchObject({ PayloadType: 'Configuration', PayloadScope: 'System', TargetDeviceType: 5 });
  });

  it('has every policy key, with the plist type its kind needs', () => {
    const settings = Object.keys(payload).filter((name) => !name.startsWith('Payload'));
    expect(settings).toEqual(SCHEMA_KEYS);
    for (const key of POLICY_KEYS) {
      const value = payload[key.name];
      switch (key.kind.type) {
        case 'boolean':
          expect(typeof value, key.name).toBe('boolean');
          expect(mobileconfigText).toMatch(new RegExp(`<key>${key.name}</key>\\s*<(true|false)/>`));
          break;
        case 'number':
          expect(mobileconfigText).toMatch(new RegExp(`<key>${key.name}</key>\\s*<integer>\\d+</integer>`));
          break;
        case 'enum':
          expect(key.kind.values).toContain(value);
          break;
        case 'string':
          expect(typeof value, key.name).toBe('string');
          break;
        case 'list':
          expect(mobileconfigText).toMatch(new RegExp(`<key>${key.name}</key>\\s*<array>`));
          expect((value as PlistValue[]).every((item) => typeof item === 'string')).toBe(true);
          break;
        case 'records':
          expect(mobileconfigText).toMatch(new RegExp(`<key>${key.name}</key>\\s*<array>\\s*<dict>`));
          break;
      }
    }
  });

  it('once installed as managed preferences, is a valid policy for the app', () => {
    const installed = plistPolicy(managedPreferencesOrigin(null), Buffer.from(build(payload)));
    expect(installed.error).toBeNull();
    expect(Object.keys(installed.values)).toEqual(SCHEMA_KEYS);
  });

  it('says who can read the secrets it holds', () => {
    expect(profile.PayloadDescription).toContain(SECRET_NOTE.macos);
    for (const key of POLICY_KEYS.filter((candidate) => candidate.secret)) expect(profile.PayloadDescription).toContain(key.name);
  });
});
