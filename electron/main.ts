/**
 * Electron main process: one locked-down window over the core. Kept thin;
 * the core (electron/core/app) runs under plain Node and is tested there.
 */
import { app, BrowserWindow, dialog, net, protocol, safeStorage, session } from 'electron';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createAppService } from './app';
import { fileUrlPath, parseFileUrlPath } from './transport/file-urls';
import { errorBody, httpStatus } from './kernel/errors';
import { forwardEvents, registerIpc } from './ipc';

const SCHEME = 'touchstone-file';
// dist/main.cjs sits next to dist/preload.cjs and dist/renderer/.
const rendererIndex = join(__dirname, 'renderer', 'index.html');
const pageUrl = pathToFileURL(rendererIndex).href;

protocol.registerSchemesAsPrivileged([{ scheme: SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } }]);
app.enableSandbox();

function isTrustedUrl(url: string): boolean {
  return url === pageUrl || url.startsWith(`${pageUrl}#`) || url.startsWith(`${pageUrl}?`);
}

async function createWindow(): Promise<void> {
  const win = new BrowserWindow({
    width: 1480,
    height: 920,
    minWidth: 1000,
    minHeight: 640,
    show: false,
    backgroundColor: '#0f1115',
    title: 'Touchstone',
    webPreferences: {
      preload: join(__dirname, 'preload.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: false,
    },
  });

  const service = createAppService({
    mode: 'desktop',
    version: app.getVersion(),
    stateDir: app.getPath('userData'),
    // API keys encrypted by the OS keyring; where none is usable (Linux's basic_text is a fixed password) they go to a 0600 file as in web mode.
    ...(safeStorage.isEncryptionAvailable() && (process.platform !== 'linux' || safeStorage.getSelectedStorageBackend() !== 'basic_text') ? { secretCipher: { encrypt: (s: string) => safeStorage.encryptString(s), decrypt: (b: Buffer) => safeStorage.decryptString(b) } } : {}),
    fileUrl: (id, rel) => `${SCHEME}://dataset${fileUrlPath(id, rel)}`,
    pickFolder: async () => {
      const r = await dialog.showOpenDialog(win, { title: 'Open a LlamaTouch dataset', properties: ['openDirectory'] });
      return r.canceled ? null : (r.filePaths[0] ?? null);
    },
  });

  // Screenshots: only images inside an opened dataset root (RootGuard), never anything else on disk.
  protocol.handle(SCHEME, async (req) => {
    const ref = parseFileUrlPath(new URL(req.url).pathname);
    if (!ref) return new Response('Malformed file URL.', { status: 400 });
    try {
      return await net.fetch(pathToFileURL(await service.resolveScreenFile(ref.datasetId, ref.relPath)).href);
    } catch (err) {
      const body = errorBody(err);
      return new Response(body.message, { status: httpStatus(body.code) });
    }
  });

  const unregister = registerIpc(service, isTrustedUrl);
  const stopEvents = forwardEvents(service, win.webContents);
  win.on('closed', () => {
    stopEvents();
    unregister();
    // Virtual devices started from this window stop with it (they are servers of this process).
    void service.close?.();
  });
  win.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
  win.webContents.on('will-navigate', (e) => e.preventDefault());
  win.webContents.on('will-redirect', (e) => e.preventDefault());
  win.webContents.on('will-attach-webview', (e) => e.preventDefault());
  win.once('ready-to-show', () => win.show());
  await win.loadFile(rendererIndex);
}

app.whenReady().then(async () => {
  session.defaultSession.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  await createWindow();
}).catch((err: unknown) => {
  console.error(`Touchstone failed to start: ${err instanceof Error ? err.message : String(err)}`);
  app.exit(1);
});

app.on('window-all-closed', () => app.quit());
