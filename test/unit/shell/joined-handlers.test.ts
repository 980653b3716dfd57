import { describe, expect, it } from 'vitest';
import { joinHandlers } from '../../../main/shell/ipc/joined-handlers';

describe("the features' handlers, joined", () => {
  it('takes every operation from the one feature that handles it', () => {
    const handlers = joinHandlers({ status: { getStatus: () => ({ online: true }) as never }, updates: { checkForUpdates: () => undefined as never } });
    expect(Object.keys(handlers).sort()).toEqual(['checkForUpdates', 'getStatus']);
    expect(handlers.getStatus()).toEqual({ online: true });
  });

  it('fails when two features handle one operation, naming the operation and both features', () => {
    const join = () => joinHandlers({ status: { getStatus: () => null as never }, updates: { checkForUpdates: () => null as never }, dictations: { getStatus: () => null as never } });
    expect(join).toThrow('Two features handle the operation "getStatus": status and dictations');
  });
});
