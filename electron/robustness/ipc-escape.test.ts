/**
 * The root-escape table through the desktop transport: the IPC handlers as
 * electron/ipc.ts registers them (bundled as the build does, against a
 * stand-in ipcMain, as electron-shell.test.ts does), and the screenshot
 * protocol's path (parseFileUrlPath + resolveScreenFile, as main.ts uses them).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from 'esbuild';
import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { createAppService } from '../app';
import { parseFileUrlPath } from '../transport/file-urls';
import { errorBody, httpStatus } from '../kernel/errors';
import { readExecutionTrace } from '../core/datasets/execution-trace';
import { readHumanLabelsFile } from '../core/datasets/write-dataset';
import { buildEscapeWorld, type EscapeWorld } from './escape-world';
import { runEscapeTable, type Reply, type Transport } from './escape-table';
import { pathCalls, runPathFieldTable } from './path-field-table';
import { tally } from './tally';

const cases = tally('root escapes over IPC');
type Handler = (event: unknown, args: unknown) => Promise<{ ok: boolean; value?: unknown; error?: { code: string; message: string } }>;

async function ipcTransport(w: EscapeWorld, stateDir: string): Promise<Transport> {
  const code = (await build({ entryPoints: [join(import.meta.dirname, '../ipc.ts')], bundle: true, platform: 'node', format: 'cjs', external: ['electron'], write: false, logLevel: 'silent' })).outputFiles[0].text;
  const handlers = new Map<string, Handler>();
  const fake = { ipcMain: { handle: (n: string, h: Handler) => handlers.set(n, h), removeHandler: (n: string) => handlers.delete(n) } };
  const nodeRequire = createRequire(import.meta.url);
  const module = { exports: {} as Record<string, unknown> };
  runInNewContext(code, { module, exports: module.exports, console, process, Buffer, URL, setTimeout, require: (n: string) => (n === 'electron' ? fake : nodeRequire(n)) });
  const service = createAppService({ mode: 'desktop', stateDir, fileUrl: () => '', allowedRoots: [w.root] });
  const page = 'file:///opt/touchstone/dist/renderer/index.html';
  (module.exports.registerIpc as (s: unknown, t: (u: string) => boolean) => void)(service, (u) => u === page);
  return {
    async call(name, args): Promise<Reply> {
      const h = handlers.get(name);
      if (!h) throw new Error(`no handler ${name}`);
      const r = await h({ senderFrame: { url: page } }, args);
      return { ok: r.ok, code: r.error?.code, value: r.value, text: JSON.stringify(r) };
    },
    async file(datasetId, rawRel) {
      // As main.ts's protocol handler reads its URLs (WHATWG parsing first, as for serve).
      const ref = parseFileUrlPath(new URL(`touchstone-file://dataset/${datasetId}/${rawRel}`).pathname);
      if (!ref) return { status: 400, text: 'Malformed file URL.' };
      try {
        return { status: 200, text: readFileSync(await service.resolveScreenFile(ref.datasetId, ref.relPath), 'latin1') };
      } catch (err) {
        const body = errorBody(err);
        return { status: httpStatus(body.code), text: body.message };
      }
    },
  };
}

describe('root escapes through the IPC handlers', () => {
  let w: EscapeWorld;
  let state: string;
  beforeAll(() => {
    w = buildEscapeWorld();
    state = mkdtempSync(join(tmpdir(), 'touchstone-ipc-state-'));
  });
  afterAll(() => {
    cases.print();
    rmSync(w.base, { recursive: true, force: true });
    rmSync(state, { recursive: true, force: true });
  });

  it('refuses every way out of the root and never returns outside contents', async () => {
    const t = await ipcTransport(w, state);
    await runEscapeTable(t, w, cases);
    expect(cases.total()).toBeGreaterThan(50);
    // Every call whose schema has a path field, each field attacked (generated from the contract's tags).
    const ids = {
      datasetId: ((await t.call('dataset:open', { path: 'ds' })).value as { id: string }).id,
      evalId: ((await t.call('eval:open', { dataset: 'evalds', agents: [{ name: 'clean', path: 'clean-traces' }] })).value as { evalId: string }).evalId,
    };
    const attacked = await runPathFieldTable(t, w, ids, cases);
    expect([...attacked].sort()).toEqual(pathCalls().map((c) => c.name).sort());
  });

  // Traces and labels have no call of their own yet; the core readers behind them hold the same line.
  it('an execution trace whose files link out, and a labels file that links out, are refused file by file', async () => {
    const t = await readExecutionTrace(join(w.root, 'traces', 'ep'));
    expect(JSON.stringify(t)).not.toContain(w.canary);
    const refused = t.problems.filter((p) => /refused/.test(p.message)).map((p) => p.file).sort();
    expect(refused).toEqual(['captured_data/action/0.action', 'captured_data/activity/0.activity', 'captured_data/screenshot/0.png', 'captured_data/xml/0.xml', 'installed_apps/installed_apps.txt']);
    expect(t.steps[0]).toMatchObject({ index: 0, action: { kind: 'none' } });
    expect(t.steps[0].screenshot).toBeUndefined();
    cases.add('trace files', 5);
    await expect(readHumanLabelsFile(join(w.root, 'labels.csv'))).rejects.toThrow(/refused/);
    cases.add('labels');
  });
});
