import { describe, it, expect } from 'vitest';
import { agentFactory } from '../registry';
import { BridgeAgent } from './bridge-agent';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAppService } from '../../../app';
import { errorBody, httpStatus } from '../../../kernel/errors';
import { startServer } from '../../../server';
import { prepareAgents } from './run-hooks';

const status = async (url: string, token: string): Promise<number> => (await fetch(`${url}/v1/tasks`, { headers: { authorization: `Bearer ${token}` } })).status;
const attach = (lines: string[], key: string): string => lines.find((l) => l.startsWith(`${key}=`))!.slice(key.length + 1);

describe('prepareAgents: each run its own agent servers (real loopback servers)', () => {
  it('two runs get two servers, each taking only its own token; closing one leaves the other serving', async () => {
    const a = await prepareAgents(['http', 'mcp'], {});
    const b = await prepareAgents(['http'], {});
    try {
      const [ua, ta, ub, tb] = [attach(a.lines, 'TOUCHSTONE_URL'), attach(a.lines, 'TOUCHSTONE_TOKEN'), attach(b.lines, 'TOUCHSTONE_URL'), attach(b.lines, 'TOUCHSTONE_TOKEN')];
      expect(ua).not.toBe(ub);
      expect(a.hubs.http).toBeDefined();
      expect(a.hubs.http).not.toBe(b.hubs.http);
      expect([await status(ua, ta), await status(ub, tb), await status(ub, ta), await status(ua, tb)]).toEqual([200, 200, 401, 401]);
      await a.close();
      await expect(fetch(`${ua}/v1/tasks`)).rejects.toThrow();
      expect(await status(ub, tb)).toBe(200);
    } finally {
      await a.close().catch(() => undefined);
      await b.close();
    }
  });

  it('a fixed port another run holds is refused before any device is touched, naming the setting; free again once that run ends', async () => {
    const a = await prepareAgents(['http'], {});
    const port = new URL(attach(a.lines, 'TOUCHSTONE_URL')).port;
    await expect(prepareAgents(['mcp', 'http'], { 'http.port': port })).rejects.toThrow(new RegExp(`http agent's server could not listen on 127\\.0\\.0\\.1:${port} .*leave http\\.port unset`));
    await a.close();
    const b = await prepareAgents(['http'], { 'http.port': port });
    expect(attach(b.lines, 'TOUCHSTONE_URL')).toBe(`http://127.0.0.1:${port}`);
    await b.close();
  });

  it('the agent port equal to serve\'s own port is a conflict (409) saying what to do, not an internal error (500)', async () => {
    const server = await startServer({ createService: (fileUrl) => createAppService({ mode: 'web', stateDir: mkdtempSync(join(tmpdir(), 'run-hooks-')), fileUrl }) });
    try {
      const err = await prepareAgents(['http'], { 'http.port': String(server.port) }).then(() => null, (e: unknown) => e);
      const body = errorBody(err);
      expect([body.code, httpStatus(body.code)]).toEqual(['conflict', 409]);
      expect(body.message).toMatch(new RegExp(`could not listen on 127\\.0\\.0\\.1:${server.port} .*this app's own server.*leave http\\.port unset`));
    } finally { await server.close(); }
  });

  it('the http and mcp agents need their run\'s hub: without one, a clear error; with one, an agent waiting behind it', async () => {
    expect(() => agentFactory('http').create({ seed: 1, settings: {} })).toThrow(/needs the agent HTTP API its run starts/);
    expect(() => agentFactory('mcp').create({ seed: 1, settings: {} })).toThrow(/needs the MCP server its run starts/);
    const run = await prepareAgents(['http'], {});
    try {
      // The hub of another kind is not borrowed.
      expect(() => agentFactory('mcp').create({ seed: 1, settings: {}, hubs: run.hubs })).toThrow(/needs the MCP server/);
      expect(() => agentFactory('http').create({ seed: 1, settings: { attach_timeout_ms: 'soon' }, hubs: run.hubs })).toThrow(/attach_timeout_ms must be a whole number .* got "soon"/);
      const agent = agentFactory('http').create({ seed: 1, settings: {}, hubs: run.hubs });
      expect(agent).toBeInstanceOf(BridgeAgent);
      expect((agent as BridgeAgent).task).toBeUndefined();
    } finally { await run.close(); }
  });
});
