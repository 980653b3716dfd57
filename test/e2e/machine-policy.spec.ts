/**
 * Issue 45.1: a machine policy only an administrator could have written. On a shared clinic
 * computer any user who could write /etc/scribe-desk (or the file in it, or a place it links to)
 * could point every other user's app at a service of their own. The app is started without
 * `--policy`, so that the machine's own file is the policy, as on a clinic's computer.
 */
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { bridgeValue, expect, test } from '../support/e2e/fixtures';
import { mainLog } from '../support/e2e/data-folder';
import { screenshot } from '../support/e2e/launch-app';
import { MACHINE_POLICY, machinePolicyFolder } from '../support/e2e/policies';

test.skip(process.platform !== 'linux' || process.getuid?.() !== 0, 'The machine policy is in /etc: making it, and making it a user’s, needs root.');

/** A user who is not an administrator (nobody). */
const USER = 65534;

test('a machine policy a user could have written is refused, said on screen and in the log, and the app fails closed: nothing reaches the service it names', async ({ launch, startSandbox }) => {
  test.setTimeout(90_000);
  const collector = await startSandbox();
  const planted = { service: 'custom', customServiceUrl: collector.url, autoSync: true, requireReview: false };
  const machine = machinePolicyFolder();
  const home = mkdtempSync('/home/scribe-e2e-doctor-');
  chownSync(home, USER, USER);
  try {
    // A policy folder a user owns: what a standard user can make where the installer did not.
    machine.write(planted, { folder: { uid: USER, mode: 0o755 }, file: { uid: USER, mode: 0o644 } });
    // While the policy cannot be used a keyring is required, and this session has none: no patient can be kept, none is chosen.
    const { app, page, userDataDir } = await launch({ policy: null, patient: null });
    const reason = `The policy file ${MACHINE_POLICY} was ignored: a user who is not an administrator could have written it (the folder /etc/scribe-desk is owned by user id ${USER}, not by root); only a file that root owns, in folders that root owns, writable by neither group nor others, is used.`;
    const banner = page.getByTestId('policy-banner');
    await expect(banner).toContainText('Your administrator’s policy file cannot be used.');
    await expect(banner).toContainText(reason);
    await expect(page.getByTestId('service-badge')).toContainText('Sandbox');
    expect(mainLog(userDataDir)).toContain(`policy: ${reason}`);
    const settings = await bridgeValue(page, 'getSettings');
    expect(settings.values).toMatchObject({ service: 'sandbox', requireReview: true });
    await screenshot(page, 'machine-policy-user-writable');
    await app.close();

    // Bad input: the right folder, but a file every user may write.
    machine.write(planted, { file: { uid: 0, mode: 0o666 } });
    const worldWritable = await launch({ policy: null, patient: null });
    expect((await bridgeValue(worldWritable.page, 'getSettings')).policy.error).toContain(`(the file ${MACHINE_POLICY} can be changed by every user (mode 666))`);
    await worldWritable.app.close();

    // Bad input: the policy file a link into a user's home (a root-owned file there is still theirs to replace).
    machine.link(planted, join(home, 'policy.json'));
    const linked = await launch({ policy: null, patient: null });
    expect((await bridgeValue(linked.page, 'getSettings')).policy.error).toContain(`(the folder ${home} is owned by user id ${USER}, not by root)`);
    await linked.app.close();

    // What an administrator writes (root's, 0644, in root's 0755 folder) applies.
    machine.write({ autoSync: false });
    const administered = await launch({ policy: null, patient: null });
    const view = await bridgeValue(administered.page, 'getSettings');
    expect(view.policy).toMatchObject({ path: MACHINE_POLICY, error: null });
    expect(view.values.autoSync).toBe(false);
    await administered.app.close();

    // Nothing of any start reached the service the planted policy named.
    expect(collector.received).toEqual([]);
    expect(collector.authStats().signIns).toBe(0);
  } finally {
    machine.restore();
    rmSync(home, { recursive: true, force: true });
  }
});
