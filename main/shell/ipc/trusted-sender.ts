/** Decides whether an IPC message comes from the app's own page. Pure. */

export interface SenderFrame {
  url: string;
  /** True when the frame is the top frame of its page (not an iframe). */
  isMainFrame: boolean;
}

/** The origin of the app's page: `app://scribe` when built, the dev server's origin in development. */
export function isTrustedFrame(frame: SenderFrame | null, appOrigin: string): boolean {
  if (!frame || !frame.isMainFrame) return false;
  try {
    const url = new URL(frame.url);
    return `${url.protocol}//${url.host}` === appOrigin;
  } catch {
    return false;
  }
}
