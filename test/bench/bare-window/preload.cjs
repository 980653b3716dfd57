// The shell's preload (--as-app-shell): one call to main, through the context bridge, as the app's.
const { contextBridge, ipcRenderer } = require('electron');
contextBridge.exposeInMainWorld('bare', { ping: () => ipcRenderer.invoke('bare:ping') });
