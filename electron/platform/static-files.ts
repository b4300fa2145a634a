import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream';
import { stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { ServerResponse } from 'node:http';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};

/** MIME type for a file name (octet-stream when unknown). */
export function contentType(file: string): string {
  return TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Maps a URL path onto a file inside `dir` (the built renderer), or null when
 * it would leave `dir`. Unknown routes fall back to index.html (single-page app).
 */
export function staticPath(dir: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const rel = normalize(decoded).replace(/^([/\\])+/, '');
  const full = join(dir, rel === '' || rel === '.' ? 'index.html' : rel);
  if (full !== dir && !full.startsWith(dir.endsWith(sep) ? dir : dir + sep)) return null;
  return full;
}

/** Like staticPath, but routes that are not files (client-side views) get index.html. */
export async function staticOrIndex(dir: string, urlPath: string): Promise<string | null> {
  const file = staticPath(dir, urlPath);
  if (!file) return null;
  if (!urlPath.startsWith('/assets/') && !(await stat(file).catch(() => null))?.isFile()) return join(dir, 'index.html');
  return file;
}

/** Streams a file with its type; 404 naming `shown` (what the client asked for, never a path of this machine) when it is not a regular file. */
export async function sendFile(res: ServerResponse, file: string, cache: string, shown: string): Promise<void> {
  const st = await stat(file).catch(() => null);
  if (!st?.isFile()) {
    sendText(res, 404, `Not found: ${shown.slice(0, 200)}`);
    return;
  }
  res.writeHead(200, {
    'content-type': contentType(file),
    'content-length': st.size,
    'cache-control': cache,
    'x-content-type-options': 'nosniff',
  });
  // pipeline: a read error (the file vanished, EACCES) ends this response, never the process.
  pipeline(createReadStream(file), res, () => undefined);
}

/** A short plain-text response. */
export function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' });
  res.end(text + '\n');
}

/** A JSON response. */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const data = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(data);
}
