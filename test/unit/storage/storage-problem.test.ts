import { describe, expect, it } from 'vitest';
import { storageProblem } from '../../../main/storage/storage-problem';

const failure = (code: string) => Object.assign(new Error(`${code}: failed`), { code });

describe('storageProblem', () => {
  it('says what a full, locked or read-only disk means for the user', () => {
    expect(storageProblem(failure('ENOSPC'))).toMatch(/^The disk is full/);
    expect(storageProblem(failure('EACCES'))).toMatch(/not allowed to write/);
    expect(storageProblem(failure('EROFS'))).toMatch(/read-only/);
    expect(storageProblem(failure('EIO'))).toBe('The data could not be saved (EIO).');
  });
});
