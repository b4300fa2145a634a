/** `touchstone mcp`: an MCP server (stdio, or streamable HTTP on loopback) over which assistants run episodes on the devices. */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { AgentHub } from '../core/agents/external/agent-hub';
import { openEpisodeHost } from './host-args';
import { startMcpHttp } from '../core/agents/mcp/mcp-http';
import { createMcpServer } from '../core/agents/mcp/mcp-server';
import { defineCommand, parseOrExit } from './args';
import { HOST_OPTIONS, PORT_OPTION, hostSettings } from './host-options';

/** The command line of `touchstone mcp`: parsing and `--help` come from it. */
export const SPEC = defineCommand({
  path: ['mcp'],
  description: `An MCP server with the tools list_devices, list_tasks, start_episode, observe
(screenshot as image content + numbered hierarchy), act and finish. Every
episode is recorded as an execution trace and evaluated. Speaks MCP on stdio
(stdout carries only protocol messages; logs go to stderr), or with --http on
http://127.0.0.1:PORT/mcp behind a per-launch bearer token.`,
  options: {
    ...HOST_OPTIONS,
    http: { type: 'boolean', description: 'serve streamable HTTP instead of stdio' },
    port: { ...PORT_OPTION, description: 'port for --http (0: a free one)' },
  },
});

export async function run(argv: string[]): Promise<number> {
  const p = parseOrExit(SPEC, argv);
  if ('exit' in p) return p.exit;
  let host: Awaited<ReturnType<typeof openEpisodeHost>>;
  try { host = await openEpisodeHost(hostSettings(p.values)); } catch (err) { console.error(`touchstone mcp: ${(err as Error).message}`); return 2; }
  const hub = new AgentHub(host);
  const stopped = new Promise<void>((r) => { process.once('SIGINT', () => r()); process.once('SIGTERM', () => r()); });
  if (p.values.http) {
    const http = await startMcpHttp({ hub, port: p.values.port });
    console.log(`MCP (streamable HTTP) for ${host.tasks.length} task(s) on ${host.devices.length} device(s)\nTOUCHSTONE_MCP_URL=${http.url}\nTOUCHSTONE_TOKEN=${http.token}\nPress Ctrl+C to stop.`);
    await stopped;
    hub.close();
    await http.close();
    return 0;
  }
  const server = createMcpServer(hub);
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((r) => { transport.onclose = () => r(); process.stdin.once('end', () => r()); });
  await server.connect(transport);
  console.error(`touchstone mcp: serving ${host.tasks.length} task(s) on ${host.devices.length} device(s) over stdio.`);
  await Promise.race([closed, stopped]);
  hub.close();
  await server.close();
  return 0;
}
