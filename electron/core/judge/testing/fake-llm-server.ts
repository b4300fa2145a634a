// Test helper: a local OpenAI-compatible chat-completions server (loopback only) whose answers depend
// on the request's content, so a prompt that leaves out what the judge needs gets the wrong verdict.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One chat-completions request as received. */
export interface SeenRequest {
  model: string;
  authorization?: string;
  retryCount?: string;
  /** The messages' text parts, joined. */
  text: string;
  /** Decoded bytes of the image parts (data URLs), in order. */
  images: Buffer[];
  body: Record<string, unknown>;
}

/** How a model answers: from the request, a verdict and a reason (or a raw reply). */
export type Answerer = (req: SeenRequest) => { completed: boolean; reason: string } | { raw: string };

export interface FakeLlm {
  url: string;
  requests: SeenRequest[];
  /** Statuses to return before answering, consumed one per request (e.g. [429, 500]). */
  failures: number[];
  close(): Promise<void>;
}

function parse(body: Record<string, unknown>, headers: http.IncomingHttpHeaders): SeenRequest {
  const texts: string[] = [];
  const images: Buffer[] = [];
  for (const m of (body.messages as { content: unknown }[] | undefined) ?? []) {
    if (typeof m.content === 'string') texts.push(m.content);
    else for (const p of (m.content as { type: string; text?: string; image_url?: { url: string } }[]) ?? []) {
      if (p.type === 'text' && p.text) texts.push(p.text);
      if (p.type === 'image_url' && p.image_url) images.push(Buffer.from(p.image_url.url.replace(/^data:[^,]*,/, ''), 'base64'));
    }
  }
  return { model: String(body.model), authorization: headers.authorization, retryCount: headers['x-stainless-retry-count'] as string | undefined, text: texts.join('\n'), images, body };
}

/** Starts the server on 127.0.0.1 with one answerer per model name (unknown models get HTTP 404). */
export async function startFakeLlm(models: Record<string, Answerer>): Promise<FakeLlm> {
  const requests: SeenRequest[] = [];
  const failures: number[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const send = (status: number, obj: unknown, headers: Record<string, string> = {}): void => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify(obj));
      };
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) return send(404, { error: { message: `no route ${req.method} ${req.url}` } });
      const seen = parse(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>, req.headers);
      requests.push(seen);
      const fail = failures.shift();
      // retry-after-ms keeps the client's back-off short in tests.
      if (fail !== undefined) return send(fail, { error: { message: `injected ${fail}` } }, { 'retry-after-ms': '5' });
      const answer = models[seen.model];
      if (!answer) return send(404, { error: { message: `model ${seen.model} not found` } });
      const a = answer(seen);
      const content = 'raw' in a ? a.raw : JSON.stringify({ completed: a.completed, reason: a.reason });
      send(200, {
        id: `chatcmpl-${requests.length}`, object: 'chat.completion', created: 0, model: seen.model,
        choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
        usage: { prompt_tokens: Math.ceil(seen.text.length / 4) + 85 * seen.images.length, completion_tokens: Math.ceil(content.length / 4), total_tokens: 0 },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`, requests, failures,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
