import { describe, expect, it } from 'vitest';
import { decryptResponse, deriveJweKey, encryptJson } from '../../../main/api/jwe';
import { ServiceError } from '../../../main/api/service-error';
import { decryptCbcHmac, encryptCbcHmac } from '../../../main/sandbox/aes-cbc-hmac';
import { PROTECTED_HEADER, decryptRequest, encryptResponse } from '../../../main/sandbox/sandbox-jwe';

const hex = (text: string) => Buffer.from(text.replace(/\s+/g, ''), 'hex');

/** RFC 7518 Appendix B.1: AES_128_CBC_HMAC_SHA_256. */
const B1 = {
  key: hex('000102030405060708090a0b0c0d0e0f 101112131415161718191a1b1c1d1e1f'),
  plaintext: Buffer.from(
    'A cipher system must not be required to be secret, and it must be able to fall into the hands of the enemy without inconvenience',
  ),
  iv: hex('1af38c2dc2b96ffdd86694092341bc04'),
  aad: Buffer.from('The second principle of Auguste Kerckhoffs'),
  ciphertext: hex(`c80edfa32ddf39d5ef00c0b468834279a2e46a1b8049f792f76bfe54b903a9c9
    a94ac9b47ad2655c5f10f9aef71427e2fc6f9b3f399a221489f16362c7032336
    09d45ac69864e3321cf82935ac4096c86e133314c54019e8ca7980dfa4b9cf1b
    384c486f3a54c51078158ee5d79de59fbd34d848b3d69550a67646344427ade5
    4b8851ffb598f7f80074b9473c82e2db`),
  tag: hex('652c3fa36b0a7c5b3219fab3a30bc1c4'),
};

const CLIENT_KEY = 'clinic-key-0001!';
const key = deriveJweKey(CLIENT_KEY, 'kid-7');
const keys = new Map([['kid-7', CLIENT_KEY]]);

describe('A128CBC-HS256 on node:crypto (the sandbox side)', () => {
  it('reproduces RFC 7518 B.1', () => {
    const parts = encryptCbcHmac(B1.key, B1.plaintext, B1.aad, B1.iv);
    expect(parts.ciphertext.toString('hex')).toBe(B1.ciphertext.toString('hex'));
    expect(parts.tag.toString('hex')).toBe(B1.tag.toString('hex'));
    expect(decryptCbcHmac(B1.key, { iv: B1.iv, ciphertext: B1.ciphertext, tag: B1.tag }, B1.aad)?.toString()).toBe(B1.plaintext.toString());
  });

  it('refuses a changed tag, ciphertext or AAD', () => {
    const flipped = (buffer: Buffer) => Buffer.from(buffer.map((byte, index) => (index === 3 ? byte ^ 1 : byte)));
    expect(decryptCbcHmac(B1.key, { iv: B1.iv, ciphertext: B1.ciphertext, tag: flipped(B1.tag) }, B1.aad)).toBeNull();
    expect(decryptCbcHmac(B1.key, { iv: B1.iv, ciphertext: flipped(B1.ciphertext), tag: B1.tag }, B1.aad)).toBeNull();
    expect(decryptCbcHmac(B1.key, { iv: B1.iv, ciphertext: B1.ciphertext, tag: B1.tag }, Buffer.from('other'))).toBeNull();
  });
});

describe('client JWE (jose) against the node:crypto implementation', () => {
  it('derives the key as the client key twice, and refuses one that does not make 32 bytes', () => {
    expect(Buffer.from(key.secret).toString()).toBe(CLIENT_KEY + CLIENT_KEY);
    expect(() => deriveJweKey('short', 'k')).toThrow(ServiceError);
    expect(() => deriveJweKey('ééééééééé', 'k')).toThrow(/36 bytes/);
    expect(() => deriveJweKey(CLIENT_KEY, ' ')).toThrow(/kid/);
  });

  it('jose encrypts what node:crypto decrypts', async () => {
    const envelope = await encryptJson({ aadhaar_number: '234123412346' }, key);
    expect(Object.keys(envelope).sort()).toEqual(['ciphertext', 'iv', 'kid', 'protected', 'tag']);
    expect(JSON.parse(Buffer.from(envelope.protected, 'base64url').toString())).toEqual({ alg: 'dir', enc: 'A128CBC-HS256' });
    expect(decryptRequest(envelope, keys)).toMatchObject({ ok: true, payload: { aadhaar_number: '234123412346' }, kid: 'kid-7' });
  });

  it('node:crypto encrypts what jose decrypts, with and without `protected`', async () => {
    const payload = { hint: 'OTP sent', txn_id: 't-1' };
    const requestProtected = (await encryptJson({}, key)).protected;
    for (const aad of ['protected', 'request', 'empty'] as const) {
      const body = encryptResponse(payload, CLIENT_KEY, aad, requestProtected);
      expect('protected' in body).toBe(aad === 'protected');
      await expect(decryptResponse(body as never, key.secret, requestProtected)).resolves.toEqual(payload);
    }
    expect(PROTECTED_HEADER).toBe('eyJhbGciOiJkaXIiLCJlbmMiOiJBMTI4Q0JDLUhTMjU2In0');
  });

  it('treats any altered field as tampering', async () => {
    const body = encryptResponse({ ok: true }, CLIENT_KEY, 'protected', '');
    const alter = (value: string) => (value[0] === 'A' ? 'B' : 'A') + value.slice(1);
    for (const field of ['iv', 'ciphertext', 'tag', 'protected'] as const) {
      const tampered = { ...body, [field]: alter(body[field]!) };
      await expect(decryptResponse(tampered as never, key.secret, null)).rejects.toMatchObject({ kind: expect.stringMatching(/encryption|malformed_response/) });
    }
    const wrongKey = deriveJweKey('another-key-0002', 'kid-7');
    await expect(decryptResponse(body as never, wrongKey.secret, null)).rejects.toMatchObject({ kind: 'encryption' });
  });

  it('refuses an answer without `protected` whose tag matches neither the request header nor an empty AAD', async () => {
    const body = encryptResponse({ ok: true }, CLIENT_KEY, 'request', 'eyJzb21ldGhpbmciOiJlbHNlIn0');
    await expect(decryptResponse(body as never, key.secret, PROTECTED_HEADER)).rejects.toMatchObject({ kind: 'encryption' });
  });
});
