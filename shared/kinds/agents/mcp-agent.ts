import { defineAgent } from './agent-spec';
import { attachSettings } from './external';

/** An external agent as an MCP client; the run serves MCP (streamable HTTP) and each episode waits for the agent to attach. */
export const mcpSpec = defineAgent({
  name: 'mcp', label: 'MCP (your agent as an MCP client)',
  summary: 'an external agent over MCP (streamable HTTP on loopback); the runner waits for it to attach',
  settings: attachSettings(),
  note: 'The run serves an MCP server (streamable HTTP) on loopback; its URL and token appear in the live run.',
});
