// Test helper: OpenAI-compatible endpoints that misbehave (loopback only): one trickles its answer, one
// streams server-sent events without end, one sends 200 MB, one echoes the key it was sent.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Misbehaviour = 'trickle' | 'sse' | 'huge' | 'echo' | 'echo-error';

export interface BadLlm { url: string; close(): Promise<void> }

const completion = (content: string): string => JSON.stringify({
  id: 'chatcmpl-1', object: 'chat.completion', created: 0, model: 'm', choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
  usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
});

export async function startBadLlm(how: Misbehaviour): Promise<BadLlm> {
  const timers = new Set<NodeJS.Timeout>();
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const key = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
      if (how === 'echo') {
        res.writeHead(200, { 'content-type': 'application/json' });
        // The key as sent, and once more with JSON \u escapes, in the reply text a judge caches and shows.
        const escaped = [...key].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
        res.end(completion(`{"completed": true, "reason": "Done; you sent ${key}"}`).replace('"Done;', `"Done (${escaped});`));
      } else if (how === 'echo-error') {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: `key ${key} is not valid here` } }));
      } else if (how === 'trickle') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"id": "chatcmpl-1", "choices": [');
        const t = setInterval(() => res.write(' '), 100);
        timers.add(t);
        res.on('close', () => clearInterval(t));
      } else if (how === 'sse') {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        const t = setInterval(() => res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: 'more ' } }] })}\n\n`), 50);
        timers.add(t);
        res.on('close', () => clearInterval(t));
      } else {
        res.writeHead(200, { 'content-type': 'application/json' });
        const chunk = Buffer.alloc(1 << 20, 0x20);
        let sent = 0;
        const pump = (): void => {
          while (sent < 200 && !res.destroyed) {
            sent++;
            if (!res.write(chunk)) { res.once('drain', pump); return; }
          }
          res.end();
        };
        pump();
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    close: () => new Promise((r) => { for (const t of timers) clearInterval(t); server.closeAllConnections(); server.close(() => r()); }),
  };
}
