import type { IncomingMessage, ServerResponse } from 'node:http';
import { AgentHub, type EpisodeLauncher } from '../external/agent-hub';
import { agentApiHandler } from './routes';

export type Mount = (token: string) => (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<boolean>;

/**
 * The agent API inside `touchstone serve` (`--agent-dataset D --agent-devices S`):
 * the same `/v1/` routes and `/openapi.json` as `touchstone agent-api`, behind
 * the web mode's own token, over the episode host the command made.
 */
export function agentApiMount(host: EpisodeLauncher): { mount: Mount; close(): void; describe: string } {
  const hub = new AgentHub(host);
  return {
    mount: (token) => agentApiHandler({ hub, token, agentName: 'http' }),
    close: () => hub.close(),
    describe: `agent API for ${host.tasks.length} task(s) on ${host.devices.length} device(s)`,
  };
}
