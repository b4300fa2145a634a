import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { WebSocket } from 'ws';
import { createAppService } from '../../electron/core/app/app-service';
import { startServer, type RunningServer } from '../../electron/server';
import { createClient } from '../api/client';
import { httpTransport, type WebSocketCtor } from '../api/http-transport';
import { createAppStore, type AppStore } from './create-store';

const EPISODES = resolve(import.meta.dirname, '..', '..', '..', 'shared', 'fixtures', 'llamatouch', 'episodes');

describe.skipIf(!existsSync(EPISODES))(`store flows against the real server${existsSync(EPISODES) ? '' : ' (skipped: ../shared/fixtures is absent)'}`, () => {
  let tmp: string;
  let server: RunningServer;
  let store: AppStore;
  let transport: ReturnType<typeof httpTransport>;

  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'touchstone-store-'));
    server = await startServer({ createService: (fileUrl) => createAppService({ mode: 'web', stateDir: tmp, fileUrl }) });
    transport = httpTransport({ baseUrl: server.origin, token: server.token, WebSocket: WebSocket as unknown as WebSocketCtor });
    store = createAppStore(createClient(transport));
  });
  afterAll(async () => {
    transport?.close();
    await server?.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('boots, opens a folder, selects its first task and loads step 0 components', async () => {
    await store.getState().boot();
    expect(store.getState()).toMatchObject({ bootStatus: 'ready', info: { mode: 'web' }, recent: [] });
    await store.getState().openPath(`  ${EPISODES}  `);
    const s = store.getState();
    expect(s).toMatchObject({ datasetStatus: 'ready', taskPath: 'trace_18', episodeStatus: 'ready', step: 0, hierarchyStatus: 'ready' });
    expect(s.screens).toHaveLength(5);
    expect(s.hierarchy?.components).toHaveLength((JSON.parse(readFileSync(join(EPISODES, 'trace_18', '0.json'), 'utf8')) as unknown[]).length);
    expect(s.recent.map((r) => r.path)).toEqual([s.dataset?.root]);
  });

  it('clamps step selection to the episode and clears the pinned component', async () => {
    store.getState().select(3);
    await store.getState().selectStep(99);
    expect(store.getState()).toMatchObject({ step: 4, selected: null, hierarchyStatus: 'ready' });
    await store.getState().selectStep(-1);
    expect(store.getState().step).toBe(0);
  });

  it('shows the core error when a folder cannot be opened, keeping the open dataset', async () => {
    await store.getState().openPath(join(tmp, 'nope'));
    expect(store.getState()).toMatchObject({ datasetStatus: 'error', datasetError: expect.stringContaining('no such folder'), taskPath: 'trace_18' });
    expect(store.getState().dataset?.root).toBe(EPISODES);
  });
});
