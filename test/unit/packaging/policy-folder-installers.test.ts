/**
 * Issue 45.1, 56.5: the Windows installers make C:\ProgramData\ScribeDesk so that only
 * administrators can change it, after clearing its place of what someone else put there. WiX
 * cannot run here: the MSI hook is run on electron-builder's own project template, the result
 * read as XML, and what both installers grant is read back as the security the app then finds,
 * and decided on by the app's own check. The NSIS script runs under Wine in the Windows lane
 * (test/wine/installer/policy-folder.test.ts); here its text is held to what that cannot show.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DOMParser, type Element } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { windowsAdminOnlyProblem, type AccessEntry } from '../../../main/settings/windows-admin-only';
// @ts-expect-error: plain JavaScript, run by electron-builder as it is.
import * as msiHook from '../../../scripts/msi-policy-folder.mjs';

const { CLEAR_POLICY_FOLDER_SCRIPT, POLICY_FOLDER_SDDL, withPolicyFolder } = msiHook as { CLEAR_POLICY_FOLDER_SCRIPT: string; POLICY_FOLDER_SDDL: string; withPolicyFolder(wxs: string): string };
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

  it('clears the folder’s place right before Windows Installer creates it, as SYSTEM, failing the install when it cannot (issue 56.5)', () => {
    const document = new DOMParser().parseFromString(withPolicyFolder(renderedTemplate()), 'text/xml');
    const byId = (tag: string, id: string) => Array.from(document.getElementsByTagName(tag)).find((element) => element.getAttribute('Id') === id);
    const action = byId('CustomAction', 'ScribeDeskPolicyFolderClear')!;
    expect([action.getAttribute('Execute'), action.getAttribute('Impersonate'), action.getAttribute('Return')]).toEqual(['deferred', 'no', 'check']);
    const command = action.getAttribute('ExeCommand')!;
    expect(command).toBe('"[SystemFolder]WindowsPowerShell\\v1.0\\powershell.exe" -NoProfile -NonInteractive -ExecutionPolicy Bypass -EncodedCommand [ScribeDeskPolicyFolderScript]');
    const script = Buffer.from(byId('Property', 'ScribeDeskPolicyFolderScript')!.getAttribute('Value')!, 'base64').toString('utf16le');
    expect(script).toBe(CLEAR_POLICY_FOLDER_SCRIPT);
    const scheduled = Array.from(document.getElementsByTagName('Custom')).find((custom) => custom.getAttribute('Action') === 'ScribeDeskPolicyFolderClear')!;
    expect([scheduled.getAttribute('Before'), scheduled.textContent]).toEqual(['CreateFolders', 'NOT REMOVE~="ALL"']);
  });

  it('removes a link there, the link itself, before asking who owns anything; sets aside what Administrators or SYSTEM do not own; never deletes recursively', () => {
    const lines = CLEAR_POLICY_FOLDER_SCRIPT.split('\n');
    const reparse = lines.findIndex((line) => line.includes('ReparsePoint'));
    expect(reparse).toBeGreaterThan(-1);
    expect(reparse).toBeLessThan(lines.findIndex((line) => line.includes('Get-Acl')));
    expect(lines[reparse + 1]).toBe('  if ($item.PSIsContainer) { [IO.Directory]::Delete($folder) } else { [IO.File]::Delete($folder) }');
    expect(CLEAR_POLICY_FOLDER_SCRIPT).toMatch(/\$owner -eq 'S-1-5-32-544' -or \$owner -eq 'S-1-5-18'\)\) \{ exit 0 \}\nRename-Item -LiteralPath \$folder -NewName \('ScribeDesk\.set-aside-'/);
    expect(CLEAR_POLICY_FOLDER_SCRIPT).not.toMatch(/Recurse|Remove-Item|Delete\(\$folder, \$true\)|icacls|\$env:/i);
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

describe('the NSIS installer (build/installer.nsh; run under Wine in test/wine/installer)', () => {
  const script = readFileSync(join(ROOT, 'build', 'installer.nsh'), 'utf8');
  const macro = (name: string) => new RegExp(`!macro ${name}\\n([\\s\\S]*?)!macroend`).exec(script)?.[1] ?? '';

  it('is included by electron-builder.yml and makes the folder in customInstall, in ProgramData for all users', () => {
    expect(readFileSync(join(ROOT, 'electron-builder.yml'), 'utf8')).toMatch(/^ {2}include: build\/installer\.nsh$/m);
    expect(macro('customInstall')).toMatch(/SetShellVarContext all[\s\S]*StrCpy \$R9 "\$APPDATA\\ScribeDesk"[\s\S]*CreateDirectoryW\(w R9, p r5\)/);
  });

  it('gives the folder the MSI’s owner and list, in the same step as it makes it', () => {
    expect(/!define SCRIBE_POLICY_FOLDER_SDDL "([^"]+)"/.exec(script)?.[1]).toBe(POLICY_FOLDER_SDDL);
    expect(macro('customInstall')).toMatch(/ConvertStringSecurityDescriptorToSecurityDescriptorW\(w "\$\{SCRIBE_POLICY_FOLDER_SDDL\}"/);
  });

  it('removes a link itself, sets aside what others made, and never deletes recursively or runs icacls (both follow links)', () => {
    expect(macro('customInstall')).toMatch(/RemoveDirectoryW\(w R9\)/);
    expect(macro('customInstall')).toMatch(/Rename "\$R9" "\$R9\.set-aside-\$0"/);
    expect(script).not.toMatch(/RMDir \/r|icacls|nsExec/i);
  });

  it('trusts no owner but Administrators and SYSTEM in a release', () => {
    expect(/!ifndef SCRIBE_TRUSTED_OWNER\n\s*!define SCRIBE_TRUSTED_OWNER "([^"]+)"/.exec(script)?.[1]).toBe('S-1-5-32-544');
    expect(readFileSync(join(ROOT, 'electron-builder.yml'), 'utf8')).not.toMatch(/SCRIBE_TRUSTED_OWNER/);
  });

  it('removes the policy folder on uninstall only when it is empty', () => {
    expect(macro('customUnInstall').trim().split('\n').pop()?.trim()).toBe('RMDir "$APPDATA\\ScribeDesk"');
  });
});
