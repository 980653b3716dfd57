/** Policies the tests start the app with: given with --policy, or as the machine's own in /etc/scribe-desk. */
import { chmodSync, chownSync, existsSync, mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import type { SandboxServer } from '../../../main/sandbox/sandbox-server';

/** The app pointed at a sandbox of the test's own as a custom service, with its long-lived token; `extra`, further policy settings. */
export function customService(sandbox: SandboxServer, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { service: 'custom', customServiceUrl: sandbox.url, accessToken: sandbox.token, ...extra };
}

/** Where a Linux computer's administrator puts the policy (main/settings/policy.ts). */
export const MACHINE_POLICY_FOLDER = '/etc/scribe-desk';
export const MACHINE_POLICY = `${MACHINE_POLICY_FOLDER}/policy.json`;

/** Who owns a file or folder and its mode: root's 0755 folders and 0644 files unless a test says otherwise. */
export interface Ownership {
  uid: number;
  mode: number;
}

/**
 * The machine policy folder for one test (the test needs root): whatever /etc/scribe-desk held is
 * set aside, and put back by `restore`, passed or failed. Writes the policy as the test asks:
 * owned and permitted as given, or as a link to a file elsewhere.
 */
export function machinePolicyFolder() {
  const backup = `${MACHINE_POLICY_FOLDER}.scribe-test-backup-${process.pid}`;
  const had = existsSync(MACHINE_POLICY_FOLDER);
  if (had) renameSync(MACHINE_POLICY_FOLDER, backup);
  const reset = (folder: Ownership) => {
    rmSync(MACHINE_POLICY_FOLDER, { recursive: true, force: true });
    mkdirSync(MACHINE_POLICY_FOLDER);
    chownSync(MACHINE_POLICY_FOLDER, folder.uid, folder.uid);
    chmodSync(MACHINE_POLICY_FOLDER, folder.mode);
  };
  return {
    write(policy: object, { folder = { uid: 0, mode: 0o755 }, file = { uid: 0, mode: 0o644 } }: { folder?: Ownership; file?: Ownership } = {}): void {
      reset(folder);
      writeFileSync(MACHINE_POLICY, JSON.stringify(policy));
      chownSync(MACHINE_POLICY, file.uid, file.uid);
      chmodSync(MACHINE_POLICY, file.mode);
    },
    /** The policy as a link to `target` (written there with the test's own owner and mode). */
    link(policy: object, target: string): void {
      reset({ uid: 0, mode: 0o755 });
      writeFileSync(target, JSON.stringify(policy), { mode: 0o644 });
      symlinkSync(target, MACHINE_POLICY);
    },
    restore(): void {
      rmSync(MACHINE_POLICY_FOLDER, { recursive: true, force: true });
      if (had) renameSync(backup, MACHINE_POLICY_FOLDER);
    },
  };
}
