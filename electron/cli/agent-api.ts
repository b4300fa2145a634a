/** `touchstone agent-api`: the agent HTTP API for external agents (Python client: resources/python/touchstone_env.py). */
import { AgentHub } from '../core/agents/external/agent-hub';
import { HOST_USAGE, hostFromArgs } from './host-args';
import { startAgentApi } from '../core/agents/http-api/agent-api-server';

const USAGE = `Usage: touchstone agent-api --dataset D --devices S [options]

Serves the agent HTTP API on 127.0.0.1 with a random token per launch; an agent
starts one episode per session (POST /v1/sessions {"task": ID}), reads the screen
and acts; every episode is recorded as an execution trace and evaluated.
Description: GET /openapi.json. Python client: resources/python/touchstone_env.py.

${HOST_USAGE}
  --port N             port to listen on (default: a free one)

Prints TOUCHSTONE_URL=... and TOUCHSTONE_TOKEN=... lines (what the Python client reads).`;

export async function run(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) { console.log(USAGE); return 0; }
  let setup: Awaited<ReturnType<typeof hostFromArgs>>;
  try { setup = await hostFromArgs(argv, ['port']); } catch (err) { console.error(`touchstone agent-api: ${(err as Error).message}\n\n${USAGE}`); return 2; }
  const port = setup.rest.port === undefined ? 0 : Number(setup.rest.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) { console.error(`touchstone agent-api: --port needs 0-65535, got ${setup.rest.port}`); return 2; }
  const hub = new AgentHub(setup.host);
  const api = await startAgentApi({ hub, port });
  console.log(`Agent API for ${setup.host.tasks.length} task(s) on ${setup.host.devices.length} device(s); description at ${api.url}/openapi.json\nTOUCHSTONE_URL=${api.url}\nTOUCHSTONE_TOKEN=${api.token}\nPress Ctrl+C to stop.`);
  await new Promise<void>((r) => { process.once('SIGINT', () => r()); process.once('SIGTERM', () => r()); });
  hub.close();
  await api.close();
  return 0;
}
