/**
 * The three Electron files run only inside Electron, which is not installed
 * here. These tests bundle the real preload.ts / ipc.ts as the build does and
 * run them against a stand-in for the 'electron' module (only the few API
 * calls they make), to check what the bundles expose and refuse.
 */
import { describe, expect, it } from 'vitest';
import { build } from 'esbuild';
import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { CALL_NAMES, type TouchstoneBridge } from '../shared/contract';
import { createAppService } from './app';
import { bridgeTransport } from '../renderer/api/bridge-transport';
import { CallError, createClient } from '../renderer/api/client';

/** `packages` 'external' leaves node_modules out, as scripts/build.mjs does for main (native modules cannot be bundled). */
async function bundle(entry: string, packages?: 'external'): Promise<string> {
  const r = await build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'cjs', external: ['electron'], write: false, logLevel: 'silent', ...(packages ? { packages } : {}) });
  return r.outputFiles[0].text;
}

/** Runs a CJS bundle with `electron` resolved to `fake`; `allowNode` also lets it require Node modules. */
function run(code: string, fake: unknown, allowNode: boolean): Record<string, unknown> {
  const nodeRequire = createRequire(import.meta.url);
  const module = { exports: {} as Record<string, unknown> };
  runInNewContext(code, {
    module, exports: module.exports, console, process, Buffer, URL, setTimeout,
    require: (name: string) => {
      if (name === 'electron') return fake;
      if (allowNode) return nodeRequire(name);
      throw new Error(`sandboxed preload tried to require ${name}`);
    },
  });
  return module.exports;
}

describe('preload bundle', () => {
  it('exposes exactly the contract calls, forwards them over IPC and carries error codes to the typed client', async () => {
    const exposed: Record<string, TouchstoneBridge> = {};
    const invoked: Array<[string, unknown]> = [];
    const fake = {
      contextBridge: { exposeInMainWorld: (key: string, api: TouchstoneBridge) => (exposed[key] = api) },
      ipcRenderer: {
        invoke: async (name: string, args: unknown) => {
          invoked.push([name, args]);
          if (name === 'dataset:open') return { ok: false, error: { code: 'refused', message: 'Opening /x refused' } };
          if (name === 'dataset:check') return { ok: false, error: { code: 'cancelled', message: 'Checking d: cancelled.' } };
          return { ok: true, value: `result of ${name}` };
        },
        on: () => undefined,
        removeListener: () => undefined,
      },
    };
    run(await bundle('electron/preload.ts'), fake, false);
    expect(Object.keys(exposed)).toEqual(['touchstone']);
    const bridge = exposed.touchstone;
    expect(Object.keys(bridge).sort()).toEqual(['calls', 'on']);
    expect(Object.keys(bridge.calls).sort()).toEqual([...CALL_NAMES].sort());
    await expect(bridge.calls['app:info']({})).resolves.toEqual({ ok: true, value: 'result of app:info' });
    await expect(bridge.calls['dataset:open']({ path: '/x' })).resolves.toEqual({ ok: false, error: { code: 'refused', message: 'Opening /x refused' } });
    expect(invoked).toEqual([['app:info', {}], ['dataset:open', { path: '/x' }]]);
    // The renderer's client over this bridge throws CallError with the core's code.
    const client = createClient(bridgeTransport(bridge));
    await expect(client.call('app:info', {})).resolves.toBe('result of app:info');
    const refused = await client.call('dataset:open', { path: '/x' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CallError);
    expect(refused).toMatchObject({ code: 'refused', call: 'dataset:open', message: 'Opening /x refused' });
    await expect(client.call('dataset:check', { datasetId: 'd' })).rejects.toMatchObject({ code: 'cancelled', call: 'dataset:check' });
    expect(() => bridge.on('no:such' as 'job:progress', () => undefined)).toThrow(/Unknown event/);
  });
});

describe('ipc handlers', () => {
  it('answer calls from the app page and refuse every other sender frame', async () => {
    const handlers = new Map<string, (event: unknown, args: unknown) => Promise<{ ok: boolean; value?: unknown; error?: { code: string } }>>();
    const fake = { ipcMain: { handle: (n: string, h: never) => handlers.set(n, h), removeHandler: (n: string) => handlers.delete(n) } };
    const ipc = run(await bundle('electron/ipc.ts'), fake, true) as { registerIpc: (s: unknown, trusted: (u: string) => boolean) => () => void };
    const service = createAppService({ mode: 'desktop', stateDir: mkdtempSync(join(tmpdir(), 'touchstone-ipc-')), fileUrl: () => '' });
    const page = 'file:///opt/touchstone/dist/renderer/index.html';
    const unregister = ipc.registerIpc(service, (u) => u === page);
    expect([...handlers.keys()].sort()).toEqual([...CALL_NAMES].sort());

    const from = (url: string | undefined) => ({ senderFrame: url === undefined ? null : { url } });
    await expect(handlers.get('app:info')!(from(page), {})).resolves.toMatchObject({ ok: true, value: { mode: 'desktop' } });
    for (const url of ['https://evil.example/', 'file:///tmp/other.html', 'devtools://devtools', '', undefined]) {
      await expect(handlers.get('app:info')!(from(url), {})).resolves.toMatchObject({ ok: false, error: { code: 'refused' } });
    }
    await expect(handlers.get('dataset:open')!(from(page), [])).resolves.toMatchObject({ ok: false, error: { code: 'bad-request' } });
    unregister();
    expect(handlers.size).toBe(0);
  });
});

describe('main bundle', () => {
  it('opens one locked-down window: sandbox, context isolation, no node, navigation/new windows/permissions denied, IPC from the page only', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'touchstone-main-'));
    const rec = {
      sandbox: false,
      schemes: [] as Array<{ scheme: string }>,
      windowOptions: null as null | { webPreferences: Record<string, unknown> },
      openHandler: null as null | ((d: { url: string }) => { action: string }),
      contentsEvents: new Map<string, (e: { preventDefault(): void }) => void>(),
      permission: null as null | ((wc: unknown, perm: string, cb: (ok: boolean) => void) => void),
      protocolHandler: null as null | ((req: Request) => Promise<Response>),
      ipc: new Map<string, (event: unknown, args: unknown) => Promise<{ ok: boolean; error?: { code: string } }>>(),
      loaded: '' as string,
      encrypted: 0,
    };
    let loaded!: () => void;
    const ready = new Promise<void>((r) => (loaded = r));
    class BrowserWindow {
      webContents = {
        setWindowOpenHandler: (h: typeof rec.openHandler) => (rec.openHandler = h),
        on: (name: string, h: (e: { preventDefault(): void }) => void) => rec.contentsEvents.set(name, h),
        isDestroyed: () => false,
        send: () => undefined,
      };
      constructor(opts: typeof rec.windowOptions) { rec.windowOptions = opts; }
      on() { return this; }
      once() { return this; }
      async loadFile(file: string) { rec.loaded = file; loaded(); }
    }
    const fake = {
      app: {
        enableSandbox: () => (rec.sandbox = true),
        whenReady: () => Promise.resolve(),
        on: () => undefined,
        getVersion: () => '0.0.0-test',
        getPath: () => dir,
        exit: (code: number) => { throw new Error(`app.exit(${code})`); },
      },
      BrowserWindow,
      dialog: { showOpenDialog: async () => ({ canceled: true, filePaths: [] }) },
      net: { fetch: async () => new Response('file') },
      protocol: {
        registerSchemesAsPrivileged: (s: Array<{ scheme: string }>) => rec.schemes.push(...s),
        handle: (_scheme: string, h: typeof rec.protocolHandler) => (rec.protocolHandler = h),
      },
      session: { defaultSession: { setPermissionRequestHandler: (h: typeof rec.permission) => (rec.permission = h) } },
      ipcMain: { handle: (n: string, h: never) => rec.ipc.set(n, h), removeHandler: (n: string) => rec.ipc.delete(n) },
      // A stand-in keyring: reversible, but the stored bytes are not the key.
      safeStorage: {
        isEncryptionAvailable: () => true,
        getSelectedStorageBackend: () => 'gnome_libsecret',
        encryptString: (s: string) => { rec.encrypted++; return Buffer.from(`enc:${[...s].reverse().join('')}`); },
        decryptString: (b: Buffer) => [...b.toString().slice(4)].reverse().join(''),
      },
    };
    const code = await bundle('electron/main.ts', 'external');
    const fakeDist = join(dir, 'dist');
    const nodeRequire = createRequire(import.meta.url);
    const module = { exports: {} };
    runInNewContext(code, {
      module, exports: module.exports, console, process, Buffer, URL, Request, Response, setTimeout, __dirname: fakeDist, __filename: join(fakeDist, 'main.cjs'),
      require: (name: string) => (name === 'electron' ? fake : nodeRequire(name)),
    });
    await ready;

    expect(rec.sandbox).toBe(true);
    expect(rec.schemes.map((s) => s.scheme)).toEqual(['touchstone-file']);
    expect(rec.windowOptions?.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true, preload: join(fakeDist, 'preload.cjs') });
    expect(rec.loaded).toBe(join(fakeDist, 'renderer', 'index.html'));
    expect(rec.openHandler?.({ url: 'https://example.com/' })).toEqual({ action: 'deny' });
    for (const name of ['will-navigate', 'will-redirect', 'will-attach-webview']) {
      let prevented = false;
      rec.contentsEvents.get(name)?.({ preventDefault: () => (prevented = true) });
      expect(prevented, name).toBe(true);
    }
    const granted: boolean[] = [];
    rec.permission?.(null, 'media', (ok) => granted.push(ok));
    expect(granted).toEqual([false]);

    expect([...rec.ipc.keys()].sort()).toEqual([...CALL_NAMES].sort());
    const page = `file://${join(fakeDist, 'renderer', 'index.html')}`;
    await expect(rec.ipc.get('app:info')!({ senderFrame: { url: page } }, {})).resolves.toMatchObject({ ok: true });
    await expect(rec.ipc.get('app:info')!({ senderFrame: { url: 'https://evil.example/' } }, {})).resolves.toMatchObject({ ok: false, error: { code: 'refused' } });

    // API keys: stored through the injected safeStorage cipher; the answer and the file carry no key.
    const key = 'sk-desktop-0123456789abcdef';
    await expect(rec.ipc.get('run:secretSet')!({ senderFrame: { url: page } }, { name: 'openai', value: key })).resolves.toEqual({ ok: true, value: { name: 'openai', set: true, last4: 'cdef' } });
    expect(rec.encrypted).toBe(1);
    expect(readFileSync(join(dir, 'secrets.json'), 'utf8')).not.toContain(key.slice(0, 12));
    await expect(rec.ipc.get('run:secrets')!({ senderFrame: { url: page } }, {})).resolves.toMatchObject({ ok: true, value: { storage: 'safeStorage' } });

    // Screenshots only through the guarded protocol: unknown datasets, non-images and junk are refused.
    expect((await rec.protocolHandler!(new Request('touchstone-file://dataset/nope/ep/0.png'))).status).toBe(404);
    expect((await rec.protocolHandler!(new Request('touchstone-file://dataset/x'))).status).toBe(400);
    rmSync(dir, { recursive: true, force: true });
  });
});
