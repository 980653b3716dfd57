/** The page's Content-Security-Policy. Pure. */

export const APP_SCHEME = 'app';
export const APP_HOST = 'scribe';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

/** Production: only the app's own files; no eval, no inline script, no remote origin. */
export const PRODUCTION_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "media-src 'self' blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-src 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Development (electron-vite dev server): Vite's client needs inline scripts and a websocket. */
export function developmentCsp(devOrigin: string): string {
  const ws = devOrigin.replace(/^http/, 'ws');
  return [
    "default-src 'self'",
    "script-src 'self' 'unsafe-inline'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob: app:",
    `connect-src 'self' ${ws}`,
    "object-src 'none'",
    "base-uri 'none'",
  ].join('; ');
}
