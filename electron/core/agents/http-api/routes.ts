import type { IncomingMessage, ServerResponse } from 'node:http';
import { requestToken, tokenMatches } from '../../../platform/token';
import { sendJson } from '../../../platform/static-files';
import type { AgentHub, Session } from '../external/agent-hub';
import { BridgeError } from '../external/bridge-agent';
import { drawMarks } from '../llm/set-of-marks';
import { openApiDocument } from './openapi';

const MAX_BODY = 64 * 1024;

function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) { reject(new BridgeError(413, `Request body over ${MAX_BODY} bytes.`)); req.destroy(); } else chunks.push(c);
    });
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8').trim();
      if (!text) return resolve({});
      try {
        const v = JSON.parse(text) as unknown;
        if (!v || typeof v !== 'object' || Array.isArray(v)) throw new Error('not an object');
        resolve(v as Record<string, unknown>);
      } catch (e) { reject(new BridgeError(400, `The body must be a JSON object (${(e as Error).message}).`)); }
    });
    req.on('error', reject);
  });
}

function sessionInfo(s: Session): Record<string, unknown> {
  return { session: s.id, task: s.episode, instruction: s.instruction, app: s.app, device: s.device ?? null, trace: s.dir ?? null };
}

function summary(r: Awaited<Session['result']>): Record<string, unknown> {
  return { outcome: r.outcome, reason: r.reason ?? null, agentVerdict: r.agentVerdict ?? null, steps: r.steps.length, evaluation: r.evaluation ?? null };
}

export interface AgentApiOptions {
  hub: AgentHub;
  token: string;
  /** Name recorded for the agent (`http`). */
  agentName: string;
}

/**
 * The agent HTTP API under `/v1/` plus `/openapi.json`: every `/v1/` call needs
 * the launch token (`Authorization: Bearer` or `?token=`). Returns false for
 * paths it does not serve, so it can be mounted beside other routes.
 */
export function agentApiHandler(o: AgentApiOptions): (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<boolean> {
  return async (req, res, url) => {
    const path = url.pathname;
    if (path === '/openapi.json' && req.method === 'GET') { sendJson(res, 200, openApiDocument()); return true; }
    if (!path.startsWith('/v1/')) return false;
    if (!tokenMatches(o.token, requestToken(req.headers, url))) {
      sendJson(res, 401, { error: 'Refused: missing or wrong token (Authorization: Bearer <token> as printed at launch).' });
      return true;
    }
    try {
      await route(o, req, res, url);
    } catch (err) {
      const status = err instanceof BridgeError ? err.status : 500;
      if (!res.headersSent) sendJson(res, status, { error: (err as Error).message });
    }
    return true;
  };
}

async function route(o: AgentApiOptions, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const parts = url.pathname.split('/').filter(Boolean).slice(1);
  const m = req.method ?? 'GET';
  if (parts[0] === 'tasks' && parts.length === 1 && m === 'GET') {
    return sendJson(res, 200, { tasks: (o.hub.host?.tasks ?? []).map((t) => ({ task: t.episode, instruction: t.description, app: t.app, category: t.category, annotated: t.annotated })) });
  }
  if (parts[0] === 'devices' && parts.length === 1 && m === 'GET') {
    return sendJson(res, 200, { devices: o.hub.host?.devices.map((d) => ({ serial: d.serial, model: d.model ?? null, free: o.hub.host!.freeDevices().includes(d.serial) })) ?? [] });
  }
  if (parts[0] !== 'sessions') throw new BridgeError(404, `No route ${m} ${url.pathname}; see /openapi.json.`);
  if (parts.length === 1 && m === 'POST') {
    const b = await readJson(req);
    const str = (k: string): string | undefined => (typeof b[k] === 'string' ? (b[k] as string) : undefined);
    const s = await o.hub.open({ task: str('task'), device: str('device'), agentName: o.agentName, waitMs: typeof b.wait_ms === 'number' ? b.wait_ms : undefined });
    return sendJson(res, 201, sessionInfo(s));
  }
  const s = o.hub.get(parts[1] ?? '');
  const verb = parts[2] ?? '';
  if (m === 'GET' && verb === '') return sendJson(res, 200, sessionInfo(s));
  if (m === 'GET' && verb === 'instruction') return sendJson(res, 200, { instruction: s.instruction });
  if (m === 'GET' && (verb === 'screenshot' || verb === 'hierarchy' || verb === 'state')) {
    const v = await s.agent.current(verb);
    if (!v) throw new BridgeError(409, 'The episode is over; GET .../result for its verdict.');
    if (verb === 'screenshot') {
      const png = url.searchParams.get('marks') === '1' ? await drawMarks(v.screenshot, v.elements, Number(url.searchParams.get('width') ?? 1080)) : v.screenshot;
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length, 'x-touchstone-step': String(v.step) });
      res.end(png);
      return;
    }
    return sendJson(res, 200, { step: v.step, activity: v.activity, screen: v.screen, elements: v.elements, ...(url.searchParams.get('xml') === '1' ? { xml: v.xml } : {}) });
  }
  if (m === 'POST' && (verb === 'action' || verb === 'complete' || verb === 'impossible')) {
    const body = verb === 'action' ? await readJson(req) : { action: verb };
    return sendJson(res, 200, await s.agent.act(body));
  }
  if (m === 'DELETE' && verb === '') {
    if (s.agent.isEnded) throw new BridgeError(409, 'The episode is already over.');
    s.agent.abandon('The external agent abandoned the episode (DELETE /v1/sessions/{id}).');
    return sendJson(res, 200, { abandoned: true });
  }
  if (m === 'GET' && verb === 'result') {
    const ms = Number(url.searchParams.get('wait_ms') ?? 120_000);
    let timer: NodeJS.Timeout | undefined;
    const t = new Promise<never>((_, rej) => { timer = setTimeout(() => rej(new BridgeError(504, `The episode has not ended within ${ms} ms; call again.`)), ms); });
    try { return sendJson(res, 200, summary(await Promise.race([s.result, t]))); } finally { clearTimeout(timer); }
  }
  throw new BridgeError(404, `No route ${m} ${url.pathname}; see /openapi.json.`);
}
