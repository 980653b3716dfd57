import { describe, expect, it } from 'vitest';
import { isTrustedFrame } from '../../../main/shell/ipc/trusted-sender';

describe('isTrustedFrame', () => {
  it('trusts only the main frame of the app origin', () => {
    expect(isTrustedFrame({ url: 'app://scribe/index.html', isMainFrame: true }, 'app://scribe')).toBe(true);
    expect(isTrustedFrame({ url: 'app://scribe/index.html', isMainFrame: false }, 'app://scribe')).toBe(false);
    expect(isTrustedFrame({ url: 'app://evil/index.html', isMainFrame: true }, 'app://scribe')).toBe(false);
    expect(isTrustedFrame({ url: 'https://scribe/index.html', isMainFrame: true }, 'app://scribe')).toBe(false);
    expect(isTrustedFrame({ url: 'file:///tmp/index.html', isMainFrame: true }, 'app://scribe')).toBe(false);
    expect(isTrustedFrame({ url: 'not a url', isMainFrame: true }, 'app://scribe')).toBe(false);
    expect(isTrustedFrame(null, 'app://scribe')).toBe(false);
  });

  it('trusts the dev server origin in development only when it is the configured one', () => {
    expect(isTrustedFrame({ url: 'http://localhost:5173/', isMainFrame: true }, 'http://localhost:5173')).toBe(true);
    expect(isTrustedFrame({ url: 'http://localhost:5174/', isMainFrame: true }, 'http://localhost:5173')).toBe(false);
  });
});
