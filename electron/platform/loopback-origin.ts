/**
 * Host and Origin checks of the loopback servers (the app server, the agent HTTP API, MCP over HTTP): only
 * this machine's own names for the port answer, so a page on another site (or one that rebinds DNS to
 * 127.0.0.1) gets nothing, even when it somehow holds the token.
 */
import type { IncomingMessage } from 'node:http';

/** The Host header names 127.0.0.1 or localhost on `port`. */
export function loopbackHost(req: IncomingMessage, port: number): boolean {
  const host = req.headers.host;
  return host === `127.0.0.1:${port}` || host === `localhost:${port}`;
}

/** No Origin (not a browser, or a same-origin GET), or this server's own origin on `port`. */
export function loopbackOrigin(req: IncomingMessage, port: number): boolean {
  const o = req.headers.origin;
  if (o === undefined) return true;
  return o === `http://127.0.0.1:${port}` || o === `http://localhost:${port}`;
}
