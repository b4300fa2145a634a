/** `touchstone agent-api`: the agent HTTP API for external agents (Python client: resources/python/touchstone_env.py). */
import { AgentHub } from '../core/agents/external/agent-hub';
import { openEpisodeHost } from './host-args';
import { startAgentApi } from '../core/agents/http-api/agent-api-server';
import { defineCommand, parseOrExit } from './args';
import { HOST_OPTIONS, PORT_OPTION, hostSettings } from './host-options';

/** The command line of `touchstone agent-api`: parsing and `--help` come from it. */
export const SPEC = defineCommand({
  path: ['agent-api'],
  description: `Serves the agent HTTP API on 127.0.0.1 with a random token per launch; an agent
starts one episode per session (POST /v1/sessions {"task": ID}), reads the screen
and acts; every episode is recorded as an execution trace and evaluated.
Description: GET /openapi.json. Python client: resources/python/touchstone_env.py.`,
  options: { ...HOST_OPTIONS, port: PORT_OPTION },
  epilog: 'Prints TOUCHSTONE_URL=... and TOUCHSTONE_TOKEN=... lines (what the Python client reads).',
});

export async function run(argv: string[]): Promise<number> {
  const p = parseOrExit(SPEC, argv);
  if ('exit' in p) return p.exit;
  let host: Awaited<ReturnType<typeof openEpisodeHost>>;
  try { host = await openEpisodeHost(hostSettings(p.values)); } catch (err) { console.error(`touchstone agent-api: ${(err as Error).message}`); return 2; }
  const hub = new AgentHub(host);
  const api = await startAgentApi({ hub, port: p.values.port });
  console.log(`Agent API for ${host.tasks.length} task(s) on ${host.devices.length} device(s); description at ${api.url}/openapi.json\nTOUCHSTONE_URL=${api.url}\nTOUCHSTONE_TOKEN=${api.token}\nPress Ctrl+C to stop.`);
  await new Promise<void>((r) => { process.once('SIGINT', () => r()); process.once('SIGTERM', () => r()); });
  hub.close();
  await api.close();
  return 0;
}
