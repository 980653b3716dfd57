import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OfferedVersions } from '../../../main/updates/offered-versions';
import { tempFolder } from '../../support/temp-folder';

describe('OfferedVersions', () => {
  it('refuses an offer older than one the channel made before, also after a restart', () => {
    const file = join(tempFolder(), 'update-offers.json');
    const first = new OfferedVersions(file);
    expect(first.problem('latest-linux.yml', '0.3.0')).toBeNull();
    first.note('latest-linux.yml', '0.3.0');
    const again = new OfferedVersions(file);
    expect(again.problem('latest-linux.yml', '0.2.5')).toMatch(/offers version 0\.2\.5, older than version 0\.3\.0 it offered before.*refused/);
    expect(again.problem('latest-linux.yml', '0.3.0')).toBeNull();
    expect(again.problem('latest-linux.yml', '0.4.0')).toBeNull();
    // Each channel file keeps its own: beta may be behind latest.
    expect(again.problem('beta-linux.yml', '0.2.5')).toBeNull();
  });

  it('keeps the newest offer: an older one noted changes nothing', () => {
    const file = join(tempFolder(), 'update-offers.json');
    const offers = new OfferedVersions(file);
    offers.note('latest.yml', '1.2.0');
    offers.note('latest.yml', '1.1.0');
    expect(new OfferedVersions(file).problem('latest.yml', '1.1.5')).toMatch(/older than version 1\.2\.0/);
  });

  it('an unreadable record is no record: the running version stays the floor', () => {
    const offers = new OfferedVersions(join(tempFolder(), 'missing', 'update-offers.json'));
    expect(offers.problem('latest.yml', '0.0.1')).toBeNull();
  });
});
