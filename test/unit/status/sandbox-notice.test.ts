import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { toAppError } from '../../../main/shell/ipc/app-failure';
import { SANDBOX_NOTICE_FILE, sandboxNoticeHandlers } from '../../../main/status/sandbox-notice';
import { tempFolder } from '../../support/temp-folder';

describe("the first start's notice that the sandbox's data is not real", () => {
  it('is due in a new data folder, and hidden for good once hidden, after a restart too', async () => {
    const folder = tempFolder();
    const first = sandboxNoticeHandlers(folder);
    expect(await first.sandboxNoticeHidden(undefined)).toBe(false);
    await first.hideSandboxNotice(undefined);
    expect(await first.sandboxNoticeHidden(undefined)).toBe(true);
    expect(await sandboxNoticeHandlers(folder).sandboxNoticeHidden(undefined)).toBe(true);
    expect(readFileSync(join(folder, SANDBOX_NOTICE_FILE), 'utf8')).toMatch(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z\n$/);
  });

  it('says plainly when hiding it cannot be remembered', async () => {
    const blocked = join(tempFolder(), 'a-file');
    writeFileSync(blocked, '');
    const error: unknown = await Promise.resolve()
      .then(() => sandboxNoticeHandlers(blocked).hideSandboxNotice(undefined))
      .then(
        () => null,
        (thrown: unknown) => thrown,
      );
    expect(toAppError(error)).toMatchObject({ kind: 'storage', message: expect.stringMatching(/^The notice is hidden until the app closes, but this could not be remembered\./) });
  });
});
