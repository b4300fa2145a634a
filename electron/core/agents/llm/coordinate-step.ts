/**
 * The LLM agent's coordinate mode, for grounding models (UI-TARS, Qwen2.5-VL / Qwen3-VL, plain
 * `tap(x, y)` answers): the raw screenshot resized by the family's rule, the family's prompt template
 * from resources/prompts/, and the reply's coordinates mapped back to device pixels. Resizing rules and
 * parsing are pure, in shared/kinds/agents/grounding/.
 */
import path from 'node:path';
import type OpenAI from 'openai';
import type { DeviceAction } from '../../../../shared/kinds/actions';
import { deviceScale, imageSizeFor, type GroundingFamily, type Size } from '../../../../shared/kinds/agents/grounding/resize';
import { groundedToDevice, parseGrounded } from '../../../../shared/kinds/agents/grounding/parse-grounding';
import { canvasLib } from '../../../platform/canvas-lib';
import { readTextIn } from '../../../platform/confined-read';

type Message = OpenAI.Chat.Completions.ChatCompletionMessageParam;

/** resources/ of the app (source checkout or dist/ layout). */
function resourcesDir(): string {
  const here = path.dirname(new URL(import.meta.url).pathname);
  const marker = `${path.sep}electron${path.sep}`;
  return path.join(here.includes(marker) ? here.slice(0, here.lastIndexOf(marker)) : path.dirname(here), 'resources');
}

/** The family's template: `## System` and `## User` parts (text before `## System` is a comment). */
export async function readTemplate(family: GroundingFamily): Promise<{ system: string; user: string; file: string }> {
  const dir = resourcesDir();
  const rel = path.join('prompts', `grounding-${family}.md`);
  const text = await readTextIn(dir, rel);
  if (text === undefined) throw new Error(`llm agent: the prompt template ${path.join(dir, rel)} is missing; restore it from the app's resources/prompts/.`);
  const s = text.indexOf('\n## System\n');
  const u = text.lastIndexOf('\n## User\n');
  if (s < 0 || u < s) throw new Error(`${path.join(dir, rel)}: needs a "## System" heading and, after it, a "## User" heading (each on a line of its own).`);
  return { system: text.slice(s + 11, u).trim(), user: text.slice(u + 9).trim(), file: path.join(dir, rel) };
}

const fill = (t: string, v: Record<string, string>): string => t.replace(/\{\{(\w+)\}\}/g, (all, k: string) => v[k] ?? all);

/** One step's prompt: the messages, the image sent and how its coordinates map back. */
export interface CoordinatePrompt {
  messages: Message[];
  family: GroundingFamily;
  image: Size;
  /** Device pixels per unit of the family's coordinate space (x, y). */
  scale: { x: number; y: number };
}

/** Resizes the screenshot by the family's rule and fills the template. */
export async function coordinatePrompt(p: { family: GroundingFamily; imageWidth: number; png: Buffer; screen: Size; task: string; history: readonly string[]; feedback?: string }): Promise<CoordinatePrompt> {
  const { createCanvas, loadImage } = canvasLib();
  const img = await loadImage(p.png);
  const size = imageSizeFor(p.family, { width: img.width, height: img.height }, p.imageWidth);
  const canvas = createCanvas(size.width, size.height);
  canvas.getContext('2d').drawImage(img, 0, 0, size.width, size.height);
  const png = await canvas.encode('png');
  const t = await readTemplate(p.family);
  const v = {
    task: p.task, width: String(size.width), height: String(size.height),
    history: p.history.length ? p.history.map((h, i) => `${i + 1}. ${h}`).join('\n') : '(none yet)',
    feedback: p.feedback ? `Your previous reply was not a valid action: ${p.feedback}` : '',
  };
  return {
    family: p.family, image: size, scale: deviceScale(p.family, p.screen, size),
    messages: [
      { role: 'system', content: fill(t.system, v) },
      { role: 'user', content: [{ type: 'text', text: fill(t.user, v).trim() }, { type: 'image_url', image_url: { url: `data:image/png;base64,${png.toString('base64')}` } }] },
    ],
  };
}

/** The device action of a reply (an invalid one with the reason when it holds none), and what was parsed, for the step's record. */
export function coordinateAction(p: CoordinatePrompt, msg: OpenAI.Chat.Completions.ChatCompletionMessage, screen: Size): { action: DeviceAction; error?: string; parsed?: unknown } {
  const call = msg.tool_calls?.find((c) => c.type === 'function');
  let toolArgs: unknown;
  if (call && call.type === 'function') { try { toolArgs = JSON.parse(call.function.arguments || '{}'); } catch { toolArgs = undefined; } }
  const r = parseGrounded(p.family, typeof msg.content === 'string' ? msg.content : '', toolArgs);
  if (!r.ok) return { action: { kind: 'invalid', reason: r.error }, error: r.error };
  const action = groundedToDevice(r.action, p.scale, screen);
  return action.kind === 'invalid' ? { action, error: action.reason, parsed: r.action } : { action, parsed: r.action };
}
