import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAppService } from '../../../app';
import { startServer, type RunningServer } from '../../../server';
import { HAVE_ADB } from '../../../virtual-device/testing';
import { startRunFixture, type RunFixture } from '../../runner/testing/run-fixture';
import { adbShell } from '../../capture/device-shell';
import { DeviceManager } from '../../devices/device-manager';
import { EpisodeHost } from '../../runner/episode-host';
import { loadRunTasks } from '../../runner/run-tasks';
import { agentApiMount } from './serve-mount';

describe.skipIf(!HAVE_ADB)('the agent API mounted in touchstone serve (web mode), on a virtual device through the real adb', () => {
  let fx: RunFixture;
  let server: RunningServer;
  let close: () => void;

  beforeAll(async () => {
    fx = await startRunFixture(1, { only: ['demo15'] });
    const mgr = new DeviceManager({ host: '127.0.0.1', port: fx.adb.port });
    const host = new EpisodeHost({ tasks: await loadRunTasks(fx.dataset, 'all'), devices: await mgr.pick('all'), shellFor: (s) => adbShell(mgr.client, s), out: join(fx.tmp, 'serve-runs') });
    const agents = agentApiMount(host);
    close = agents.close;
    server = await startServer({ mount: agents.mount, createService: (fileUrl) => createAppService({ mode: 'web', version: 'test', stateDir: mkdtempSync(join(tmpdir(), 'ts-state-')), fileUrl, allowedRoots: [] }) });
  }, 120_000);
  afterAll(async () => { close?.(); await server?.close(); await fx?.stop(); });

  it('answers /v1 with the web mode token only, next to the app API; an episode runs to an evaluated result', async () => {
    const auth = { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' };
    expect((await fetch(`${server.origin}/openapi.json`)).status).toBe(200);
    expect((await fetch(`${server.origin}/v1/tasks`)).status).toBe(401);
    expect((await fetch(`${server.origin}/api/app:info`, { method: 'POST', headers: auth, body: '{}' })).status).toBe(200);
    const noTask = await fetch(`${server.origin}/v1/sessions`, { method: 'POST', headers: auth, body: '{}' });
    expect(noTask.status).toBe(400);
    expect(((await noTask.json()) as { error: string }).error).toMatch(/Give the task to start \("task": one of demo15/);
    const unknown = await fetch(`${server.origin}/v1/sessions`, { method: 'POST', headers: auth, body: '{"task": "demo99"}' });
    expect(unknown.status).toBe(404);
    const s = await (await fetch(`${server.origin}/v1/sessions`, { method: 'POST', headers: auth, body: JSON.stringify({ task: 'demo15' }) })).json() as { session: string; instruction: string };
    expect(s.instruction).toBe('Decrease the counter to -1.');
    const base = `${server.origin}/v1/sessions/${s.session}`;
    const shot = await fetch(`${base}/screenshot?marks=1`, { headers: auth });
    expect(shot.headers.get('content-type')).toBe('image/png');
    const find = async (label: string): Promise<number> => ((await (await fetch(`${base}/hierarchy`, { headers: auth })).json()) as { elements: { n: number; text: string; desc: string }[] }).elements.find((e) => e.text === label || e.desc === label)!.n;
    for (const label of ['Counter', 'Decrease']) {
      const r = await fetch(`${base}/action`, { method: 'POST', headers: auth, body: JSON.stringify({ action: 'tap', element: await find(label) }) });
      expect(r.status).toBe(200);
    }
    expect(((await (await fetch(`${base}/complete`, { method: 'POST', headers: auth })).json()) as { done: boolean }).done).toBe(true);
    const result = await (await fetch(`${base}/result`, { headers: auth })).json() as { outcome: string; evaluation: { completed: boolean } };
    expect(result).toMatchObject({ outcome: 'finished', evaluation: { completed: true } });
    expect((await fetch(`${base}/action`, { method: 'POST', headers: auth, body: '{"action":"back"}' })).status).toBe(409);
  }, 120_000);
});
