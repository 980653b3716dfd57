/** Whether this desktop lets a program watch and press keys in other programs. Pure; imports nothing. */

/**
 * Why this desktop lets no program watch or press keys in other programs, or null. Pure.
 * `accessibilityTrusted`: macOS's answer for this app (ignored elsewhere).
 */
export function desktopKeyProblem(platform: NodeJS.Platform, env: Partial<Record<string, string>>, accessibilityTrusted: boolean): string | null {
  if (platform === 'linux') {
    // Under Wayland, even through XWayland, an X11 program sees only the keys typed into X11 windows.
    if (env.XDG_SESSION_TYPE === 'wayland' || (env.WAYLAND_DISPLAY ?? '') !== '') {
      return 'This is a Wayland session, where a program cannot watch or press keys in other programs.';
    }
    if ((env.DISPLAY ?? '') === '') return 'There is no X11 display whose keyboard the app could watch.';
  }
  if (platform === 'darwin' && !accessibilityTrusted) {
    return 'macOS has not allowed Scribe Desk to use the keyboard: allow it in System Settings → Privacy & Security → Accessibility.';
  }
  return null;
}
