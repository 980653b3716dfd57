// Another program for the paste test: one window whose rich-text field has the keyboard focus,
// like an EMR's note editor. Started with the same Electron runtime as the app.
import { app, BrowserWindow } from 'electron';

app.whenReady().then(() => {
  const window = new BrowserWindow({ width: 600, height: 400, title: 'Paste target', webPreferences: { sandbox: true, contextIsolation: true } });
  void window.loadURL(
    `data:text/html,${encodeURIComponent('<!doctype html><title>Paste target</title><div id="note" contenteditable="true" aria-label="Note" style="min-height:300px;border:1px solid #999"></div>')}`,
  );
  window.webContents.on('did-finish-load', () => {
    window.focus();
    void window.webContents.executeJavaScript('document.getElementById("note").focus()');
  });
});
