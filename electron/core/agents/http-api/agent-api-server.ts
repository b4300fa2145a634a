import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loopbackOrigin } from '../../../platform/loopback-origin';
import { newToken } from '../../../platform/token';
import { sendJson } from '../../../platform/static-files';
import type { AgentHub } from '../external/agent-hub';
import { closeGracefully } from '../external/close-server';
import { agentApiHandler } from './routes';

export interface RunningAgentApi { url: string; port: number; token: string; close(): Promise<void> }

/** The agent HTTP API on 127.0.0.1 only, with a random token per launch (or `token`). */
export async function startAgentApi(o: { hub: AgentHub; port?: number; token?: string; agentName?: string }): Promise<RunningAgentApi> {
  const token = o.token ?? newToken();
  const handle = agentApiHandler({ hub: o.hub, token, agentName: o.agentName ?? 'http' });
  let origin = '';
  let port = 0;
  const server: Server = createServer((req, res) => {
    res.on('error', () => res.destroy());
    const host = req.headers.host ?? '';
    if (!/^(127\.0\.0\.1|localhost):\d+$/.test(host)) { sendJson(res, 403, { error: 'Refused: unexpected Host header (only 127.0.0.1 is served).' }); return; }
    if (!loopbackOrigin(req, port)) { sendJson(res, 403, { error: 'Refused: cross-origin request (a page on another site may not drive episodes).' }); return; }
    const url = URL.parse(req.url ?? '/', origin);
    if (!url) { sendJson(res, 400, { error: 'Malformed request URL.' }); return; }
    handle(req, res, url).then((done) => {
      if (!done) sendJson(res, 404, { error: `No route ${req.url}; see /openapi.json.` });
    }, () => { if (!res.headersSent) sendJson(res, 500, { error: 'internal error' }); });
  });
  server.on('connection', (s) => s.on('error', () => s.destroy()));
  await new Promise<void>((resolve, reject) => { server.once('error', reject); server.listen(o.port ?? 0, '127.0.0.1', () => resolve()); });
  port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
  return {
    url: origin, port, token,
    close: () => closeGracefully(server),
  };
}
