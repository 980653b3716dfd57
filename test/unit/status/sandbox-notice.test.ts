import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { toAppError } from '../../../main/shell/ipc/app-failure';
import { SANDBOX_NOTICE_FILE, sandboxNoticeHandlers } from '../../../main/status/sandbox-notice';
import { FakeClock } from '../../support/fake-clock';
import { tempFolder } from '../../support/temp-folder';

const HIDDEN_AT = '2026-11-27T05:12:00.000Z';
const clock = new FakeClock(Date.parse(HIDDEN_AT));

describe("the first start's notice that the sandbox's data is not real", () => {
  it('is due in a new data folder, and hidden for good once hidden, after a restart too', async () => {
    const folder = tempFolder();
    const first = sandboxNoticeHandlers(folder, clock);
    expect(await first.sandboxNoticeHidden(undefined)).toBe(false);
    await first.hideSandboxNotice(undefined);
    expect(await first.sandboxNoticeHidden(undefined)).toBe(true);
    expect(await sandboxNoticeHandlers(folder, clock).sandboxNoticeHidden(undefined)).toBe(true);
    expect(readFileSync(join(folder, SANDBOX_NOTICE_FILE), 'utf8')).toBe(`${HIDDEN_AT}\n`);
  });

  it('says plainly when hiding it cannot be remembered', async () => {
    const blocked = join(tempFolder(), 'a-file');
    writeFileSync(blocked, '');
    const error: unknown = await Promise.resolve()
      .then(() => sandboxNoticeHandlers(blocked, clock).hideSandboxNotice(undefined))
      .then(
        () => null,
        (thrown: unknown) => thrown,
      );
    expect(toAppError(error)).toMatchObject({ kind: 'storage', message: expect.stringMatching(/^The notice is hidden until the app closes, but this could not be remembered\./) });
  });
});
