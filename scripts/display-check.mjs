// Whether the display the environment names has a server behind it: a DISPLAY or
// WAYLAND_DISPLAY left over from another session would make Electron fail with little to go on.
import { createConnection } from 'node:net';
import { join } from 'node:path';

const ANSWER_WAIT_MS = 1_500;

function answers(options) {
  return new Promise((resolve) => {
    const socket = createConnection(options);
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(ANSWER_WAIT_MS, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** An X display `[host]:number[.screen]`: its Unix socket (file, then abstract) for a local one, TCP 6000+n for a host. */
async function xServerAnswers(display) {
  const match = /^(?:unix)?([^:]*):(\d+)(?:\.\d+)?$/.exec(display);
  if (!match) return false;
  const [, host, number] = match;
  if (host && host !== 'localhost' && host !== 'unix') return answers({ host, port: 6000 + Number(number) });
  const path = `/tmp/.X11-unix/X${number}`;
  if (await answers({ path })) return true;
  if (await answers({ path: `\0${path}` })) return true;
  return host === 'localhost' && answers({ host, port: 6000 + Number(number) });
}

function waylandAnswers(name) {
  const runtime = process.env.XDG_RUNTIME_DIR;
  if (!name.startsWith('/') && !runtime) return Promise.resolve(false);
  return answers({ path: name.startsWith('/') ? name : join(runtime, name) });
}

/**
 * `none` when neither variable is set, `live` when one names a server that answers, else `dead`
 * with the variable that was set.
 */
export async function displayState(env = process.env) {
  const { DISPLAY: x, WAYLAND_DISPLAY: wayland } = env;
  if (!x && !wayland) return { kind: 'none' };
  if (x && (await xServerAnswers(x))) return { kind: 'live' };
  if (wayland && (await waylandAnswers(wayland))) return { kind: 'live' };
  return { kind: 'dead', variable: x ? `DISPLAY=${x}` : `WAYLAND_DISPLAY=${wayland}` };
}
