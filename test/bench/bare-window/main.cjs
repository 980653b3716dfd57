// The baseline for start-up: a bare Electron window with one button, nothing else.
const { app, BrowserWindow } = require('electron');
const { join } = require('node:path');

app.whenReady().then(() => {
  const window = new BrowserWindow({ width: 1200, height: 800, show: false, webPreferences: { sandbox: true, contextIsolation: true } });
  window.once('ready-to-show', () => window.show());
  void window.loadFile(join(__dirname, 'index.html'));
});
app.on('window-all-closed', () => app.quit());
