/**
 * Which web addresses the app may talk to: https anywhere, plain http only to this computer
 * (the built-in sandbox, tests). Shared by settings validation, the policy, the service
 * client and the updater, so the rule is written once. Pure.
 */

/** 127.0.0.0/8, ::1 and `localhost`: traffic that never leaves this computer. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host === '::1') return true;
  const octets = host.split('.');
  return octets.length === 4 && octets[0] === '127' && octets.every((octet) => /^\d{1,3}$/.test(octet) && Number(octet) <= 255);
}

/** Why an address may not be used, or null when it may: https anywhere, http only on loopback. */
export function transportProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'Enter a full web address starting with https://, for example https://api.example.org.';
  }
  if (url.hostname === '') return 'Enter a full web address starting with https://, for example https://api.example.org.';
  if (url.username !== '' || url.password !== '') return 'The address must not contain a user name or password.';
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:') {
    return isLoopbackHost(url.hostname)
      ? null
      : 'Plain http:// is not allowed: patient data and credentials would travel unencrypted. Use an https:// address (http:// is accepted only for this computer, e.g. http://127.0.0.1).';
  }
  return 'Only https:// addresses can be used.';
}
