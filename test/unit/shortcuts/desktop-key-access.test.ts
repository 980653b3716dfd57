import { describe, expect, it } from 'vitest';
import { desktopKeyProblem } from '../../../main/shortcuts/desktop-key-access';

describe('desktopKeyProblem', () => {
  it('allows an X11 session, Windows, and macOS once the user has allowed the app', () => {
    expect(desktopKeyProblem('linux', { DISPLAY: ':0', XDG_SESSION_TYPE: 'x11' }, false)).toBeNull();
    expect(desktopKeyProblem('win32', {}, false)).toBeNull();
    expect(desktopKeyProblem('darwin', {}, true)).toBeNull();
  });

  it('names Wayland, even with XWayland giving the app a display', () => {
    expect(desktopKeyProblem('linux', { XDG_SESSION_TYPE: 'wayland', DISPLAY: ':0' }, true)).toMatch(/Wayland session/);
    expect(desktopKeyProblem('linux', { WAYLAND_DISPLAY: 'wayland-0', DISPLAY: ':0' }, true)).toMatch(/Wayland session/);
  });

  it('names a Linux session without a display, and macOS without the Accessibility permission', () => {
    expect(desktopKeyProblem('linux', {}, true)).toMatch(/no X11 display/);
    expect(desktopKeyProblem('darwin', {}, false)).toMatch(/Privacy & Security → Accessibility/);
  });
});
