/** Shortcuts as Electron names them ("CommandOrControl+Alt+R") written as the OS writes them ("Ctrl+Alt+R", "Cmd+Alt+R"). Pure. */
export function shortcutTextFor(accelerator: string, mac: boolean): string {
  return accelerator.replace(/CommandOrControl|CmdOrCtrl/gi, mac ? 'Cmd' : 'Ctrl').replace(/\bSuper\b/g, mac ? 'Cmd' : 'Win');
}
