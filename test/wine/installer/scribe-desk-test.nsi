; A small installer that runs build/installer.nsh as electron-builder's does (its templates in
; app-builder-lib/templates/nsis): for all users, customInstall inserted in the install section
; after the app's files are in place, customUnInstall in the uninstall section before the app's
; files are removed; compiled with -WX and -INPUTCHARSET UTF8, as electron-builder compiles.
; The app is a stand-in file. Defines: OUT_FILE, INCLUDE (build/installer.nsh), APP_FILE, and
; optionally X86 (a 32-bit installer, as electron-builder makes; Wine runs it only with wine32)
; and SCRIBE_TRUSTED_OWNER (see build/installer.nsh).

Unicode true
!ifdef X86
  Target x86-unicode
!else
  Target amd64-unicode
!endif
Name "Scribe Desk (test)"
OutFile "${OUT_FILE}"
RequestExecutionLevel admin
SilentInstall silent
InstallDir "$PROGRAMFILES64\Scribe Desk"

; electron-builder includes the script in its header, then its templates (common.nsh brings x64.nsh, and with it LogicLib).
!include "${INCLUDE}"
!include x64.nsh

!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\ScribeDeskTest"

Section "install"
  SetShellVarContext all
  SetOutPath "$INSTDIR"
  File "/oname=Scribe Desk.exe" "${APP_FILE}"
  WriteUninstaller "$INSTDIR\Uninstall Scribe Desk.exe"
  WriteRegStr HKLM "${UNINSTALL_KEY}" "DisplayName" "Scribe Desk (test)"
  WriteRegStr HKLM "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\Uninstall Scribe Desk.exe" /S'
  !ifmacrodef customInstall
    !insertmacro customInstall
  !endif
SectionEnd

Section "Uninstall"
  SetShellVarContext all
  !ifmacrodef customUnInstall
    !insertmacro customUnInstall
  !endif
  SetOutPath $TEMP
  RMDir /r "$INSTDIR"
  DeleteRegKey HKLM "${UNINSTALL_KEY}"
SectionEnd
