/** `touchstone mcp`: an MCP server (stdio, or streamable HTTP on loopback) over which assistants run episodes on the devices. */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { AgentHub } from '../core/agents/external/agent-hub';
import { HOST_USAGE, hostFromArgs } from './host-args';
import { startMcpHttp } from '../core/agents/mcp/mcp-http';
import { createMcpServer } from '../core/agents/mcp/mcp-server';

const USAGE = `Usage: touchstone mcp --dataset D --devices S [options]

An MCP server with the tools list_devices, list_tasks, start_episode, observe
(screenshot as image content + numbered hierarchy), act and finish. Every
episode is recorded as an execution trace and evaluated. Speaks MCP on stdio
(stdout carries only protocol messages; logs go to stderr), or with --http on
http://127.0.0.1:PORT/mcp behind a per-launch bearer token.

${HOST_USAGE}
  --http               serve streamable HTTP instead of stdio
  --port N             port for --http (default: a free one)`;

export async function run(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) { console.log(USAGE); return 0; }
  let setup: Awaited<ReturnType<typeof hostFromArgs>>;
  try { setup = await hostFromArgs(argv, ['port'], ['--http']); } catch (err) { console.error(`touchstone mcp: ${(err as Error).message}\n\n${USAGE}`); return 2; }
  const hub = new AgentHub(setup.host);
  const stopped = new Promise<void>((r) => { process.once('SIGINT', () => r()); process.once('SIGTERM', () => r()); });
  if (setup.flags.has('--http')) {
    const port = setup.rest.port === undefined ? 0 : Number(setup.rest.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535) { console.error(`touchstone mcp: --port needs 0-65535, got ${setup.rest.port}`); return 2; }
    const http = await startMcpHttp({ hub, port });
    console.log(`MCP (streamable HTTP) for ${setup.host.tasks.length} task(s) on ${setup.host.devices.length} device(s)\nTOUCHSTONE_MCP_URL=${http.url}\nTOUCHSTONE_TOKEN=${http.token}\nPress Ctrl+C to stop.`);
    await stopped;
    hub.close();
    await http.close();
    return 0;
  }
  const server = createMcpServer(hub);
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((r) => { transport.onclose = () => r(); process.stdin.once('end', () => r()); });
  await server.connect(transport);
  console.error(`touchstone mcp: serving ${setup.host.tasks.length} task(s) on ${setup.host.devices.length} device(s) over stdio.`);
  await Promise.race([closed, stopped]);
  hub.close();
  await server.close();
  return 0;
}
