/**
 * Issue 45.1: the Windows installers make C:\ProgramData\ScribeDesk so that only administrators
 * can change it. Windows, NSIS and WiX cannot run here: the MSI hook is run on electron-builder's
 * own project template, the result read as XML, and what both installers grant is read back as
 * the security the app then finds, and decided on by the app's own check.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DOMParser, type Element } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { windowsAdminOnlyProblem, type AccessEntry } from '../../../main/settings/windows-admin-only';
// @ts-expect-error: plain JavaScript, run by electron-builder as it is.
import * as msiHook from '../../../scripts/msi-policy-folder.mjs';

const { POLICY_FOLDER_SDDL, withPolicyFolder } = msiHook as { POLICY_FOLDER_SDDL: string; withPolicyFolder(wxs: string): string };
const ROOT = join(import.meta.dirname, '..', '..', '..');
const SIDS: Record<string, string> = { SY: 'S-1-5-18', BA: 'S-1-5-32-544', BU: 'S-1-5-32-545' };
const RIGHTS: Record<string, number> = { FA: 0x1f01ff, F: 0x1f01ff, RX: 0x1200a9 };

/** electron-builder's MSI template with its placeholders filled and its template logic taken out (every branch kept: still the same anchors). */
function renderedTemplate(): string {
  const template = readFileSync(join(ROOT, 'node_modules/app-builder-lib/templates/msi/template.xml'), 'utf8');
  return template
    .replace(/\{\{-?[^}]*\}\}/g, '')
    .replace(/\$\{[a-zA-Z]+\}/g, 'x')
    .replace(/<Property Id="(\w+)"[^>]*\/>/g, (element, id: string, offset: number, whole: string) => (whole.indexOf(`<Property Id="${id}"`) === offset ? element : ''));
}

/** An SDDL as this project writes it: O:owner G:group D:P…(A;flags;rights;;;sid)… */
function fromSddl(sddl: string) {
  const owner = /O:(\w\w)/.exec(sddl)![1]!;
  const entries = [...sddl.matchAll(/\(A;(\w*);(\w+);;;(\w+)\)/g)].map(([, flags, rights, sid]) => ({
    kind: 'allow' as const,
    inheritOnly: flags!.includes('IO'),
    mask: rights!.startsWith('0x') ? Number(rights) : RIGHTS[rights!]!,
    sid: SIDS[sid!]!,
  }));
  return { ownerSid: SIDS[owner]!, access: entries, protectedList: /D:PAI?\(/.test(sddl) };
}

describe('the MSI (scripts/msi-policy-folder.mjs, electron-builder.yml)', () => {
  it('is hooked into every MSI electron-builder makes', () => {
    expect(readFileSync(join(ROOT, 'electron-builder.yml'), 'utf8')).toMatch(/^msiProjectCreated: \.\/scripts\/msi-policy-folder\.mjs$/m);
  });

  it('creates ScribeDesk under CommonAppDataFolder with its permissions, in the product’s feature, kept on uninstall', () => {
    const problems: string[] = [];
    const document = new DOMParser({ onError: (level, message) => problems.push(`${level}: ${message}`) }).parseFromString(withPolicyFolder(renderedTemplate()), 'text/xml');
    expect(problems).toEqual([]);
    const byId = (tag: string, id: string) => Array.from(document.getElementsByTagName(tag)).find((element) => element.getAttribute('Id') === id);
    const folder = byId('Directory', 'SCRIBEDESKPOLICYFOLDER')!;
    expect(folder.getAttribute('Name')).toBe('ScribeDesk');
    expect((folder.parentNode as Element).getAttribute('Id')).toBe('CommonAppDataFolder');
    expect(((folder.parentNode as Element).parentNode as Element).getAttribute('Id')).toBe('TARGETDIR');
    const component = byId('Component', 'PolicyFolder')!;
    expect(component.getAttribute('Permanent')).toBe('yes');
    expect((component.parentNode as Element).getAttribute('Id')).toBe('SCRIBEDESKPOLICYFOLDER');
    const permission = component.getElementsByTagName('CreateFolder')[0]!.getElementsByTagName('PermissionEx')[0]!;
    expect(permission.getAttribute('Sddl')).toBe(POLICY_FOLDER_SDDL);
    const feature = byId('Feature', 'ProductFeature')!;
    expect(Array.from(feature.getElementsByTagName('ComponentRef')).map((ref) => ref.getAttribute('Id'))).toContain('PolicyFolder');
    expect(() => withPolicyFolder('<Wix></Wix>')).toThrow(/electron-builder's template changed/);
  });

  it('grants what the app then takes: Administrators own it, no list inherited, only administrators may change it', () => {
    const { ownerSid, access, protectedList } = fromSddl(POLICY_FOLDER_SDDL);
    expect(protectedList).toBe(true);
    expect(windowsAdminOnlyProblem('the folder', { ownerSid, access, reparsePoint: false })).toBeNull();
    // Without the protection, ProgramData's "Users may add files" would be inherited: the app would refuse it.
    const inherited: AccessEntry = { kind: 'allow', inheritOnly: false, mask: 0x116, sid: SIDS.BU! };
    expect(windowsAdminOnlyProblem('the folder', { ownerSid, access: [...access, inherited], reparsePoint: false })).toMatch(/lets Users/);
  });
});

describe('the NSIS installer (build/installer.nsh)', () => {
  const script = readFileSync(join(ROOT, 'build', 'installer.nsh'), 'utf8');

  it('is included by electron-builder.yml and makes the folder in customInstall', () => {
    expect(readFileSync(join(ROOT, 'electron-builder.yml'), 'utf8')).toMatch(/^ {2}include: build\/installer\.nsh$/m);
    expect(script).toMatch(/!macro customInstall[\s\S]*SetShellVarContext all[\s\S]*StrCpy \$R9 "\$APPDATA\\ScribeDesk"[\s\S]*CreateDirectory "\$R9"[\s\S]*!macroend/);
    expect(script).not.toMatch(/customUnInstall/);
  });

  it('gives the folder the MSI’s owner and list: Administrators own it, inheritance removed, the same grants', () => {
    expect(script).toMatch(/icacls\.exe" "\$R9" \/setowner \*S-1-5-32-544 \/T/);
    const grant = /icacls\.exe" "\$R9" \/inheritance:r \/grant:r ([^/]+) \/C/.exec(script)![1]!.trim().split(/\s+/);
    const granted = grant.map((entry) => {
      const [, sid, rights] = /^\*(S-[\d-]+):\(OI\)\(CI\)(\w+)$/.exec(entry)!;
      return { kind: 'allow' as const, inheritOnly: false, mask: RIGHTS[rights!]!, sid: sid! };
    });
    expect(granted).toEqual(fromSddl(POLICY_FOLDER_SDDL).access);
    // The folder's own entries are reset before the grants, and what is inside takes the folder's list after them.
    expect(script.indexOf('"$R9" /reset')).toBeLessThan(script.indexOf('/inheritance:r'));
    expect(script.indexOf('"$R9\\*" /reset /T')).toBeGreaterThan(script.indexOf('/inheritance:r'));
  });
});
