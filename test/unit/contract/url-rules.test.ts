/** The transport rule every address passes (settings, policy, service calls, updates): https anywhere, http only to this computer. */
import { describe, expect, it } from 'vitest';
import { transportProblem } from '../../../contract/url-rules';

describe('transportProblem', () => {
  it.each([
    'https://api.eka.care',
    'https://updates.example.org/scribe-desk/',
    'http://127.0.0.1:4010',
    'http://127.12.0.1/updates',
    'http://localhost:8080',
    'HTTP://LOCALHOST/x',
    'http://[::1]:9000/',
  ])('allows %s', (address) => {
    expect(transportProblem(address)).toBeNull();
  });

  it.each([
    ['http://api.eka.care', /^Plain http:\/\/ is not allowed/],
    ['http://localhost.evil.example', /^Plain http:\/\/ is not allowed/],
    ['http://127.0.0.1.evil.example', /^Plain http:\/\/ is not allowed/],
    ['http://[::ffff:7f00:1]/', /^Plain http:\/\/ is not allowed/],
    ['http://0.0.0.0:8080', /^Plain http:\/\/ is not allowed/],
    ['http://192.168.1.20', /^Plain http:\/\/ is not allowed/],
    ['https://user:secret@api.eka.care', /must not contain a user name or password/],
    ['http://127.0.0.1@evil.example', /must not contain a user name or password/],
    ['ftp://files.example.org', /^Only https:\/\//],
    ['file:///etc/passwd', /^Only https:\/\/|Enter a full web address/],
    ['ws://127.0.0.1', /^Only https:\/\//],
    ['api.eka.care', /^Enter a full web address/],
    ['', /^Enter a full web address/],
  ])('refuses %s', (address, reason) => {
    expect(transportProblem(address)).toMatch(reason);
  });
});
