import { describe, it, expect } from 'vitest';
import { agentFactory } from './registry';
import { BridgeAgent } from './external/bridge-agent';
import { checkAgentSettings, prepareAgents } from './prepare-agents';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAppService } from '../../app';
import { errorBody, httpStatus } from '../../kernel/errors';
import { startServer } from '../../server';

const status = async (url: string, token: string): Promise<number> => (await fetch(`${url}/v1/tasks`, { headers: { authorization: `Bearer ${token}` } })).status;
const attach = (lines: string[], key: string): string => lines.find((l) => l.startsWith(`${key}=`))!.slice(key.length + 1);

describe('prepareAgents: each run its own agent servers, through the http and mcp kinds\' prepare hooks (real loopback servers)', () => {
  it('two runs get two servers, each taking only its own token; closing one leaves the other serving', async () => {
    const a = await prepareAgents(['http', 'mcp'], {});
    const b = await prepareAgents(['http'], {});
    try {
      const [ua, ta, ub, tb] = [attach(a.lines, 'TOUCHSTONE_URL'), attach(a.lines, 'TOUCHSTONE_TOKEN'), attach(b.lines, 'TOUCHSTONE_URL'), attach(b.lines, 'TOUCHSTONE_TOKEN')];
      expect(ua).not.toBe(ub);
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

  it('the http and mcp agents need their run\'s prepared server: without one, a clear error; with one, an agent waiting behind it', async () => {
    expect(() => agentFactory('http').create({ seed: 1, settings: {} })).toThrow(/needs the agent HTTP API its run starts/);
    expect(() => agentFactory('mcp').create({ seed: 1, settings: {} })).toThrow(/needs the MCP server its run starts/);
    await expect(prepareAgents(['http'], { 'http.attach_timeout_ms': 'soon' })).rejects.toThrow(/http agent: --agent-opt attach_timeout_ms must be a whole number .* got "soon"/);
    const run = await prepareAgents(['http'], {});
    try {
      // The server of another kind is not borrowed.
      expect(() => run.create('mcp', { seed: 1, settings: {} })).toThrow(/needs the MCP server/);
      const agent = run.create('http', { seed: 1, settings: {} });
      expect(agent).toBeInstanceOf(BridgeAgent);
      expect((agent as BridgeAgent).task).toBeUndefined();
    } finally { await run.close(); }
  });

  it('settings no agent of the run takes are refused with the nearest name; another agent\'s scoped ones are left alone', () => {
    expect(() => checkAgentSettings(['llm'], { 'llm.temprature': '0.2' })).toThrow('The llm agent has no setting "temprature"; did you mean temperature? (settings: base_url, model, mode, api_key, temperature');
    expect(() => checkAgentSettings(['replay', 'random'], { compete: '0.2' })).toThrow('No agent of this run (replay, random) takes a setting "compete"; did you mean complete? (settings: complete; see touchstone run --help).');
    expect(() => checkAgentSettings(['replay'], { 'replay.speed': '2' })).toThrow('The replay agent has no setting "speed" (it takes none; see touchstone run --help).');
    expect(() => checkAgentSettings(['random'], { 'llm.model': 'x', complete: '0.5' })).not.toThrow();
  });
});
