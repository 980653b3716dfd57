/**
 * Serves the built renderer from `app://scribe/`, with the CSP and other security headers
 * on every response. A standard, secure scheme gives the page a real origin (unlike file://)
 * that IPC checks can compare against.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { Readable } from 'node:stream';
import { protocol, type Session } from 'electron';
import { APP_HOST, APP_SCHEME, PRODUCTION_CSP } from './content-security-policy';
import { assetsNamedIn, contentTypeOf, resolveInside } from './renderer-files';

/**
 * No `Cross-Origin-Opener-Policy`: it guards a page from windows that share its browsing
 * context group, and the app's page has none (web-guards.ts refuses every new window and
 * navigation, the CSP every frame, and no other page can open it). Sent, it made Chromium swap
 * the window's first, empty page for a new process at every start: a second page process on
 * the path to a working Record, 22–48 ms (docs/benchmarks.md, 1 Dec, midday).
 */
export const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': PRODUCTION_CSP,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

/** Must run before the app is ready. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true, codeCache: true /* the page's script compiled once, reused at later starts */ } },
  ]);
}

/** Said to `served` once every script and style sheet the page's HTML names has been served. */
export const PAGE_ASSETS_SERVED = 'page assets';

const RECORDING_PATH = /^\/recordings\/([0-9a-f-]{36})\.wav$/;

/** A recording as served: its size, and its bytes decrypted as they are read. */
export interface ServedRecording {
  size: number;
  open(): Readable;
}

/**
 * Serves the renderer's files, and the dictations' recordings at
 * `app://scribe/recordings/<id>.wav` (only what `recording` gives; decrypted as streamed,
 * never written in clear).
 */
export function serveRenderer(
  session: Session,
  rendererDir: string,
  recording: (id: string) => ServedRecording | null,
  served: (pathname: string) => void = () => {},
): void {
  const root = resolve(rendererDir);
  let pageAssets: Set<string> | null = null;
  const note = (pathname: string, body: Buffer) => {
    served(pathname);
    if (pathname === '/' || pathname === '/index.html') pageAssets ??= new Set(assetsNamedIn(body.toString('utf8')));
    else if (pageAssets?.delete(pathname) && pageAssets.size === 0) served(PAGE_ASSETS_SERVED);
  };
  session.protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url);
    const recordingId = url.host === APP_HOST ? RECORDING_PATH.exec(url.pathname)?.[1] : undefined;
    if (recordingId) {
      const served = recording(recordingId);
      if (!served) return new Response('Not found', { status: 404, headers: SECURITY_HEADERS });
      return new Response(Readable.toWeb(served.open()) as ReadableStream<Uint8Array>, {
        status: 200,
        headers: { ...SECURITY_HEADERS, 'Content-Type': 'audio/wav', 'Content-Length': String(served.size), 'Cache-Control': 'no-store' },
      });
    }
    const file = url.host === APP_HOST ? resolveInside(root, url.pathname) : null;
    if (!file) return new Response('Not found', { status: 404, headers: SECURITY_HEADERS });
    try {
      const body = await readFile(file);
      note(url.pathname, body);
      return new Response(body, {
        status: 200,
        headers: { ...SECURITY_HEADERS, 'Content-Type': contentTypeOf(file) },
      });
    } catch {
      return new Response('Not found', { status: 404, headers: SECURITY_HEADERS });
    }
  });
}
