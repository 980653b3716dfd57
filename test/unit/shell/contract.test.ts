import { describe, expect, it } from 'vitest';
import { OPERATION_NAMES, operations } from '../../../contract/ipc';

describe('IPC contract input schemas', () => {
  it('accepts well-formed inputs', () => {
    expect(operations.getSettings.input.safeParse(undefined).success).toBe(true);
    expect(operations.updateSettings.input.safeParse({ userOid: 'oid' }).success).toBe(true);
    expect(operations.setSecret.input.safeParse({ name: 'accessToken', value: 't' }).success).toBe(true);
    expect(operations.signIn.input.safeParse({ clientId: 'EC_1', clientSecret: 's' }).success).toBe(true);
  });

  it('rejects unknown fields, wrong types, invalid values and unknown secrets', () => {
    expect(operations.updateSettings.input.safeParse({ isAdmin: true }).success).toBe(false);
    expect(operations.updateSettings.input.safeParse({ userOid: 42 }).success).toBe(false);
    expect(operations.updateSettings.input.safeParse({ service: 'mars' }).success).toBe(false);
    expect(operations.setSecret.input.safeParse({ name: 'password', value: 'x' }).success).toBe(false);
    expect(operations.getStatus.input.safeParse({ anything: 1 }).success).toBe(false);
  });

  it('refuses any input for operations that take none, and a non-object for the others', () => {
    for (const name of OPERATION_NAMES) {
      const schema = operations[name].input;
      if (schema.safeParse(undefined).success) expect(schema.safeParse({ injected: true }).success, name).toBe(false);
      else expect(schema.safeParse('not an object').success, name).toBe(false);
    }
  });
});
