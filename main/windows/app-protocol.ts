/**
 * Serves the built renderer from `app://scribe/`, with the CSP and other security headers
 * on every response. A standard, secure scheme gives the page a real origin (unlike file://)
 * that IPC checks can compare against.
 */
import { readFile } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { protocol, type Session } from 'electron';
import { APP_HOST, APP_SCHEME, PRODUCTION_CSP } from './content-security-policy';

const MIME_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

export const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': PRODUCTION_CSP,
  'X-Content-Type-Options': 'nosniff',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Referrer-Policy': 'no-referrer',
};

/** Must run before the app is ready. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } },
  ]);
}

/** Resolves a request path inside `root`, or null when it would leave it. Pure. */
export function resolveInside(root: string, pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  const target = resolve(root, `.${decoded === '/' ? '/index.html' : decoded}`);
  return target.startsWith(root + sep) ? target : null;
}

export function serveRenderer(session: Session, rendererDir: string): void {
  const root = resolve(rendererDir);
  session.protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url);
    const file = url.host === APP_HOST ? resolveInside(root, url.pathname) : null;
    if (!file) return new Response('Not found', { status: 404, headers: SECURITY_HEADERS });
    try {
      const body = await readFile(file);
      return new Response(body, {
        status: 200,
        headers: { ...SECURITY_HEADERS, 'Content-Type': MIME_TYPES[extname(file)] ?? 'application/octet-stream' },
      });
    } catch {
      return new Response('Not found', { status: 404, headers: SECURITY_HEADERS });
    }
  });
}
