// electron-builder's `msiProjectCreated` hook (electron-builder.yml): the MSI creates the
// administrator's policy folder, C:\ProgramData\ScribeDesk, owned by Administrators and changeable
// by administrators only (SYSTEM and Administrators full control, Users read; nothing inherited
// from ProgramData, where any user may add files). Standard users may create folders under
// ProgramData, so a folder no installer made may be a user's, with a policy they planted; the app
// refuses such a folder or file (main/settings/windows-admin-only.ts). The folder is kept on
// uninstall: the policy in it is the administrator's. The NSIS installer does the same
// (build/installer.nsh).
import { readFile, writeFile } from 'node:fs/promises';

/** Owner Administrators; protected (no inheritance); SYSTEM and Administrators full control, Users read and execute, for the folder and all in it. */
export const POLICY_FOLDER_SDDL = 'O:BAG:SYD:PAI(A;OICI;FA;;;SY)(A;OICI;FA;;;BA)(A;OICI;0x1200a9;;;BU)';
/** Never change: Windows Installer knows the component by it. */
const COMPONENT_GUID = '{D84A8BF0-725A-426B-AE5F-C804A0A09FED}';

/** The project with the policy folder: its directory, its component (a created folder with its permissions) and the component in the product's feature. */
export function withPolicyFolder(wxs) {
  const anchors = {
    directories: '<Directory Id="TARGETDIR" Name="SourceDir">',
    feature: '<Feature Id="ProductFeature" Absent="disallow">',
    product: '  </Product>',
  };
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
        anchors.product,
      ].join('\n'),
    );
}

export async function msiProjectCreated(projectFile) {
  await writeFile(projectFile, withPolicyFolder(await readFile(projectFile, 'utf8')));
}

export default msiProjectCreated;
