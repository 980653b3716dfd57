; Scribe Desk's additions to the NSIS installer (electron-builder includes build/installer.nsh).
; The administrator's policy folder, C:\ProgramData\ScribeDesk, is made here owned by
; Administrators and changeable by administrators only: standard users may create folders under
; ProgramData, and a policy one of them planted would reach every user of the computer. The app
; refuses a policy folder or file anyone else may change (main/settings/windows-admin-only.ts).
; The MSI does the same (scripts/msi-policy-folder.mjs). Uninstalling leaves the folder: the
; policy in it is the administrator's.

!macro customInstall
  SetShellVarContext all
  StrCpy $R9 "$APPDATA\ScribeDesk"
  CreateDirectory "$R9"
  ; Administrators own the folder and anything a user put in it before the installer ran.
  nsExec::ExecToLog '"$SYSDIR\icacls.exe" "$R9" /setowner *S-1-5-32-544 /T /C /Q'
  Pop $0
  ; The folder's own list: none of a user's entries, nothing inherited from ProgramData; SYSTEM and
  ; Administrators full control, Users read, for the folder and everything in it.
  nsExec::ExecToLog '"$SYSDIR\icacls.exe" "$R9" /reset /C /Q'
  Pop $0
  nsExec::ExecToLog '"$SYSDIR\icacls.exe" "$R9" /inheritance:r /grant:r *S-1-5-18:(OI)(CI)F *S-1-5-32-544:(OI)(CI)F *S-1-5-32-545:(OI)(CI)RX /C /Q'
  Pop $1
  ; What was in it already takes the folder's list (a user's own entries on a file are dropped).
  nsExec::ExecToLog '"$SYSDIR\icacls.exe" "$R9\*" /reset /T /C /Q'
  Pop $0
  ${If} $1 != 0
    DetailPrint "Scribe Desk: the permissions of $R9 could not be set (icacls $1); the app refuses a policy file there until only administrators can change it."
  ${EndIf}
!macroend
