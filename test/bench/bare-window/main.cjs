// The baseline for start-up: a bare Electron window with one button, nothing else. Like the
// app, it takes --user-data-dir, so that both start with a new data folder each time. With
// --with-utility-process it also starts an empty utility process beside the window, as the app
// starts its recorder's: what Electron alone costs for the process the microphone needs. With
// --as-app-shell it is the shell the app's architecture requires and nothing more: that empty
// utility process, the page served by a privileged app:// scheme (the origin the app's IPC
// checks and CSP rest on) and a sandboxed preload whose one call main answers.
const { app, BrowserWindow, ipcMain, protocol, utilityProcess } = require('electron');
const { readFile } = require('node:fs/promises');
const { join } = require('node:path');

const dataFolder = process.argv.find((arg) => arg.startsWith('--user-data-dir='));
if (dataFolder) app.setPath('userData', dataFolder.slice('--user-data-dir='.length));
const shell = process.argv.includes('--as-app-shell');
const withUtility = shell || process.argv.includes('--with-utility-process');
if (shell) protocol.registerSchemesAsPrivileged([{ scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true, codeCache: true } }]);

app.whenReady().then(() => {
  if (shell) {
    protocol.handle('app', async () => new Response(await readFile(join(__dirname, 'index.html')), { headers: { 'Content-Type': 'text/html', 'Content-Security-Policy': "default-src 'self'" } }));
    ipcMain.handle('bare:ping', () => 'pong');
  }
  const webPreferences = { sandbox: true, contextIsolation: true, ...(shell ? { preload: join(__dirname, 'preload.cjs') } : {}) };
  const window = new BrowserWindow({ width: 1200, height: 800, show: false, webPreferences });
  window.once('ready-to-show', () => window.show());
  void (shell ? window.loadURL('app://bare/index.html') : window.loadFile(join(__dirname, 'index.html')));
  if (withUtility) utilityProcess.fork(join(__dirname, 'idle-utility.cjs'), [], { serviceName: 'bare utility', stdio: 'ignore' });
});
app.on('window-all-closed', () => app.quit());
