import type { AgentSpec } from '../../../../shared/kinds/agents';
import { httpSpec } from '../../../../shared/kinds/agents/http-agent';
import { mcpSpec } from '../../../../shared/kinds/agents/mcp-agent';
import type { AgentFactory, PreparedKind } from '../agent';
import { parseAgentSettings } from '../agent-settings';
import { startAgentApi } from '../http-api/agent-api-server';
import { AgentHub } from './agent-hub';
import { AppError } from '../../../kernel/errors';

interface Served { url: string; token: string; close(): Promise<void> }

/**
 * The http and mcp agents: each run prepares its own hub and server (own port, own URL and token),
 * and its episodes' agents wait behind that hub until an external agent attaches. Two runs at once
 * never share a hub, so an agent attaches to the run whose token it holds, and closing one run leaves
 * the other's server up.
 */
function external(spec: typeof httpSpec, what: string, serve: (hub: AgentHub, port: number) => Promise<Served>, lines: (s: Served) => string[]): AgentFactory {
  const kind = spec.name;
  return {
    spec: spec as AgentSpec,
    create: () => { throw new Error(`The ${kind} agent needs the ${what} its run starts (\`touchstone run --agent ${kind}\` or the run view).`); },
    prepare: async (settings): Promise<PreparedKind> => {
      const { port } = parseAgentSettings(spec, settings);
      const hub = new AgentHub();
      // Two runs at once each need a port of their own: a fixed port a running run holds fails here, before any
      // device is touched. A 'conflict', not an internal error: the port `serve` itself listens on is taken too.
      const served = await serve(hub, port!).catch((err: Error) => {
        throw new AppError('conflict', `The ${kind} agent's server could not listen on 127.0.0.1:${port} (${err.message}); another run, or this app's own server, holds that port: leave ${kind}.port unset (any free port) or pick another.`, { cause: err });
      });
      return {
        lines: lines(served),
        create: (o) => hub.runnerAgent(kind, parseAgentSettings(spec, o.settings).attach_timeout_ms!),
        onEpisode: (r) => hub.finished(r.episode, r),
        close: () => served.close(),
      };
    },
  };
}

export const httpAgent = external(httpSpec, 'agent HTTP API', (hub, port) => startAgentApi({ hub, port }), (s) => [
  'http agent: attach with the agent API (e.g. resources/python/touchstone_env.py, setup_task() without a task):', `TOUCHSTONE_URL=${s.url}`, `TOUCHSTONE_TOKEN=${s.token}`,
]);

export const mcpAgent = external(mcpSpec, 'MCP server', async (hub, port) => {
  // The MCP SDK loads only for a run with the MCP agent: ~200 ms at every start otherwise.
  const { startMcpHttp } = await import('../mcp/mcp-http');
  return startMcpHttp({ hub, port });
}, (s) => [
  'mcp agent: connect an MCP client (streamable HTTP, start_episode without a task):', `TOUCHSTONE_MCP_URL=${s.url}`, `TOUCHSTONE_MCP_TOKEN=${s.token}`,
]);
