// The baseline for start-up: a bare Electron window with one button, nothing else. Like the
// app, it takes --user-data-dir, so that both start with a new data folder each time.
const { app, BrowserWindow } = require('electron');
const { join } = require('node:path');

const dataFolder = process.argv.find((arg) => arg.startsWith('--user-data-dir='));
if (dataFolder) app.setPath('userData', dataFolder.slice('--user-data-dir='.length));

app.whenReady().then(() => {
  const window = new BrowserWindow({ width: 1200, height: 800, show: false, webPreferences: { sandbox: true, contextIsolation: true } });
  window.once('ready-to-show', () => window.show());
  void window.loadFile(join(__dirname, 'index.html'));
});
app.on('window-all-closed', () => app.quit());
