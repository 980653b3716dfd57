/** `npm run sandbox`: the sandbox alone, for trying the interface with curl. */
import { SandboxServer } from './sandbox-server';

const port = Number(process.env.SANDBOX_PORT ?? 0);
const sandbox = await SandboxServer.start({ port, jweKeys: process.env.SANDBOX_JWE_KEY ? { [process.env.SANDBOX_JWE_KID ?? '1']: process.env.SANDBOX_JWE_KEY } : {} });
const lines = [
  `Scribe Desk sandbox service (test data only)`,
  `URL:           ${sandbox.url}`,
  `Client id:     ${sandbox.clientCredentials.clientId}`,
  `Client secret: ${sandbox.clientCredentials.clientSecret}`,
  `Token:         ${sandbox.token}   (long-lived; also the control endpoint's token)`,
  ``,
  `Sign in: curl -X POST -H "Content-Type: application/json" -d '{"client_id":"${sandbox.clientCredentials.clientId}","client_secret":"${sandbox.clientCredentials.clientSecret}"}' ${sandbox.url}/connect-auth/v1/account/login`,
  `Try:     curl -H "Authorization: Bearer ${sandbox.token}" ${sandbox.url}/voice/api/v3/status/unknown-txn`,
  `Faults:  curl -X POST -H "Authorization: Bearer ${sandbox.token}" -d '{"failNext":2,"tokenLifetimeSeconds":5}' ${sandbox.url}/__sandbox/faults`,
  `Stop with Ctrl+C.`,
];
process.stdout.write(`${lines.join('\n')}\n`);
const stop = () => void sandbox.stop().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
