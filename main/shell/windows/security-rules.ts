/** What the page may do beyond its own origin. Pure, so it is tested without Electron. */

/** Permissions the renderer may hold. The microphone is used from main, so none are needed. */
const ALLOWED_PERMISSIONS: ReadonlySet<string> = new Set<string>();

export function isPermissionAllowed(permission: string): boolean {
  return ALLOWED_PERMISSIONS.has(permission);
}

/** Only https links leave the app, and only to the OS browser. */
export function isExternalLinkAllowed(url: string): boolean {
  try {
    return new URL(url).protocol === 'https:';
  } catch {
    return false;
  }
}
