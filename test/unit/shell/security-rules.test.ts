import { describe, expect, it } from 'vitest';
import { PRODUCTION_CSP } from '../../../main/shell/windows/content-security-policy';
import { resolveInside } from '../../../main/shell/windows/renderer-files';
import { isExternalLinkAllowed, isPermissionAllowed } from '../../../main/shell/windows/security-rules';

describe('window security rules', () => {
  it('refuses every permission, microphone and camera included', () => {
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal', 'fullscreen']) {
      expect(isPermissionAllowed(permission)).toBe(false);
    }
  });

  it('lets only https links out to the OS browser', () => {
    expect(isExternalLinkAllowed('https://example.org/help')).toBe(true);
    for (const url of ['http://example.org', 'file:///etc/passwd', 'javascript:alert(1)', 'app://scribe/x', 'smb://host/share']) {
      expect(isExternalLinkAllowed(url)).toBe(false);
    }
  });

  it('has a CSP without eval, inline script or remote origins', () => {
    expect(PRODUCTION_CSP).toContain("script-src 'self'");
    expect(PRODUCTION_CSP).toContain("default-src 'none'");
    expect(PRODUCTION_CSP).not.toMatch(/unsafe-eval|unsafe-inline|https?:|\*/);
  });

  it('serves only files inside the renderer folder', () => {
    expect(resolveInside('/app/renderer', '/')).toBe('/app/renderer/index.html');
    expect(resolveInside('/app/renderer', '/assets/a.js')).toBe('/app/renderer/assets/a.js');
    expect(resolveInside('/app/renderer', '/../main/index.cjs')).toBeNull();
    expect(resolveInside('/app/renderer', '/%2e%2e/%2e%2e/etc/passwd')).toBeNull();
    expect(resolveInside('/app/renderer', '/%E0%A4%A')).toBeNull();
  });
});
