/**
 * A local OpenAI-compatible chat-completions server for tests. It plays a
 * task by reading each request's own content: the next target is looked up
 * by label in the numbered element list of the prompt (`[n] ... "Label"`), and
 * the reply is a tool call `tap {element: n}`. A prompt without the list gets
 * `impossible`, so an agent that omits the numbered screen fails its task.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeLlmOptions {
  /** Labels (text or content description) to tap in order; then `complete`. */
  plan: string[];
  /** Bearer key the server insists on (401 otherwise). */
  key: string;
  /** Answer the first N requests with HTTP 500. */
  fail500?: number;
  /** Then answer N requests with 429 and `Retry-After: 0.2`. */
  fail429?: number;
  /** Reply to the request with this 0-based step (taken from the prompt's history) with a malformed tool call, once. */
  malformedAtStep?: number;
  /** Answer with the JSON action in the message text instead of a tool call. */
  textReplies?: boolean;
  /** The model "thinks" this long before each answer (a run then lasts long enough to be seen running). */
  delayMs?: number;
}

export interface FakeLlm {
  url: string;
  requests: { auth: string; body: Record<string, unknown>; status: number }[];
  close(): Promise<void>;
}

type Msg = { role: string; content: string | { type: string; text?: string }[] };

function promptText(body: Record<string, unknown>): string {
  const msgs = (body.messages ?? []) as Msg[];
  const user = [...msgs].reverse().find((m) => m.role === 'user');
  if (!user) return '';
  return typeof user.content === 'string' ? user.content : user.content.map((p) => p.text ?? '').join('\n');
}

/** What to do for this prompt: the tool call name and arguments, or a refusal. */
export function decide(prompt: string, plan: string[]): { name: string; args: Record<string, unknown> } {
  const hist = /Actions so far \(oldest first\):\n((?:\d+\. .*\n?)+)/.exec(prompt);
  const done = hist ? hist[1]!.trim().split('\n').filter((l) => !/invalid reply/.test(l)).length : 0;
  if (done >= plan.length) return { name: 'complete', args: {} };
  const label = plan[done]!;
  const esc = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const m = new RegExp(`^\\[(\\d+)\\][^\\n]*"${esc}"`, 'm').exec(prompt);
  if (!m) return { name: 'impossible', args: {} };
  return { name: 'tap', args: { element: Number(m[1]) } };
}

function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => { try { resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>); } catch (e) { reject(e as Error); } });
    req.on('error', reject);
  });
}

export async function startFakeLlm(o: FakeLlmOptions): Promise<FakeLlm> {
  const requests: FakeLlm['requests'] = [];
  let malformedSent = false;
  const server: Server = createServer((req, res) => {
    void readJson(req).then(async (body) => {
      if (o.delayMs) await new Promise((r) => setTimeout(r, o.delayMs));
      const auth = String(req.headers.authorization ?? '');
      const send = (status: number, payload: unknown): void => {
        requests.push({ auth, body, status });
        res.writeHead(status, { 'content-type': 'application/json', ...(status === 429 ? { 'retry-after': '0.2' } : {}) });
        res.end(JSON.stringify(payload));
      };
      if (req.url !== '/v1/chat/completions') return send(404, { error: { message: `no route ${req.url}` } });
      if (auth !== `Bearer ${o.key}`) return send(401, { error: { message: 'bad key' } });
      if (requests.filter((r) => r.status === 500).length < (o.fail500 ?? 0)) return send(500, { error: { message: 'overloaded, try again' } });
      if (requests.filter((r) => r.status === 429).length < (o.fail429 ?? 0)) return send(429, { error: { message: 'rate limited' } });
      const prompt = promptText(body);
      const d = decide(prompt, o.plan);
      const step = /Actions so far/.test(prompt) ? (/Actions so far \(oldest first\):\n((?:\d+\. .*\n?)+)/.exec(prompt)![1]!.trim().split('\n').length) : 0;
      let args = JSON.stringify(d.args);
      if (o.malformedAtStep === step && !malformedSent) { malformedSent = true; args = '{"element": 3,,'; }
      const usage = { prompt_tokens: Math.ceil(prompt.length / 4), completion_tokens: 12, total_tokens: Math.ceil(prompt.length / 4) + 12 };
      const message = o.textReplies
        ? { role: 'assistant', content: `I will do this: ${JSON.stringify({ action: d.name, ...d.args })}` }
        : { role: 'assistant', content: null, tool_calls: [{ id: `call_${requests.length}`, type: 'function', function: { name: d.name, arguments: args } }] };
      send(200, { id: `chatcmpl-${requests.length}`, object: 'chat.completion', created: Math.floor(Date.now() / 1000), model: String(body.model), choices: [{ index: 0, finish_reason: 'tool_calls', message }], usage });
    }, () => { res.writeHead(400); res.end('{}'); });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return { url: `http://127.0.0.1:${port}/v1`, requests, close: () => new Promise((r) => { server.closeAllConnections(); server.close(() => r()); }) };
}
