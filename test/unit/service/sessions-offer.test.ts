import { describe, expect, it } from 'vitest';
import { SessionsOffer } from '../../../main/service/sessions-offer';

describe('SessionsOffer', () => {
  it('is unknown until the app learns, remembers what it learned, and forgets it on reset', () => {
    const offer = new SessionsOffer();
    expect(offer.state()).toBe('unknown');
    offer.markNotOffered();
    expect(offer.state()).toBe('not-offered');
    offer.markOffered();
    expect(offer.state()).toBe('offered');
    offer.reset();
    expect(offer.state()).toBe('unknown');
  });

  it('tells its listeners of each change, not of a mark that changes nothing, until they unsubscribe', () => {
    const offer = new SessionsOffer();
    const heard: string[] = [];
    const other: string[] = [];
    const unsubscribe = offer.onChange((state) => heard.push(state));
    offer.onChange((state) => other.push(state));
    offer.reset();
    offer.markOffered();
    offer.markOffered();
    offer.markNotOffered();
    unsubscribe();
    offer.reset();
    expect(heard).toEqual(['offered', 'not-offered']);
    expect(other).toEqual(['offered', 'not-offered', 'unknown']);
  });
});
