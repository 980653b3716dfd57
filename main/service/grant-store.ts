/** Keeps the sign-in's tokens between runs, in the secret vault, for one service and client only. */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { SecretVault } from '../settings/secret-vault';
import type { ClientCredentials, TokenGrant } from '../api/auth-grant';
import type { GrantStore } from './client-credentials-sign-in';

const storedSchema = z.object({
  owner: z.string(),
  grant: z.object({
    accessToken: z.string(),
    issuedAt: z.number(),
    expiresAt: z.number(),
    refreshToken: z.string().nullable(),
    refreshExpiresAt: z.number().nullable(),
  }),
});

/** Whose tokens these are: the service and the credentials they were issued for (the secret only as a hash). */
export function grantOwner(baseUrl: string, credentials: ClientCredentials): string {
  const secretHash = createHash('sha256').update(credentials.clientSecret).digest('base64url').slice(0, 16);
  return `${baseUrl}|${credentials.clientId}|${secretHash}`;
}

export function vaultGrantStore(vault: SecretVault, owner: string): GrantStore {
  return {
    load(): TokenGrant | null {
      const text = vault.get('serviceSession');
      if (!text) return null;
      try {
        const stored = storedSchema.parse(JSON.parse(text));
        return stored.owner === owner ? stored.grant : null;
      } catch {
        return null;
      }
    },
    save(grant: TokenGrant | null): void {
      vault.set('serviceSession', grant ? JSON.stringify({ owner, grant }) : '');
    },
  };
}

/** For the sandbox, whose tokens die with it: memory only. */
export function memoryGrantStore(): GrantStore {
  let kept: TokenGrant | null = null;
  return {
    load: () => kept,
    save: (grant) => {
      kept = grant;
    },
  };
}
