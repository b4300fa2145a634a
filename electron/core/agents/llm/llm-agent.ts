import type OpenAI from 'openai';
import { describeAction, type DeviceAction } from '../../../../shared/kinds/actions';
import type { Agent, AgentFactory, AgentOptions, AgentTask, AgentUsage, Observation } from '../agent';
import { parseActionRequest, type ParsedAction } from '../agent-action';
import { screenElements, type ScreenElement } from '../screen-view';
import { ChatCaller } from './chat-call';
import { llmSettings, type LlmSettings } from './llm-settings';
import { llmSpec } from '../../../../shared/kinds/agents/llm-agent';
import { ACTION_TOOLS, recordable, systemPrompt, userPrompt } from './prompt';
import { drawMarks } from './set-of-marks';
import { coordinateAction, coordinatePrompt } from './coordinate-step';

type Message = OpenAI.Chat.Completions.ChatCompletionMessage;

/** The action in a reply: the first tool call, else a JSON object in the text (`{"action": ...}`). */
export function actionFromReply(msg: Message, els: readonly ScreenElement[], screen: { width: number; height: number }): ParsedAction {
  const call = msg.tool_calls?.find((c) => c.type === 'function');
  if (call && call.type === 'function') {
    let args: unknown = {};
    const raw = call.function.arguments?.trim() ?? '';
    if (raw) {
      try { args = JSON.parse(raw); } catch { return { ok: false, error: `the arguments of your ${call.function.name} tool call are not JSON (${JSON.stringify(raw.slice(0, 80))}).` }; }
    }
    if (!args || typeof args !== 'object' || Array.isArray(args)) return { ok: false, error: `the arguments of your ${call.function.name} tool call must be a JSON object.` };
    const r = parseActionRequest({ ...(args as object), action: call.function.name }, els, screen);
    return r.ok ? r : { ok: false, error: `${call.function.name}: ${r.error}` };
  }
  const text = typeof msg.content === 'string' ? msg.content : '';
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start >= 0 && end > start) {
    try {
      const obj = JSON.parse(text.slice(start, end + 1)) as unknown;
      return parseActionRequest(obj, els, screen);
    } catch { /* fall through */ }
  }
  return { ok: false, error: `the reply has no tool call and no JSON action (it said ${JSON.stringify(text.slice(0, 80))}).` };
}

/**
 * An agent backed by any OpenAI-compatible chat-completions endpoint. Each step
 * sends the task, the actions so far and the numbered screen (text mode), plus
 * the screenshot with the numbers drawn on it (vision mode); the model answers
 * with a tool call. Every prompt, reply, token count and latency goes into the
 * step's record; a reply that is no valid action becomes an invalid step and
 * the model is told why on the next one.
 */
export class LlmAgent implements Agent {
  readonly name = 'llm';
  private readonly s: LlmSettings;
  private readonly caller: ChatCaller;
  private task?: AgentTask;
  private history: string[] = [];
  private feedback?: string;
  private note?: Record<string, unknown>;
  private totals: AgentUsage = { requests: 0, tokensIn: 0, tokensOut: 0 };

  constructor(opts: AgentOptions, env: NodeJS.ProcessEnv = process.env) {
    this.s = llmSettings(opts.settings, env);
    this.caller = new ChatCaller(this.s);
  }

  async start(task: AgentTask): Promise<void> {
    this.task = task;
    this.history = [];
    this.feedback = undefined;
  }

  stepNote(): Record<string, unknown> | undefined { return this.note; }

  usage(): AgentUsage {
    const { priceIn, priceOut } = this.s;
    if (priceIn === undefined && priceOut === undefined) return { ...this.totals };
    return { ...this.totals, costUsd: Math.round((((priceIn ?? 0) * this.totals.tokensIn + (priceOut ?? 0) * this.totals.tokensOut) / 1e6) * 1e6) / 1e6 };
  }

  async next(obs: Observation, signal: AbortSignal): Promise<DeviceAction> {
    if (!this.task) throw new Error('llm agent: next() before start().');
    this.note = undefined;
    if (this.s.mode === 'coordinates') return this.nextByCoordinates(obs, signal);
    const els = screenElements(obs.xml);
    const marked = this.s.mode === 'vision' ? await drawMarks(obs.screenshot, els, this.s.imageWidth) : undefined;
    const messages: OpenAI.Chat.Completions.ChatCompletionMessageParam[] = [
      { role: 'system', content: systemPrompt(this.s.tools) },
      userPrompt({ task: this.task.description, screen: obs.screen, activity: obs.activity, elements: els, history: this.history.slice(-this.s.historyLength), feedback: this.feedback, marked }),
    ];
    const body = {
      model: this.s.model, messages, temperature: this.s.temperature, max_tokens: this.s.maxTokens,
      ...(this.s.tools ? { tools: ACTION_TOOLS, tool_choice: 'required' as const } : {}),
    };
    const r = await this.caller.call(body, signal);
    const msg = r.completion.choices[0]?.message;
    const tokensIn = r.completion.usage?.prompt_tokens ?? 0;
    const tokensOut = r.completion.usage?.completion_tokens ?? 0;
    this.totals = { requests: this.totals.requests + r.attempts, tokensIn: this.totals.tokensIn + tokensIn, tokensOut: this.totals.tokensOut + tokensOut };
    const parsed: ParsedAction = msg ? actionFromReply(msg, els, obs.screen) : { ok: false, error: 'the reply had no choices.' };
    const action: DeviceAction = parsed.ok ? parsed.action : { kind: 'invalid', reason: parsed.error };
    this.feedback = parsed.ok ? undefined : parsed.error;
    this.history.push(parsed.ok ? describeAction(action) : `(invalid reply: ${parsed.error})`);
    this.note = {
      model: r.completion.model || this.s.model, mode: this.s.mode, prompt: recordable(messages),
      reply: msg ? { content: msg.content ?? null, ...(msg.tool_calls ? { tool_calls: msg.tool_calls } : {}) } : null,
      tokensIn, tokensOut, latencyMs: r.latencyMs, attempts: r.attempts, ...(r.errors.length ? { errors: r.errors } : {}),
      ...(parsed.ok ? {} : { invalid: parsed.error }),
    };
    return action;
  }

  /** Coordinate mode: the resized screenshot and the family's template; the reply's point mapped back to device pixels. */
  private async nextByCoordinates(obs: Observation, signal: AbortSignal): Promise<DeviceAction> {
    const p = await coordinatePrompt({ family: this.s.family, imageWidth: this.s.imageWidth, png: obs.screenshot, screen: obs.screen, task: this.task!.description, history: this.history.slice(-this.s.historyLength), feedback: this.feedback });
    const r = await this.caller.call({ model: this.s.model, messages: p.messages, temperature: this.s.temperature, max_tokens: this.s.maxTokens }, signal);
    const msg = r.completion.choices[0]?.message;
    const tokensIn = r.completion.usage?.prompt_tokens ?? 0;
    const tokensOut = r.completion.usage?.completion_tokens ?? 0;
    this.totals = { requests: this.totals.requests + r.attempts, tokensIn: this.totals.tokensIn + tokensIn, tokensOut: this.totals.tokensOut + tokensOut };
    const got = msg ? coordinateAction(p, msg, obs.screen) : { action: { kind: 'invalid', reason: 'the reply had no choices.' } as DeviceAction, error: 'the reply had no choices.', parsed: undefined };
    this.feedback = got.error;
    this.history.push(got.error ? `(invalid reply: ${got.error})` : describeAction(got.action));
    this.note = {
      model: r.completion.model || this.s.model, mode: this.s.mode, family: p.family, prompt: recordable(p.messages, `screenshot PNG ${p.image.width}x${p.image.height}`),
      // The resize, recorded so a reader can map the model's numbers to the screen: device = model point x scale.
      resize: { screen: obs.screen, image: p.image, scale: p.scale },
      reply: msg ? { content: msg.content ?? null, ...(msg.tool_calls ? { tool_calls: msg.tool_calls } : {}) } : null,
      ...(got.parsed ? { parsed: got.parsed } : {}),
      tokensIn, tokensOut, latencyMs: r.latencyMs, attempts: r.attempts, ...(r.errors.length ? { errors: r.errors } : {}),
      ...(got.error ? { invalid: got.error } : {}),
    };
    return got.action;
  }
}

export const llmAgent: AgentFactory = { spec: llmSpec, create: (o) => new LlmAgent(o) };
