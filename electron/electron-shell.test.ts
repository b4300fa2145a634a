/**
 * The three Electron files run only inside Electron, which is not installed
 * here. These tests bundle the real preload.ts / ipc.ts as the build does and
 * run them against a stand-in for the 'electron' module (only the few API
 * calls they make), to check what the bundles expose and refuse.
 */
import { describe, expect, it } from 'vitest';
import { build } from 'esbuild';
import { createRequire } from 'node:module';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { CALL_NAMES, type TouchstoneBridge } from '../shared/contract';
import { createAppService } from './core/app/app-service';

async function bundle(entry: string): Promise<string> {
  const r = await build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'cjs', external: ['electron'], write: false, logLevel: 'silent' });
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
  it('exposes exactly the contract calls, forwards them over IPC and unwraps errors', async () => {
    const exposed: Record<string, TouchstoneBridge> = {};
    const invoked: Array<[string, unknown]> = [];
    const fake = {
      contextBridge: { exposeInMainWorld: (key: string, api: TouchstoneBridge) => (exposed[key] = api) },
      ipcRenderer: {
        invoke: async (name: string, args: unknown) => {
          invoked.push([name, args]);
          return name === 'dataset:open' ? { ok: false, error: { code: 'refused', message: 'Opening /x refused' } } : { ok: true, value: `result of ${name}` };
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
    await expect(bridge.calls['app:info']({})).resolves.toBe('result of app:info');
    await expect(bridge.calls['dataset:open']({ path: '/x' })).rejects.toThrow('Opening /x refused');
    expect(invoked).toEqual([['app:info', {}], ['dataset:open', { path: '/x' }]]);
    expect(() => bridge.on('no:such' as 'dataset:progress', () => undefined)).toThrow(/Unknown event/);
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
