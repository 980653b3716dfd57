/** Shortcuts as Electron names them ("CommandOrControl+Alt+R") written as the OS writes them ("Ctrl+Alt+R", "Cmd+Alt+R"). Pure. */
export function shortcutTextFor(accelerator: string, mac: boolean): string {
  return accelerator.replace(/CommandOrControl|CmdOrCtrl/gi, mac ? 'Cmd' : 'Ctrl').replace(/\bSuper\b/g, mac ? 'Cmd' : 'Win');
}

/** The reverse of `shortcutTextFor`: a shortcut as the OS writes it, typed by a person, as Electron names it. Pure. */
export function acceleratorFromText(text: string, mac: boolean): string {
  return mac ? text.replace(/\bCmd\b/g, 'CommandOrControl') : text.replace(/\bCtrl\b/g, 'CommandOrControl').replace(/\bWin\b/g, 'Super');
}
