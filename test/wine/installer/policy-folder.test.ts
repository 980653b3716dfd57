/**
 * The installer's script (build/installer.nsh) compiled by Debian's makensis into a small test
 * installer (scribe-desk-test.nsi, calling it as electron-builder's templates do) and run
 * silently (/S) under Wine by the Windows lane, which passes its Wine in SCRIBE_WINE_LANE. What
 * is planted in the policy folder's place is made from Linux, as a user on Windows could make
 * it: Windows programs under Wine cannot make a junction; a symbolic link to a folder is what
 * Wine shows as one (a reparse point). Wine keeps no access lists, so what the folder's access
 * becomes is not read here (test/wine/in-wine/security-descriptors.test.ts decides on it).
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { before, beforeEach, describe, it } from 'node:test';
import { runUnderWine, type WineEnvironment } from '../wine-process';

const CHECKOUT = join(import.meta.dirname, '..', '..', '..');
/** The script under test; `lane.ts --stubbed` gives a stand-in that does nothing, with which every test must fail. */
const INCLUDE = process.env.SCRIBE_INSTALLER_INCLUDE ?? join(CHECKOUT, 'build', 'installer.nsh');
const wine = JSON.parse(process.env.SCRIBE_WINE_LANE ?? 'null') as WineEnvironment;
if (!wine) throw new Error('SCRIBE_WINE_LANE is not set: run this through the Windows lane (scripts/windows-lane.sh).');

const driveC = join(wine.prefix, 'drive_c');
const programData = join(driveC, 'ProgramData');
const policyFolder = join(programData, 'ScribeDesk');
const programFolder = join(driveC, 'Program Files', 'Scribe Desk');
/** What a planted link points to: another user's files. */
const victim = join(driveC, 'users', 'Public', 'Documents', 'another-profile');
/** The user's own Scribe Desk data (Electron's userData), which an uninstall leaves. */
const userData = join(driveC, 'users', userInfo().username, 'AppData', 'Roaming', 'Scribe Desk');
/** The owner Wine names for every file: its user, standing in for Administrators in one installer. */
const WINE_USER = 'S-1-5-21-0-0-0-1000';

const built = join(wine.logs, 'installers');
let runs = 0;

/** Compiles the test installer as electron-builder compiles its own: warnings are errors. */
function compile(name: string, defines: string[] = []): string {
  mkdirSync(built, { recursive: true });
  const appFile = join(built, 'scribe-desk-stand-in.exe');
  writeFileSync(appFile, 'a stand-in for the app');
  const outFile = join(built, `${name}.exe`);
  execFileSync(
    'makensis',
    ['-WX', '-INPUTCHARSET', 'UTF8', '-V2', `-DOUT_FILE=${outFile}`, `-DINCLUDE=${INCLUDE}`, `-DAPP_FILE=${appFile}`, ...defines.map((define) => `-D${define}`), join(import.meta.dirname, 'scribe-desk-test.nsi')],
    { stdio: 'pipe' },
  );
  return outFile;
}

/** Runs `program` silently under Wine; its exit code. */
async function runSilently(program: string, args: string[] = []): Promise<number | null> {
  runs += 1;
  return (await runUnderWine(wine, `installer-run-${runs}`, program, ['/S', ...args], { timeoutMs: 60_000 })).code;
}

const setAside = () => readdirSync(programData).filter((name) => name.startsWith('ScribeDesk.set-aside-'));

function clearThePlace(): void {
  for (const name of readdirSync(programData).filter((entry) => entry.startsWith('ScribeDesk'))) rmSync(join(programData, name), { recursive: true, force: true });
  rmSync(victim, { recursive: true, force: true });
  mkdirSync(victim, { recursive: true });
  writeFileSync(join(victim, 'NTUSER.DAT'), 'another user’s registry');
}

const victimUntouched = () => {
  assert.deepEqual(readdirSync(victim), ['NTUSER.DAT']);
  assert.equal(readFileSync(join(victim, 'NTUSER.DAT'), 'utf8'), 'another user’s registry');
};

describe('the test installer, run silently under Wine', () => {
  let installer: string;
  let trustingWineUser: string;
  before(() => {
    installer = compile('scribe-desk-test-x64');
    trustingWineUser = compile('scribe-desk-test-x64-wine-user-as-administrators', [`SCRIBE_TRUSTED_OWNER=${WINE_USER}`]);
    // electron-builder's own installers are 32-bit: the script compiles so too (Wine runs them only with wine32:i386).
    compile('scribe-desk-test-x86', ['X86']);
  });
  beforeEach(clearThePlace);

  it('makes the policy folder where there was none', async () => {
    assert.equal(await runSilently(installer), 0);
    assert.ok(lstatSync(policyFolder).isDirectory());
    assert.ok(existsSync(join(programFolder, 'Scribe Desk.exe')));
    assert.deepEqual(setAside(), []);
  });

  it('bad input: a junction planted in its place: the link is not followed; where it cannot be removed (Wine), nothing is set and the installer says so', async () => {
    symlinkSync(victim, policyFolder);
    const before = statSync(victim).mode;
    assert.equal(await runSilently(installer), 2);
    assert.ok(lstatSync(policyFolder).isSymbolicLink(), 'the link is still there: RemoveDirectory under Wine does not remove a link');
    victimUntouched();
    assert.equal(statSync(victim).mode, before, 'no access was set through the link');
  });

  it('bad input: a folder a user made, with a policy and a link inside: set aside whole, never deleted, the link not followed; a new folder made', async () => {
    mkdirSync(policyFolder);
    writeFileSync(join(policyFolder, 'policy.json'), JSON.stringify({ service: 'custom', customServiceUrl: 'https://collector.example' }));
    symlinkSync(victim, join(policyFolder, 'inner'));
    assert.equal(await runSilently(installer), 0);
    assert.deepEqual(readdirSync(policyFolder), []);
    const [aside, ...more] = setAside();
    assert.deepEqual(more, []);
    assert.deepEqual(readdirSync(join(programData, aside!)).sort(), ['inner', 'policy.json']);
    victimUntouched();
  });

  it('bad input: a file a user put in its place: set aside, and the folder made', async () => {
    writeFileSync(policyFolder, 'not a folder');
    assert.equal(await runSilently(installer), 0);
    assert.ok(lstatSync(policyFolder).isDirectory());
    assert.equal(readFileSync(join(programData, setAside()[0]!), 'utf8'), 'not a folder');
  });

  it('keeps the folder of an earlier install with the administrator’s policy in it (Wine’s user standing in for Administrators)', async () => {
    assert.equal(await runSilently(trustingWineUser), 0);
    writeFileSync(join(policyFolder, 'policy.json'), '{"autoSync": false}');
    assert.equal(await runSilently(trustingWineUser), 0);
    assert.equal(readFileSync(join(policyFolder, 'policy.json'), 'utf8'), '{"autoSync": false}');
    assert.deepEqual(setAside(), []);
  });
});

describe("the test installer's uninstaller, run silently under Wine", () => {
  let installer: string;
  before(() => {
    installer = compile('scribe-desk-test-x64');
  });
  beforeEach(async () => {
    clearThePlace();
    assert.equal(await runSilently(installer), 0);
    assert.ok(lstatSync(policyFolder).isDirectory(), 'the installer made the policy folder');
    mkdirSync(userData, { recursive: true });
    writeFileSync(join(userData, 'settings.json'), '{"autoSync": true}');
  });

  /** Uninstalls, and waits for the copy of itself that NSIS's uninstaller runs from the temporary folder to finish. */
  async function uninstall(): Promise<void> {
    assert.equal(await runSilently(join(programFolder, 'Uninstall Scribe Desk.exe')), 0);
    for (const started = Date.now(); existsSync(programFolder); await new Promise((resolve) => setTimeout(resolve, 50))) {
      assert.ok(Date.now() - started < 20_000, 'the uninstaller removed the program within 20 s');
    }
  }

  it('removes the program and the empty policy folder it made, and leaves the user’s data', async () => {
    await uninstall();
    assert.ok(!existsSync(policyFolder), 'the empty policy folder is gone');
    assert.equal(readFileSync(join(userData, 'settings.json'), 'utf8'), '{"autoSync": true}');
  });

  it('leaves the policy folder when the administrator’s policy is in it', async () => {
    writeFileSync(join(policyFolder, 'policy.json'), '{"autoSync": false}');
    await uninstall();
    assert.equal(readFileSync(join(policyFolder, 'policy.json'), 'utf8'), '{"autoSync": false}');
    assert.equal(readFileSync(join(userData, 'settings.json'), 'utf8'), '{"autoSync": true}');
  });
});
