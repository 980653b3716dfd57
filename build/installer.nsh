; Scribe Desk's additions to the NSIS installer. electron-builder includes this file in the
; installer and in its uninstaller and compiles both with -WX: no warning may arise in either.
;
; The administrator's policy folder, C:\ProgramData\ScribeDesk. Standard users may create
; folders and links under ProgramData: a policy one of them planted would reach every user of
; the computer, and access this elevated installer set on a link would land on whatever it
; points to (another profile, System32\config). So, before the folder is made:
;   - a link in its place (a junction or a symbolic link) is removed: the link itself, never
;     what it points to;
;   - a folder or file there that Administrators or SYSTEM do not own is set aside under
;     another name (ScribeDesk.set-aside-N), never deleted: a recursive delete by this elevated
;     installer would follow links planted inside it.
; The folder is then made in one step with its access (owned by Administrators; SYSTEM and
; Administrators full control, Users read; nothing inherited from ProgramData), so that nothing
; can slip in between. A folder Administrators or SYSTEM already own (an earlier install's) is
; kept with the administrator's policy in it and given that access again. Where the place cannot
; be cleared, nothing is set, the installer says so and ends with exit code 2; the app refuses a
; policy folder or file anyone else may change (main/settings/windows-admin-only.ts). The MSI
; does the same (scripts/msi-policy-folder.mjs). The uninstaller removes the folder only when
; it is empty: a policy in it is the administrator's. Tested under Wine (test/wine/installer).

!include LogicLib.nsh

; The folder's access, as the MSI sets it (POLICY_FOLDER_SDDL in scripts/msi-policy-folder.mjs).
!define SCRIBE_POLICY_FOLDER_SDDL "O:BAG:SYD:PAI(A;OICI;FA;;;SY)(A;OICI;FA;;;BA)(A;OICI;0x1200a9;;;BU)"
; An owner trusted as Administrators are. A release defines none; the Wine test defines Wine's
; user, whom Wine names as the owner of every file.
!ifndef SCRIBE_TRUSTED_OWNER
  !define SCRIBE_TRUSTED_OWNER "S-1-5-32-544"
!endif

; $R5 <- the owner of $R9 as a SID string ("" when Windows cannot say). Uses $0-$3.
!macro scribePolicyFolderOwner
  StrCpy $R5 ""
  System::Call 'advapi32::GetNamedSecurityInfoW(w R9, i 1, i 1, *p .r1, p 0, p 0, p 0, *p .r2) i .r0'
  ${If} $0 = 0
    System::Call 'advapi32::ConvertSidToStringSidW(p r1, *p .r3) i .r0'
    ${If} $0 <> 0
      System::Call '*$3(&w192 .R5)'
      System::Call 'kernel32::LocalFree(p r3)'
    ${EndIf}
    System::Call 'kernel32::LocalFree(p r2)'
  ${EndIf}
!macroend

; $R8 <- the attributes of $R9 (-1: nothing there); $R7 <- 1 when it is a folder Administrators,
; SYSTEM or the trusted owner own and no link, else 0.
!macro scribePolicyFolderState
  StrCpy $R7 0
  System::Call 'kernel32::GetFileAttributesW(w R9) i .R8'
  ${If} $R8 <> -1
    IntOp $1 $R8 & 0x410
    ${If} $1 = 0x10
      !insertmacro scribePolicyFolderOwner
      ${If} $R5 == "S-1-5-32-544"
      ${OrIf} $R5 == "S-1-5-18"
      ${OrIf} $R5 == "${SCRIBE_TRUSTED_OWNER}"
        StrCpy $R7 1
      ${EndIf}
    ${EndIf}
  ${EndIf}
!macroend

!macro customInstall
  ; Installed for all users (perMachine): $APPDATA is ProgramData here, asked of Windows.
  SetShellVarContext all
  StrCpy $R9 "$APPDATA\ScribeDesk"
  !insertmacro scribePolicyFolderState
  ${If} $R8 <> -1
  ${AndIf} $R7 = 0
    IntOp $1 $R8 & 0x400
    ${If} $1 <> 0
      DetailPrint "Scribe Desk: $R9 is a link to somewhere else; the link is removed."
      ; A junction or a link to a folder goes with RemoveDirectory, a link to a file with DeleteFile.
      System::Call 'kernel32::RemoveDirectoryW(w R9) i .r0'
      ${If} $0 = 0
        System::Call 'kernel32::DeleteFileW(w R9) i .r0'
      ${EndIf}
    ${Else}
      System::Call 'kernel32::GetTickCount() i .r0'
      IntFmt $0 "%u" $0
      DetailPrint "Scribe Desk: $R9 was not made by an administrator (owner $R5); it is set aside as $R9.set-aside-$0."
      Rename "$R9" "$R9.set-aside-$0"
    ${EndIf}
  ${EndIf}

  System::Call 'advapi32::ConvertStringSecurityDescriptorToSecurityDescriptorW(w "${SCRIBE_POLICY_FOLDER_SDDL}", i 1, *p .r4, p 0) i .r0'
  !insertmacro scribePolicyFolderState
  StrCpy $R6 0
  ${If} $R8 = -1
    ; SECURITY_ATTRIBUTES: its size, the descriptor, not inherited.
    !if ${NSIS_PTR_SIZE} > 4
      System::Call '*(i 24, i 0, p r4, i 0, i 0) p .r5'
    !else
      System::Call '*(i 12, p r4, i 0) p .r5'
    !endif
    System::Call 'kernel32::CreateDirectoryW(w R9, p r5) i .R6'
    System::Free $5
  ${ElseIf} $R7 = 1
    ; OWNER, DACL and PROTECTED_DACL: the earlier install's folder gets this access again.
    System::Call 'advapi32::SetFileSecurityW(w R9, i 0x80000005, p r4) i .R6'
  ${EndIf}
  System::Call 'kernel32::LocalFree(p r4)'
  ${If} $R6 = 0
    DetailPrint "Scribe Desk: the policy folder $R9 could not be made for administrators only; the app will refuse a policy there."
    MessageBox MB_OK|MB_ICONEXCLAMATION "The policy folder $R9 could not be made so that only administrators can change it (something else is in its place). Scribe Desk will refuse a policy there. Remove $R9 and install again." /SD IDOK
    SetErrorLevel 2
  ${EndIf}
!macroend

!macro customUnInstall
  SetShellVarContext all
  ; Only when empty (RMDir without /r): a policy in it is the administrator's.
  RMDir "$APPDATA\ScribeDesk"
!macroend
