import { describe, expect, it } from 'vitest';
import { pinnedVersionHold } from '../../../main/updates/pinned-version';

describe('pinnedVersionHold', () => {
  it('holds nothing without a pin', () => {
    expect(pinnedVersionHold('', '1.0.0', '2.0.0')).toBeNull();
  });

  it('takes exactly the pinned version when the channel offers it', () => {
    expect(pinnedVersionHold('1.2.0', '1.0.0', '1.2.0')).toBeNull();
    expect(pinnedVersionHold('1.2.0', '1.0.0', '1.2.0+build.7')).toBeNull();
  });

  it('never takes a version newer than the pin', () => {
    expect(pinnedVersionHold('1.2.0', '1.0.0', '1.3.0')).toBe('Your administrator pinned version 1.2.0; the update server offers version 1.3.0 instead, which is not installed.');
    expect(pinnedVersionHold('1.2.0', '1.0.0', '1.2.1')).not.toBeNull();
    expect(pinnedVersionHold('1.2.0-beta.1', '1.0.0', '1.2.0')).not.toBeNull();
  });

  it('takes no other version between the running one and the pin either', () => {
    expect(pinnedVersionHold('1.2.0', '1.0.0', '1.1.0')).toMatch(/offers version 1\.1\.0 instead/);
  });

  it('keeps a computer on the pinned version it runs', () => {
    expect(pinnedVersionHold('1.2.0', '1.2.0', '1.3.0')).toBe('Your administrator keeps this computer on version 1.2.0; version 1.3.0 is not installed.');
  });

  it('never goes back to a pin older than the running version: it stays where it is', () => {
    expect(pinnedVersionHold('1.1.0', '1.2.0', '1.3.0')).toBe(
      'Your administrator pinned version 1.1.0, older than this one (1.2.0); the app never goes back to an older version, so it stays on 1.2.0 and installs no update.',
    );
  });

  it('holds everything under a pin that is not a version', () => {
    expect(pinnedVersionHold('1.2', '1.0.0', '1.2.0')).toMatch(/not a version number/);
  });
});
