/** The status bar's connection: "Not yet connected" until the service has answered once, whatever it answered; then online or unreachable as it goes. */
import { describe, expect, it } from 'vitest';
import { ServiceHealth } from '../../../main/service/service-health';

describe('the service health', () => {
  it('has not reached the service until it answers, even with a passing failure; unreachable is said as soon as it is', () => {
    const health = new ServiceHealth();
    expect(health.current()).toMatchObject({ reachable: true, reached: false });
    health.unreachable('The service cannot be reached.');
    expect(health.current()).toMatchObject({ reachable: false, reached: false });
    health.troubled();
    expect(health.current()).toMatchObject({ reached: true });
    const fresh = new ServiceHealth();
    fresh.answered();
    expect(fresh.current()).toMatchObject({ reachable: true, reached: true });
  });

  it('forgets that it reached the service when another one is chosen', () => {
    const health = new ServiceHealth();
    health.answered();
    health.serviceChanged();
    expect(health.current()).toMatchObject({ reached: false });
  });
});
