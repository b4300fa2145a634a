import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import path, { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { HAVE_ADB } from '../../../virtual-device/testing';
import { adbShell } from '../../capture/device-shell';
import { DeviceManager } from '../../devices/device-manager';
import type { EpisodeRecord } from '../../runner/episode-record';
import { loadRunTasks } from '../../runner/run-tasks';
import { startRunFixture, type RunFixture } from '../../runner/testing/run-fixture';
import { AgentHub } from '../external/agent-hub';
import { EpisodeHost } from '../../runner/episode-host';
import { startMcpHttp } from './mcp-http';

const REPO = path.resolve(import.meta.dirname, '../../../..');
type ToolResult = { content: { type: string; text?: string; data?: string; mimeType?: string }[]; isError?: boolean };
const textOf = (r: ToolResult): string => r.content.filter((c) => c.type === 'text').map((c) => c.text).join('\n');

describe.skipIf(!HAVE_ADB)('touchstone mcp, driven by the MCP SDK client, on a virtual device through the real adb', () => {
  let fx: RunFixture;
  beforeAll(async () => { fx = await startRunFixture(1, { only: ['demo14', 'demo01'] }); }, 120_000);
  afterAll(async () => { await fx?.stop(); });

  it('over stdio: a client drives a multi-step demo task to completion by reading the numbered hierarchy; the trace evaluates completed', async () => {
    const out = join(fx.tmp, 'mcp-runs');
    const transport = new StdioClientTransport({
      command: process.execPath, args: ['--import', 'tsx', join(REPO, 'electron/cli.ts'), 'mcp', '--dataset', fx.dataset, '--devices', 'all', '--out', out],
      cwd: REPO, env: fx.adb.env as Record<string, string>, stderr: 'pipe',
    });
    const client = new Client({ name: 'touchstone-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      const tools = (await client.listTools()).tools.map((t) => t.name).sort();
      expect(tools).toEqual(['act', 'finish', 'list_devices', 'list_tasks', 'observe', 'start_episode']);
      const call = async (name: string, args: Record<string, unknown> = {}): Promise<ToolResult> => (await client.callTool({ name, arguments: args })) as ToolResult;
      expect(textOf(await call('list_tasks'))).toMatch(/demo14\tIncrease the counter to 3\./);
      const start = textOf(await call('start_episode', { task: 'demo14' }));
      expect(start).toMatch(/instruction: Increase the counter to 3\./);
      const session = /session: (\S+)/.exec(start)![1]!;
      for (const label of ['Counter', 'Increase', 'Increase', 'Increase']) {
        const obs = await call('observe', { session });
        const img = obs.content.find((c) => c.type === 'image')!;
        expect(img.mimeType).toBe('image/png');
        expect(Buffer.from(img.data!, 'base64').subarray(1, 4).toString()).toBe('PNG');
        const n = new RegExp(`^\\[(\\d+)\\][^\\n]*"${label}"`, 'm').exec(textOf(obs));
        expect(n, textOf(obs)).not.toBeNull();
        const r = await call('act', { session, action: 'tap', element: Number(n![1]) });
        expect(r.isError).toBeFalsy();
      }
      const bad = await call('act', { session, action: 'tap', element: 4242 });
      expect(bad.isError).toBe(true);
      expect(textOf(bad)).toMatch(/no element \[4242\]/);
      const fin = JSON.parse(textOf(await call('finish', { session }))) as { outcome: string; evaluation: { completed: boolean }; trace: string };
      expect(fin.outcome).toBe('finished');
      expect(fin.evaluation.completed).toBe(true);
      const rec = JSON.parse(readFileSync(join(out, 'mcp', 'r1', 'demo14', 'episode.json'), 'utf8')) as EpisodeRecord;
      expect(rec.evaluation?.completed).toBe(true);
      expect(rec.steps).toHaveLength(5);
      expect((rec.steps[4]!.agent as { calls: { call: string; detail?: string }[] }).calls.map((c) => c.detail)).toEqual([expect.stringMatching(/^refused: There is no element \[4242\]/), 'complete']);
    } finally {
      await client.close();
    }
  }, 180_000);

  it('over streamable HTTP: refused without the token; with it, a declared-complete no-op episode evaluates as not completed', async () => {
    const mgr = new DeviceManager({ host: '127.0.0.1', port: fx.adb.port });
    const host = new EpisodeHost({ tasks: await loadRunTasks(fx.dataset, 'all'), devices: await mgr.pick('all'), shellFor: (s) => adbShell(mgr.client, s), out: join(fx.tmp, 'mcp-http'), limits: { maxSteps: 10, stepTimeoutMs: 30_000, episodeTimeoutMs: 60_000 } });
    const http = await startMcpHttp({ hub: new AgentHub(host) });
    try {
      const refused = await fetch(http.url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) });
      expect(refused.status).toBe(401);
      const client = new Client({ name: 'touchstone-test', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(http.url), { requestInit: { headers: { authorization: `Bearer ${http.token}` } } }));
      const start = (await client.callTool({ name: 'start_episode', arguments: { task: 'demo01' } })) as ToolResult;
      const session = /session: (\S+)/.exec(textOf(start))![1]!;
      // An AitW action string instead of a named action: parsed by the server, recorded as LlamaTouch records it.
      const back = (await client.callTool({ name: 'act', arguments: { session, aitw: 'action_type: press_back, touch_point: [-1.0, -1.0], lift_point: [-1.0, -1.0], typed_text:' } })) as ToolResult;
      expect(textOf(back)).toBe('back: done; now at step 1.');
      const wrong = (await client.callTool({ name: 'act', arguments: { session, aitw: 'action_type: DUAL_POINT, touch_point: [2, 2], lift_point: [2, 2]' } })) as ToolResult;
      expect(wrong.isError).toBe(true);
      expect(textOf(wrong)).toMatch(/touch_point \[2, 2\] lies off the screen/);
      const fin = JSON.parse(textOf((await client.callTool({ name: 'finish', arguments: { session } })) as ToolResult)) as { evaluation: { completed: boolean }; trace: string };
      expect(fin.evaluation.completed).toBe(false);
      expect(readFileSync(join(fin.trace, 'captured_data', 'action', '0.action'), 'utf8')).toBe('PRESS_BACK|NULL|NULL|1080|2400\n');
      await client.close();
    } finally {
      await http.close();
    }
  }, 120_000);
});

describe('MCP over HTTP, Origin', () => {
  it('refuses a request from a foreign Origin even with the token; its own origin and no Origin pass', async () => {
    const http = await startMcpHttp({ hub: new AgentHub() });
    try {
      const call = (origin?: string) => fetch(http.url, {
        method: 'POST',
        headers: { authorization: `Bearer ${http.token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...(origin ? { origin } : {}) },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 't', version: '1' } } }),
      });
      const foreign = await call('http://evil.example');
      expect(foreign.status).toBe(403);
      expect(await foreign.text()).toMatch(/cross-origin/);
      expect((await call(`http://localhost:${http.port}`)).status).toBe(200);
      expect((await call()).status).toBe(200);
    } finally {
      await http.close();
    }
  });
});
