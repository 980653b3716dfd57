/**
 * The Group Policy administrative template (ADMX, with its en-US ADML) for every policy key,
 * from the policy schema: on/off keys are enabled (REG_DWORD 1) / disabled (0), numbers a
 * decimal box (REG_DWORD), text a text box (REG_SZ), choices a drop-down list (REG_SZ), lists
 * a multi-line box (REG_MULTI_SZ), all under Software\Policies\ScribeDesk of the computer or
 * the user. What main/settings/registry-policy.ts reads back.
 */
import { POLICY_REGISTRY_KEY } from '../../main/settings/registry-policy';
import type { PolicyKey } from '../../main/settings/policy-kinds';
import { CATEGORIES, POLICY_CATALOG, SECRET_NOTE, type CategoryId } from './policy-catalog';

const NAMESPACE = 'ScribeDesk.Policies.ScribeDesk';
const ROOT_CATEGORY = 'ScribeDesk';
const SUPPORTED = 'SUPPORTED_ScribeDesk';

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A string id made only of letters, digits and underscores. */
const stringId = (...parts: string[]) => parts.join('_').replace(/[^A-Za-z0-9_]/g, '_');
const categoryId = (category: CategoryId) => stringId('Category', category);

const REGISTRY_TYPE: Record<PolicyKey['kind']['type'], string> = {
  boolean: 'REG_DWORD, 1 for enabled and 0 for disabled',
  number: 'REG_DWORD',
  string: 'REG_SZ',
  enum: 'REG_SZ',
  list: 'REG_MULTI_SZ',
  records: 'REG_MULTI_SZ, one JSON object per line',
};

/** The element that holds the value (none for on/off: the policy's own enabled/disabled values do). */
function element(key: PolicyKey): string {
  const { name, kind } = key;
  switch (kind.type) {
    case 'boolean':
      return '';
    case 'number':
      return `<decimal id="${name}" valueName="${name}" minValue="${kind.min}" maxValue="${kind.max}" />`;
    case 'string':
      return `<text id="${name}" valueName="${name}" maxLength="${kind.maxLength}" />`;
    case 'enum':
      return `<enum id="${name}" valueName="${name}">${kind.values
        .map((value) => `<item displayName="$(string.${stringId(name, value)})"><value><string>${escapeXml(value)}</string></value></item>`)
        .join('')}</enum>`;
    case 'list':
    case 'records':
      return `<multiText id="${name}" valueName="${name}" />`;
  }
}

function policy(key: PolicyKey): string {
  const { name } = key;
  const body = element(key);
  const common = `name="${name}" class="Both" displayName="$(string.${name})" explainText="$(string.${name}_Explain)" key="${POLICY_REGISTRY_KEY}"`;
  const parent = `<parentCategory ref="${categoryId(POLICY_CATALOG[name].category)}" /><supportedOn ref="${SUPPORTED}" />`;
  if (body === '') {
    return `<policy ${common} valueName="${name}">${parent}<enabledValue><decimal value="1" /></enabledValue><disabledValue><decimal value="0" /></disabledValue></policy>`;
  }
  return `<policy ${common} presentation="$(presentation.${name})">${parent}<elements>${body}</elements></policy>`;
}

function presentation(key: PolicyKey): string | null {
  const { name, kind } = key;
  const label = escapeXml(POLICY_CATALOG[name].title);
  const example = POLICY_CATALOG[name].example;
  switch (kind.type) {
    case 'boolean':
      return null;
    case 'number':
      return `<presentation id="${name}"><decimalTextBox refId="${name}"${typeof example === 'number' ? ` defaultValue="${example}"` : ''}>${label}</decimalTextBox></presentation>`;
    case 'string':
      return `<presentation id="${name}"><textBox refId="${name}"><label>${label}</label></textBox></presentation>`;
    case 'enum':
      return `<presentation id="${name}"><dropdownList refId="${name}">${label}</dropdownList></presentation>`;
    case 'list':
    case 'records':
      return `<presentation id="${name}"><multiTextBox refId="${name}">${label}</multiTextBox></presentation>`;
  }
}

function strings(key: PolicyKey): string[] {
  const { name, kind, secret } = key;
  const { title, explain } = POLICY_CATALOG[name];
  const explained = [explain, `Registry value: ${name} (${REGISTRY_TYPE[kind.type]}) under HKEY_LOCAL_MACHINE or HKEY_CURRENT_USER\\${POLICY_REGISTRY_KEY}; the computer's value wins over the user's.`];
  if (secret) explained.push(SECRET_NOTE.windows);
  return [
    `<string id="${name}">${escapeXml(title)}</string>`,
    `<string id="${name}_Explain">${escapeXml(explained.join('\n\n'))}</string>`,
    ...(kind.type === 'enum' ? kind.values.map((value) => `<string id="${stringId(name, value)}">${escapeXml(value)}</string>`) : []),
  ];
}

export function renderAdmx(keys: readonly PolicyKey[]): string {
  const categories = Object.keys(CATEGORIES).map(
    (category) => `<category name="${categoryId(category as CategoryId)}" displayName="$(string.${categoryId(category as CategoryId)})"><parentCategory ref="${ROOT_CATEGORY}" /></category>`,
  );
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<policyDefinitions xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" revision="1.0" schemaVersion="1.0" xmlns="http://schemas.microsoft.com/GroupPolicy/2006/07/PolicyDefinitions">',
    `  <policyNamespaces><target prefix="scribedesk" namespace="${NAMESPACE}" /></policyNamespaces>`,
    '  <resources minRequiredRevision="1.0" />',
    `  <supportedOn><definitions><definition name="${SUPPORTED}" displayName="$(string.${SUPPORTED})" /></definitions></supportedOn>`,
    '  <categories>',
    `    <category name="${ROOT_CATEGORY}" displayName="$(string.${ROOT_CATEGORY})" />`,
    ...categories.map((category) => `    ${category}`),
    '  </categories>',
    '  <policies>',
    ...keys.map((key) => `    ${policy(key)}`),
    '  </policies>',
    '</policyDefinitions>',
    '',
  ].join('\n');
}

export function renderAdml(keys: readonly PolicyKey[], version: string): string {
  const stringTable = [
    `<string id="${ROOT_CATEGORY}">Scribe Desk</string>`,
    `<string id="${SUPPORTED}">${escapeXml(`Scribe Desk ${version} or later`)}</string>`,
    ...Object.entries(CATEGORIES).map(([category, title]) => `<string id="${categoryId(category as CategoryId)}">${escapeXml(title)}</string>`),
    ...keys.flatMap(strings),
  ];
  const presentations = keys.map(presentation).filter((item) => item !== null);
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<policyDefinitionResources xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" revision="1.0" schemaVersion="1.0" xmlns="http://schemas.microsoft.com/GroupPolicy/2006/07/PolicyDefinitions">',
    '  <displayName>Scribe Desk</displayName>',
    '  <description>Settings an administrator fixes for Scribe Desk. What a policy sets is applied and shown locked in the app.</description>',
    '  <resources>',
    '    <stringTable>',
    ...stringTable.map((line) => `      ${line}`),
    '    </stringTable>',
    '    <presentationTable>',
    ...presentations.map((line) => `      ${line}`),
    '    </presentationTable>',
    '  </resources>',
    '</policyDefinitionResources>',
    '',
  ].join('\n');
}
