/**
 * A local OpenAI-compatible server that plays a grounding model of one family (UI-TARS, Qwen, plain)
 * for tests. It sees what a real one sees: the image of the request (its size read from the PNG the
 * agent sent) and the step from the prompt's history. Where the next target is, it asks `locate`
 * (the test reads the device's hierarchy through the real adb: an oracle for "the model found the
 * component"), then answers in the family's own format and coordinate space: UI-TARS in 0–1000,
 * Qwen and plain in pixels of the image it was sent.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { GroundingFamily } from '../../../../shared/kinds/agents/grounding/resize';

export interface Located { x: number; y: number; screen: { width: number; height: number } }

export interface FakeGroundingOptions {
  family: GroundingFamily;
  /** Labels to tap in order; then the family's "done". */
  plan: string[];
  /** The centre of the component labelled `label` on the device now, in device pixels, and the device's screen size. */
  locate(label: string): Promise<Located>;
}

export interface FakeGrounding {
  url: string;
  requests: { body: Record<string, unknown>; image: { width: number; height: number }; reply: string }[];
  close(): Promise<void>;
}

type Part = { type: string; text?: string; image_url?: { url: string } };

/** Width and height from a PNG's IHDR chunk. */
function pngSize(dataUrl: string): { width: number; height: number } {
  const b = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => { try { resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>); } catch (e) { reject(e as Error); } });
    req.on('error', reject);
  });
}

function reply(family: GroundingFamily, p: { x: number; y: number } | null): string {
  if (family === 'uitars') return p ? `Thought: The target is there; I tap it.\nAction: click(start_box='<|box_start|>(${p.x},${p.y})<|box_end|>')` : "Thought: Done.\nAction: finished(content='done')";
  if (family === 'qwen') return `<tool_call>\n${JSON.stringify({ name: 'mobile_use', arguments: p ? { action: 'click', coordinate: [p.x, p.y] } : { action: 'terminate', status: 'success' } })}\n</tool_call>`;
  return p ? `The target is there.\ntap(${p.x}, ${p.y})` : 'The task is done.\ncomplete()';
}

export async function startFakeGrounding(o: FakeGroundingOptions): Promise<FakeGrounding> {
  const requests: FakeGrounding['requests'] = [];
  const server: Server = createServer((req, res) => {
    void readJson(req).then(async (body) => {
      const user = ((body.messages ?? []) as { role: string; content: Part[] | string }[]).findLast((m) => m.role === 'user');
      const parts = Array.isArray(user?.content) ? user.content : [];
      const text = parts.map((p) => p.text ?? '').join('\n');
      const url = parts.find((p) => p.type === 'image_url')?.image_url?.url;
      if (!url) { res.writeHead(400); res.end(JSON.stringify({ error: { message: 'no image in the request' } })); return; }
      const image = pngSize(url);
      const step = (text.match(/^\d+\. (?!\(invalid)/gm) ?? []).length;
      let point: { x: number; y: number } | null = null;
      if (step < o.plan.length) {
        const at = await o.locate(o.plan[step]!);
        point = o.family === 'uitars'
          ? { x: Math.round((at.x / at.screen.width) * 1000), y: Math.round((at.y / at.screen.height) * 1000) }
          : { x: Math.round((at.x * image.width) / at.screen.width), y: Math.round((at.y * image.height) / at.screen.height) };
      }
      const content = reply(o.family, point);
      requests.push({ body, image, reply: content });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({
        id: `chatcmpl-${requests.length}`, object: 'chat.completion', created: Math.floor(Date.now() / 1000), model: String(body.model),
        choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }], usage: { prompt_tokens: 900, completion_tokens: 20, total_tokens: 920 },
      }));
    }, () => { res.writeHead(400); res.end('{}'); });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return { url: `http://127.0.0.1:${port}/v1`, requests, close: () => new Promise((r) => { server.closeAllConnections(); server.close(() => r()); }) };
}
