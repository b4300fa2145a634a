/**
 * A step's conversation with its model as the run view's step log and the replay show it, read
 * from the step's agent note in episode.json (the LLM agent writes it). Only named fields are
 * copied, so nothing else the note might hold reaches a page; the note itself never holds a key.
 */

/** One step's exchange with the model. */
export interface StepConversation {
  model?: string;
  mode?: string;
  /** The messages sent, as text; images appear as their placeholder (`<set-of-marks PNG, 40 KiB>`). */
  prompt: { role: string; text: string }[];
  /** Placeholders of the images sent (the step's screenshot is the picture itself). */
  images: string[];
  /** The model's reply: its text, and its tool calls as `name(arguments)`. */
  reply: string;
  /** The action the reply was read as (coordinate mode), or why it was no action. */
  parsed?: string;
  invalid?: string;
  tokensIn?: number;
  tokensOut?: number;
  latencyMs?: number;
  /** Requests made for this step (1 + retries). */
  attempts?: number;
  errors: string[];
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** The conversation in a step's agent note; undefined when the note holds none (built-in agents). */
export function stepConversation(note: unknown): StepConversation | undefined {
  if (!note || typeof note !== 'object') return undefined;
  const n = note as Record<string, unknown>;
  if (!Array.isArray(n.prompt)) return undefined;
  const images: string[] = [];
  const prompt = (n.prompt as { role?: unknown; content?: unknown }[]).map((m) => {
    const parts = typeof m.content === 'string' ? [m.content] : Array.isArray(m.content) ? (m.content as { type?: unknown; text?: unknown; image_url?: unknown }[]).map((p) => {
      if (p.type === 'image_url') { const img = str(p.image_url) ?? '<image>'; images.push(img); return img; }
      return str(p.text) ?? '';
    }) : [];
    return { role: str(m.role) ?? '?', text: parts.join('\n') };
  });
  const r = (n.reply ?? {}) as { content?: unknown; tool_calls?: { function?: { name?: unknown; arguments?: unknown } }[] };
  const calls = Array.isArray(r.tool_calls) ? r.tool_calls.map((c) => `${str(c.function?.name) ?? '?'}(${str(c.function?.arguments) ?? ''})`) : [];
  const out: StepConversation = {
    prompt, images, reply: [str(r.content), ...calls].filter((x): x is string => !!x).join('\n'),
    errors: Array.isArray(n.errors) ? n.errors.map((e) => (typeof e === 'string' ? e : JSON.stringify(e))) : [],
  };
  const set = <K extends keyof StepConversation>(k: K, v: StepConversation[K] | undefined): void => { if (v !== undefined) out[k] = v; };
  set('model', str(n.model)); set('mode', str(n.mode)); set('invalid', str(n.invalid));
  set('parsed', n.parsed === undefined ? undefined : JSON.stringify(n.parsed));
  set('tokensIn', num(n.tokensIn)); set('tokensOut', num(n.tokensOut)); set('latencyMs', num(n.latencyMs)); set('attempts', num(n.attempts));
  return out;
}

/** Everything searchable of a conversation, lower-cased (the step log's and the replay's search). */
export function conversationText(c: StepConversation | undefined): string {
  if (!c) return '';
  return [c.model, ...c.prompt.map((m) => m.text), c.reply, c.parsed, c.invalid, ...c.errors].filter(Boolean).join('\n').toLowerCase();
}
