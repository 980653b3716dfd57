; A stand-in for build/installer.nsh with the macros electron-builder calls, doing nothing
; (`lane.ts --stubbed`): every installer test must fail with it.
!macro customInstall
!macroend
!macro customUnInstall
!macroend
