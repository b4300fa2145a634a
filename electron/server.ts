/**
 * Web/headless transport: the built renderer, the contract calls over HTTP
 * (`POST /api/<domain:verb>`), pushed events over a WebSocket (`/events`) and
 * dataset screenshots (`GET /files/<datasetId>/<relPath>`), on 127.0.0.1 only,
 * behind a random per-launch token.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { dispatchCall } from './kernel/dispatch';
import { fileUrlPath, parseFileUrlPath } from './transport/file-urls';
import { errorBody, httpStatus, toReply } from './kernel/errors';
import { newToken, requestToken, tokenMatches } from './platform/token';
import { sendFile, sendJson, sendText, staticOrIndex } from './platform/static-files';
import { loopbackHost, loopbackOrigin } from './platform/loopback-origin';
import { sendJsonInParts } from './platform/json-stream';
import type { AppService, FileUrlFor } from './kernel/types';

const HOST = '127.0.0.1';
const MAX_BODY = 1 << 20;
/**
 * A refused body is still read (and dropped) up to this much before the 413 goes out, so a client still
 * writing sees the answer instead of EPIPE or a reset; a body declared larger is answered at once.
 */
const MAX_DRAIN = 16 << 20;

/**
 * On every answer: no other site may frame the page (a CSP `frame-ancestors` in a <meta> is ignored by
 * browsers, so it is a header here; X-Frame-Options for browsers without CSP level 2).
 */
const FRAME_HEADERS = { 'content-security-policy': "frame-ancestors 'none'", 'x-frame-options': 'DENY' } as const;

/** Bytes of events queued for one WebSocket client before it is dropped as not reading. */
const MAX_EVENT_BACKLOG = 8 << 20;

/** A request body over MAX_BODY: answered 413. */
class BodyTooLarge extends Error {}

/**
 * The one error path of every socket the server owns (HTTP connections,
 * upgraded sockets, WebSockets, file streams): an error ends that connection
 * and never the process. A malformed WebSocket frame, a reset or a vanished
 * file all arrive here.
 */
function contain(emitter: { on(event: 'error', listener: (err: Error) => void): unknown; destroy?(): unknown; terminate?(): unknown }): void {
  emitter.on('error', () => {
    if (emitter.terminate) emitter.terminate();
    else emitter.destroy?.();
  });
}

export interface ServerOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Folder of the built renderer (dist/renderer); without it only the API is served. */
  rendererDir?: string;
  /** Builds the core once the server knows how to address files. */
  createService: (fileUrl: FileUrlFor) => AppService;
  /** Fixed token (tests); a random one per launch otherwise. */
  token?: string;
  /** Extra routes behind the same host check (the agent API): given the launch token, a handler that returns true when it answered. */
  mount?: (token: string) => (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<boolean>;
}

export interface RunningServer {
  port: number;
  token: string;
  /** The URL to open: `http://127.0.0.1:PORT/?token=…`. */
  url: string;
  origin: string;
  service: AppService;
  /** Connected event sockets (lets tests and the CLI know a UI is attached). */
  eventClients(): number;
  close(): Promise<void>;
}

/** Starts the loopback server; resolves once it listens. */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const token = options.token ?? newToken();
  const fileUrl: FileUrlFor = (id, rel) => `/files${fileUrlPath(id, rel)}?token=${encodeURIComponent(token)}`;
  const service = options.createService(fileUrl);
  const mounted = options.mount?.(token);
  const sockets = new Set<WebSocket>();
  let origin = '';

  const server = createServer((req, res) => {
    contain(res);
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { ok: false, error: errorBody(err) });
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    for (const [k, v] of Object.entries(FRAME_HEADERS)) res.setHeader(k, v);
    const url = URL.parse(req.url ?? '/', origin);
    if (!url) return sendText(res, 400, 'Malformed request URL.');
    if (!hostAllowed(req, origin)) return sendText(res, 403, 'Refused: unexpected Host header (only 127.0.0.1 is served).');
    if (url.pathname.startsWith('/api/')) return handleApi(req, res, url);
    if (url.pathname.startsWith('/files/')) return handleFile(req, res, url);
    if (mounted && !originAllowed(req, origin)) return sendJson(res, 403, { ok: false, error: { code: 'refused', message: 'Refused: cross-origin request.' } });
    if (mounted && await mounted(req, res, url)) return;
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendText(res, 405, `Method ${req.method} not allowed here.`);
    if (!options.rendererDir) return sendText(res, 404, 'No renderer build is served; run `npm run build` first.');
    const file = await staticOrIndex(options.rendererDir, url.pathname);
    if (!file) return sendText(res, 403, 'Refused: path leaves the app folder.');
    // Vite names assets by content hash, so they may be cached for good; the page itself never.
    const cache = url.pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-store';
    // The 404 names the URL path, never the install folder: this route needs no token.
    return sendFile(res, file, cache, url.pathname);
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    if (!tokenMatches(token, requestToken(req.headers, url))) {
      return sendJson(res, 401, { ok: false, error: { code: 'refused', message: 'Refused: missing or wrong token. Open the URL printed by `touchstone serve`.' } });
    }
    if (req.method !== 'POST') return sendJson(res, 405, { ok: false, error: { code: 'bad-request', message: 'Use POST for API calls.' } });
    if (!originAllowed(req, origin)) return sendJson(res, 403, { ok: false, error: { code: 'refused', message: 'Refused: cross-origin request.' } });
    let name: string;
    try {
      name = decodeURIComponent(url.pathname.slice('/api/'.length));
    } catch {
      return sendJson(res, 400, { ok: false, error: { code: 'bad-request', message: `Bad percent-encoding in the call name ${url.pathname.slice(0, 80)}.` } });
    }
    let args: unknown;
    try {
      const body = await readBody(req);
      args = body.length === 0 ? {} : JSON.parse(body);
    } catch (err) {
      if (err instanceof BodyTooLarge) {
        res.setHeader('connection', 'close');
        return sendJson(res, 413, { ok: false, error: { code: 'bad-request', message: `The body of ${name} is over ${MAX_BODY} bytes; calls take small JSON arguments.` } });
      }
      return sendJson(res, 400, { ok: false, error: { code: 'bad-request', message: `Bad request body for ${name}: ${err instanceof Error ? err.message : String(err)}` } });
    }
    const reply = await toReply(() => dispatchCall(service.calls, name, args));
    await sendJsonInParts(res, reply.ok ? 200 : httpStatus(reply.error.code), reply);
  }

  async function handleFile(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    if (!tokenMatches(token, requestToken(req.headers, url))) return sendText(res, 401, 'Refused: missing or wrong token.');
    const ref = parseFileUrlPath(url.pathname.slice('/files'.length));
    if (!ref) return sendText(res, 400, `Malformed file URL ${url.pathname}.`);
    try {
      const file = await service.resolveScreenFile(ref.datasetId, ref.relPath);
      await sendFile(res, file, 'private, max-age=300', ref.relPath);
    } catch (err) {
      const body = errorBody(err);
      sendText(res, httpStatus(body.code), body.message);
    }
  }

  server.on('connection', contain);
  const wss = new WebSocketServer({ noServer: true, maxPayload: 4096 });
  contain(wss as unknown as { on(event: 'error', l: (err: Error) => void): unknown });
  server.on('upgrade', (req, socket, head) => {
    contain(socket);
    const url = URL.parse(req.url ?? '/', origin);
    if (!url) {
      socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
      return;
    }
    if (url.pathname !== '/events' || !hostAllowed(req, origin) || !originAllowed(req, origin) || !tokenMatches(token, requestToken(req.headers, url))) {
      socket.end('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      contain(ws);
      sockets.add(ws);
      ws.on('close', () => sockets.delete(ws));
    });
  });
  const unsubscribe = service.subscribe((event, payload) => {
    const data = JSON.stringify({ event, payload });
    for (const ws of sockets) {
      if (ws.readyState !== ws.OPEN) continue;
      // A client that stops reading would make us buffer every event for it; it is dropped instead.
      if (ws.bufferedAmount > MAX_EVENT_BACKLOG) ws.terminate();
      else ws.send(data, () => undefined);
    }
  });

  await listen(server, options.port ?? 0);
  const port = (server.address() as AddressInfo).port;
  origin = `http://${HOST}:${port}`;
  return {
    port,
    token,
    origin,
    url: `${origin}/?token=${encodeURIComponent(token)}`,
    service,
    eventClients: () => sockets.size,
    close: async () => {
      unsubscribe();
      for (const ws of sockets) ws.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await service.close?.();
    },
  };
}

/** Only our own host name: a page on another origin that rebinds DNS to 127.0.0.1 is refused. */
const hostAllowed = (req: IncomingMessage, origin: string): boolean => loopbackHost(req, Number(new URL(origin).port));

/** Browsers send Origin on cross-site requests; anything but our own origin is refused. */
const originAllowed = (req: IncomingMessage, origin: string): boolean => loopbackOrigin(req, Number(new URL(origin).port));

/**
 * The request body as text; rejects with BodyTooLarge past MAX_BODY (declared or counted), but only once
 * the rest is read and dropped (up to MAX_DRAIN), so the 413 goes out after the client stopped writing:
 * answering mid-body and closing made a client still writing fail with EPIPE instead of reading the 413.
 * A body declared over MAX_DRAIN cannot be drained and is refused at once.
 */
function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const declared = Number(req.headers['content-length']);
    if (declared > MAX_DRAIN) { reject(new BodyTooLarge()); return; }
    let refused = declared > MAX_BODY;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_DRAIN) { req.destroy(); reject(new BodyTooLarge()); } else if (refused) return;
      else if (size > MAX_BODY) {
        refused = true;
        chunks.length = 0;
      } else chunks.push(c);
    });
    req.on('end', () => (refused ? reject(new BodyTooLarge()) : resolve(Buffer.concat(chunks).toString('utf8'))));
    req.on('error', reject);
  });
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
