/**
 * The client loads the service's operations at its first call, not when it is made: before
 * that it asks nothing, keeps no discovery document and has nothing to close. A load that
 * fails (a chunk of the app gone) fails that call, and the next call loads again.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ServiceClient } from '../../../main/api/service-client';
import { ServiceError } from '../../../main/api/service-error';
import { FakeClock } from '../../support/fake-clock';

const OPERATIONS = '../../../main/api/service-operations';
const refused = new ServiceError('configuration', 'Sending is held by the clinic’s policy.');

afterEach(() => {
  vi.doUnmock(OPERATIONS);
  vi.resetModules();
});

describe('the service client before and at its first call', () => {
  it('asks nothing, keeps no discovery document and closes at once before its first call', async () => {
    const config = vi.fn(() => Promise.reject(refused));
    const client = new ServiceClient(config, new FakeClock());
    expect(client.discovery.lastKnown()).toBeNull();
    client.discovery.forget();
    await client.close();
    expect(config).not.toHaveBeenCalled();
  });

  it('loads the operations at the first call, which then asks the service’s settings', async () => {
    const config = vi.fn(() => Promise.reject(refused));
    const client = new ServiceClient(config, new FakeClock());
    await expect(client.getSession('s-1')).rejects.toBe(refused);
    await expect(client.discovery.get()).rejects.toBe(refused);
    expect(config).toHaveBeenCalledTimes(2);
    await client.close();
  });

  it('fails the call whose load failed, and loads again at the next', async () => {
    vi.doMock(OPERATIONS, () => {
      throw new Error('The chunk of the service’s operations is missing.');
    });
    const { ServiceClient: Client } = await import('../../../main/api/service-client');
    const config = vi.fn(() => Promise.reject(refused));
    const client = new Client(config, new FakeClock());
    await expect(client.reach()).rejects.toMatchObject({ name: 'Refusal', kind: 'unexpected', retryable: true, message: expect.stringMatching(/could not load its code for talking to the service.*Nothing waiting to be sent is lost/) });
    expect(config).not.toHaveBeenCalled();
    vi.doUnmock(OPERATIONS);
    await expect(client.reach()).rejects.toBe(refused);
    expect(config).toHaveBeenCalledTimes(1);
  });
});
