/**
 * One datagram to a Unix socket (the journal's, syslog's): Node has no Unix datagram socket
 * of its own, so libc's socket, sendto and close are called through koffi. Linux only; loaded
 * at the first datagram.
 */
import { createRequire } from 'node:module';
import type * as Koffi from 'koffi';

const loadCommonJs = createRequire(import.meta.url);

const AF_UNIX = 1;
const SOCK_DGRAM = 2;
const SOCK_CLOEXEC = 0o2000000;
/** sockaddr_un: the family, then the path (at most 107 bytes and its NUL). */
const SUN_PATH_BYTES = 108;

/** A datagram the socket did not take: the errno's name where known ("ENOENT", "ECONNREFUSED"), or its number. */
export class DatagramRefused extends Error {
  constructor(readonly code: string) {
    super(`the socket refused the message (${code})`);
  }
}

const ERRNO_NAMES: Record<number, string> = { 2: 'ENOENT', 11: 'EAGAIN', 13: 'EACCES', 90: 'EMSGSIZE', 105: 'ENOBUFS', 111: 'ECONNREFUSED' };

let libc: ReturnType<typeof loadLibc> | null = null;

function loadLibc() {
  const koffi = loadCommonJs('koffi') as typeof Koffi;
  const lib = koffi.load('libc.so.6');
  return {
    errno: () => koffi.errno(),
    socket: lib.func('int socket(int domain, int type, int protocol)'),
    sendto: lib.func('intptr_t sendto(int fd, const uint8_t *buf, uintptr_t len, int flags, const uint8_t *addr, uint32_t addrlen)'),
    close: lib.func('int close(int fd)'),
  };
}

function addressOf(path: string): Buffer {
  const bytes = Buffer.from(path, 'utf8');
  if (bytes.length >= SUN_PATH_BYTES) throw new DatagramRefused('ENAMETOOLONG');
  const address = Buffer.alloc(2 + bytes.length + 1);
  address.writeUInt16LE(AF_UNIX, 0);
  bytes.copy(address, 2);
  return address;
}

/** Sends `message` to the datagram socket at `path`; throws DatagramRefused when it is not taken whole. */
export function sendDatagram(path: string, message: Buffer): void {
  libc ??= loadLibc();
  const address = addressOf(path);
  const fd = libc.socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0) as number;
  if (fd < 0) throw new DatagramRefused(ERRNO_NAMES[libc.errno()] ?? String(libc.errno()));
  try {
    const sent = Number(libc.sendto(fd, message, message.length, 0, address, address.length));
    if (sent !== message.length) throw new DatagramRefused(sent < 0 ? (ERRNO_NAMES[libc.errno()] ?? String(libc.errno())) : 'cut short');
  } finally {
    libc.close(fd);
  }
}
