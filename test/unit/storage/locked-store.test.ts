import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { toAppError } from '../../../main/shell/ipc/app-failure';
import { LabReportStore } from '../../../main/lab-reports/lab-report-store';
import { tempFolder } from '../../support/temp-folder';
import { systemClock } from '../../../main/core/clock';

describe('a store whose keys cannot be opened', () => {
  it('refuses what needs a key with the reason, as a storage problem the page can show', () => {
    const store = new LabReportStore(join(tempFolder(), 'records'), { problem: 'The system keyring is not available now. Nothing has been deleted.' }, systemClock);
    store.load();
    let error: unknown = null;
    try {
      store.enqueue({ fileName: 'report.pdf', kind: 'pdf', bytes: Buffer.from('%PDF-1.4'), tasks: ['smart'], batch: false });
    } catch (thrown) {
      error = thrown;
    }
    expect(toAppError(error)).toEqual({ kind: 'storage', message: 'The system keyring is not available now. Nothing has been deleted.', retryable: false });
  });
});
