import { describe, expect, it } from 'vitest';
import { OPERATION_NAMES, operations } from '../../../contract/ipc';

describe('IPC contract input schemas', () => {
  it('accepts well-formed inputs', () => {
    expect(operations.getSettings.input.safeParse(undefined).success).toBe(true);
    expect(operations.updateSettings.input.safeParse({ userOid: 'oid' }).success).toBe(true);
    expect(operations.setSecret.input.safeParse({ name: 'accessToken', value: 't' }).success).toBe(true);
  });

  it('rejects unknown fields, wrong types and unknown secrets', () => {
    expect(operations.updateSettings.input.safeParse({ isAdmin: true }).success).toBe(false);
    expect(operations.updateSettings.input.safeParse({ userOid: 42 }).success).toBe(false);
    expect(operations.setSecret.input.safeParse({ name: 'password', value: 'x' }).success).toBe(false);
    expect(operations.getStatus.input.safeParse({ anything: 1 }).success).toBe(false);
  });

  it('gives every operation a schema', () => {
    for (const name of OPERATION_NAMES) expect(operations[name].input).toBeDefined();
  });
});
