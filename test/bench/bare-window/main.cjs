// The baseline for start-up: a bare Electron window with one button, nothing else. Like the
// app, it takes --user-data-dir, so that both start with a new data folder each time. With
// --with-utility-process it also starts an empty utility process beside the window, as the app
// starts its recorder's: what Electron alone costs for the process the microphone needs.
const { app, BrowserWindow, utilityProcess } = require('electron');
const { join } = require('node:path');

const dataFolder = process.argv.find((arg) => arg.startsWith('--user-data-dir='));
if (dataFolder) app.setPath('userData', dataFolder.slice('--user-data-dir='.length));

app.whenReady().then(() => {
  const window = new BrowserWindow({ width: 1200, height: 800, show: false, webPreferences: { sandbox: true, contextIsolation: true } });
  window.once('ready-to-show', () => window.show());
  void window.loadFile(join(__dirname, 'index.html'));
  if (process.argv.includes('--with-utility-process')) utilityProcess.fork(join(__dirname, 'idle-utility.cjs'), [], { serviceName: 'bare utility', stdio: 'ignore' });
});
app.on('window-all-closed', () => app.quit());
