import { defineAgent } from './agent-spec';
import { attachSettings } from './external';

/** An external agent over the agent HTTP API; the run serves the API and each episode waits for the agent to attach. */
export const httpSpec = defineAgent({
  name: 'http', label: 'HTTP (your agent over the agent API)',
  summary: 'an external agent over the agent HTTP API (Python client: resources/python/touchstone_env.py); the runner waits for it to attach',
  settings: attachSettings(),
  note: 'The run serves the agent HTTP API on loopback; its URL and token appear in the live run. Attach with resources/python/touchstone_env.py.',
});
