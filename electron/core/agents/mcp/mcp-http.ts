import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { loopbackOrigin } from '../../../platform/loopback-origin';
import { newToken, requestToken, tokenMatches } from '../../../platform/token';
import { sendJson } from '../../../platform/static-files';
import type { AgentHub } from '../external/agent-hub';
import { closeGracefully } from '../external/close-server';
import { createMcpServer } from './mcp-server';

export interface RunningMcpHttp { url: string; port: number; token: string; close(): Promise<void> }

/**
 * MCP over streamable HTTP at `/mcp` on 127.0.0.1, stateless (a server per
 * request; the episodes live in the hub), behind a per-launch bearer token.
 */
export async function startMcpHttp(o: { hub: AgentHub; port?: number; token?: string; agentName?: string }): Promise<RunningMcpHttp> {
  const token = o.token ?? newToken();
  let origin = '';
  let port = 0;
  const server: Server = createServer((req, res) => {
    res.on('error', () => res.destroy());
    const url = URL.parse(req.url ?? '/', origin);
    if (!url) return sendJson(res, 400, { error: 'Malformed request URL.' });
    if (!/^(127\.0\.0\.1|localhost):\d+$/.test(req.headers.host ?? '')) return sendJson(res, 403, { error: 'Refused: unexpected Host header.' });
    // A page on another site may not drive episodes even with the token (the app server refuses it the same way).
    if (!loopbackOrigin(req, port)) return sendJson(res, 403, { error: 'Refused: cross-origin request (only pages served from this port may call it).' });
    if (url.pathname !== '/mcp') return sendJson(res, 404, { error: 'The MCP endpoint is /mcp.' });
    if (!tokenMatches(token, requestToken(req.headers, url))) return sendJson(res, 401, { error: 'Refused: missing or wrong token (Authorization: Bearer <token> as printed at launch).' });
    const mcp = createMcpServer(o.hub, o.agentName ?? 'mcp');
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => { void transport.close(); void mcp.close(); });
    mcp.connect(transport).then(() => transport.handleRequest(req, res)).catch(() => { if (!res.headersSent) sendJson(res, 500, { error: 'internal error' }); });
  });
  server.on('connection', (s) => s.on('error', () => s.destroy()));
  await new Promise<void>((resolve, reject) => { server.once('error', reject); server.listen(o.port ?? 0, '127.0.0.1', () => resolve()); });
  port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
  return { url: `${origin}/mcp`, port, token, close: () => closeGracefully(server) };
}
