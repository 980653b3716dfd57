// Makes sure Electron's binary is present before electron-vite or the tests need it.
import { electronExecutable } from './electron-path.mjs';

try {
  console.log(`Electron: ${electronExecutable()}`);
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
