#!/usr/bin/env node
// Writes the administrative templates for the policy, from the one policy schema:
//   npm run policy-templates
// dist/policy-templates/windows/ScribeDesk.admx and en-US/ScribeDesk.adml (Group Policy,
// Intune's imported ADMX), dist/policy-templates/macos/ScribeDesk.mobileconfig (an example
// configuration profile). docs/clinic-it.md says how each is deployed.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { POLICY_KEYS } from '../main/settings/policy-kinds';
import { renderAdml, renderAdmx } from './policy-templates/admx';
import { renderMobileconfig } from './policy-templates/mobileconfig';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
const out = join(root, 'dist', 'policy-templates');
const files: Record<string, string> = {
  'windows/ScribeDesk.admx': renderAdmx(POLICY_KEYS),
  'windows/en-US/ScribeDesk.adml': renderAdml(POLICY_KEYS, version),
  'macos/ScribeDesk.mobileconfig': renderMobileconfig(POLICY_KEYS),
};
for (const [name, content] of Object.entries(files)) {
  const file = join(out, name);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
  process.stdout.write(`wrote ${file}\n`);
}
