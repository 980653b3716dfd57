/** Maps app:// request paths to the built renderer's files. Pure. */
import { extname, resolve, sep } from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.wav': 'audio/wav',
};

export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[extname(file)] ?? 'application/octet-stream';
}

/** Resolves a request path inside `root`, or null when it would leave it. */
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


/** The paths (`/assets/…`) of the scripts and style sheets a page's HTML loads from its own folder. */
export function assetsNamedIn(html: string): string[] {
  const named = [...html.matchAll(/<(?:script|link)\b[^>]*?\b(?:src|href)="\.?(\/[^"?#]+)"/g)].map((match) => match[1]!);
  return [...new Set(named)];
}
