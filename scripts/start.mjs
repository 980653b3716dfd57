// `npm start`: builds and starts the app with electron-vite's dev server, against the
// embedded sandbox unless settings say otherwise. Extra arguments go to the app.
import { spawn } from 'node:child_process';
import { electronExecutable } from './electron-path.mjs';

let executable;
try {
  executable = electronExecutable();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

const appArgs = process.argv.slice(2);
// Chromium refuses to run as root with its sandbox on; only then is it turned off.
if (process.getuid?.() === 0 && !appArgs.includes('--no-sandbox')) appArgs.push('--no-sandbox');

// A development build: the dev server's page address is honoured (main/build-kind.ts).
const env = { ...process.env, ELECTRON_EXEC_PATH: executable, SCRIBE_BUILD: 'development' };
const useXvfb = process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY;
const command = useXvfb ? 'xvfb-run' : 'npx';
const args = [...(useXvfb ? ['-a', 'npx'] : []), 'electron-vite', 'dev', '--', ...appArgs];
if (useXvfb) console.log('No display found: starting the app in a virtual display (xvfb-run).');

const child = spawn(command, args, { stdio: 'inherit', env });
child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 0)));
child.on('error', (error) => {
  console.error(`Could not start ${command}: ${error.message}`);
  process.exit(1);
});
