import type { IncomingMessage, ServerResponse } from 'node:http';
import { AgentHub } from '../external/agent-hub';
import { hostFromArgs } from '../external/host-args';
import { agentApiHandler } from './routes';

export type Mount = (token: string) => (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<boolean>;

/**
 * The agent API inside `touchstone serve` (`--agent-dataset D --agent-devices S`):
 * the same `/v1/` routes and `/openapi.json` as `touchstone agent-api`, behind
 * the web mode's own token.
 */
export async function agentApiMount(dataset: string, devices: string, extra: string[] = []): Promise<{ mount: Mount; close(): void; describe: string }> {
  const { host } = await hostFromArgs(['--dataset', dataset, '--devices', devices, ...extra]);
  const hub = new AgentHub(host);
  return {
    mount: (token) => agentApiHandler({ hub, token, agentName: 'http' }),
    close: () => hub.close(),
    describe: `agent API for ${host.tasks.length} task(s) on ${host.o.devices.length} device(s)`,
  };
}
