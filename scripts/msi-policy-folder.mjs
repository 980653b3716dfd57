// electron-builder's `msiProjectCreated` hook (electron-builder.yml): the MSI creates the
// administrator's policy folder, C:\ProgramData\ScribeDesk, owned by Administrators and changeable
// by administrators only (SYSTEM and Administrators full control, Users read; nothing inherited
// from ProgramData, where any user may add files). Standard users may create folders and links
// under ProgramData, so a folder no installer made may be a user's, with a policy they planted,
// and permissions set on a link land on what it points to. So right before Windows Installer
// creates the folder, a custom action (deferred, as SYSTEM; PowerShell, as Windows Installer has
// no such check of its own) clears its place: a link there is removed, the link itself; a folder
// or file Administrators or SYSTEM do not own is set aside as ScribeDesk.set-aside-<ticks>, never
// deleted (a recursive delete would follow links planted inside). If that fails the install
// fails and rolls back. The app refuses a folder or file others may change
// (main/settings/windows-admin-only.ts). The folder is kept on uninstall: the policy in it is
// the administrator's. The NSIS installer does the same (build/installer.nsh), tested under Wine;
// this action is not run here (no Windows Installer, no PowerShell).
import { readFile, writeFile } from 'node:fs/promises';

/** Owner Administrators; protected (no inheritance); SYSTEM and Administrators full control, Users read and execute, for the folder and all in it. */
export const POLICY_FOLDER_SDDL = 'O:BAG:SYD:PAI(A;OICI;FA;;;SY)(A;OICI;FA;;;BA)(A;OICI;0x1200a9;;;BU)';
/** Never change: Windows Installer knows the component by it. */
const COMPONENT_GUID = '{D84A8BF0-725A-426B-AE5F-C804A0A09FED}';

/** Clears the policy folder's place (Windows PowerShell 5.1, on every supported Windows); exits non-zero when it cannot. */
export const CLEAR_POLICY_FOLDER_SCRIPT = [
  "$ErrorActionPreference = 'Stop'",
  "$folder = Join-Path ([Environment]::GetFolderPath('CommonApplicationData')) 'ScribeDesk'",
  '$item = Get-Item -LiteralPath $folder -Force -ErrorAction SilentlyContinue',
  'if ($null -eq $item) { exit 0 }',
  'if ($item.Attributes -band [IO.FileAttributes]::ReparsePoint) {',
  '  if ($item.PSIsContainer) { [IO.Directory]::Delete($folder) } else { [IO.File]::Delete($folder) }',
  '  exit 0',
  '}',
  '$owner = (Get-Acl -LiteralPath $folder).GetOwner([Security.Principal.SecurityIdentifier]).Value',
  "if ($item.PSIsContainer -and ($owner -eq 'S-1-5-32-544' -or $owner -eq 'S-1-5-18')) { exit 0 }",
  "Rename-Item -LiteralPath $folder -NewName ('ScribeDesk.set-aside-' + [DateTime]::UtcNow.Ticks)",
].join('\n');

/** PowerShell's -EncodedCommand: the script as base64 of UTF-16LE (no quoting, and nothing Windows Installer's formatted text would read as a property). */
const encodedCommand = (script) => Buffer.from(script, 'utf16le').toString('base64');

/** The project with the policy folder: its directory, its component (a created folder with its permissions) and the component in the product's feature. */
export function withPolicyFolder(wxs) {
  const anchors = {
    directories: '<Directory Id="TARGETDIR" Name="SourceDir">',
    feature: '<Feature Id="ProductFeature" Absent="disallow">',
    product: '  </Product>',
  };
  const clear = 'ScribeDeskPolicyFolderClear';
  for (const [name, anchor] of Object.entries(anchors)) {
    if (!wxs.includes(anchor)) throw new Error(`The MSI project has no ${name} to add the policy folder to (${anchor}); electron-builder's template changed.`);
  }
  return wxs
    .replace(anchors.directories, `${anchors.directories}\n      <Directory Id="CommonAppDataFolder">\n        <Directory Id="SCRIBEDESKPOLICYFOLDER" Name="ScribeDesk"/>\n      </Directory>`)
    .replace(anchors.feature, `${anchors.feature}\n      <ComponentRef Id="PolicyFolder"/>`)
    .replace(
      anchors.product,
      [
        '    <DirectoryRef Id="SCRIBEDESKPOLICYFOLDER">',
        `      <Component Id="PolicyFolder" Guid="${COMPONENT_GUID}" Permanent="yes">`,
        '        <CreateFolder>',
        `          <PermissionEx Sddl="${POLICY_FOLDER_SDDL}"/>`,
        '        </CreateFolder>',
        '      </Component>',
        '    </DirectoryRef>',
        // A private property: the command line is formatted when the action is scheduled.
        `    <Property Id="ScribeDeskPolicyFolderScript" Value="${encodedCommand(CLEAR_POLICY_FOLDER_SCRIPT)}"/>`,
        `    <CustomAction Id="${clear}" Directory="TARGETDIR" Execute="deferred" Impersonate="no" Return="check" ExeCommand="&quot;[SystemFolder]WindowsPowerShell\\v1.0\\powershell.exe&quot; -NoProfile -NonInteractive -ExecutionPolicy Bypass -EncodedCommand [ScribeDeskPolicyFolderScript]"/>`,
        '    <InstallExecuteSequence>',
        `      <Custom Action="${clear}" Before="CreateFolders">NOT REMOVE~="ALL"</Custom>`,
        '    </InstallExecuteSequence>',
        anchors.product,
      ].join('\n'),
    );
}

export async function msiProjectCreated(projectFile) {
  await writeFile(projectFile, withPolicyFolder(await readFile(projectFile, 'utf8')));
}

export default msiProjectCreated;
