import type OpenAI from 'openai';
import { boundedFetch } from '../../platform/bounded-fetch';
import { scrubSecrets } from '../../platform/scrub-secrets';
import type { ChatMessage } from './judge-prompt';
import type { TokenUsage } from './judge-cache';

/** Where the judges are and how to reach them. The key lives only here, in memory. */
export interface EndpointConfig {
  baseURL: string;
  apiKey?: string;
  /** Retries on 408/409/429/5xx and connection errors, honouring Retry-After (default 4). */
  maxRetries?: number;
  /** Per request, milliseconds, the whole answer included (default 120 s); a too-slow or too-large answer is not retried. */
  timeoutMs?: number;
}

/** Sampling settings sent with every request; part of the prompt hash. */
export const JUDGE_PARAMS = { temperature: 0, max_tokens: 400 } as const;

/** One chat completion: the reply text and its token counts. */
export interface JudgeReply { reply: string; usage: TokenUsage }

/** Asks one model one prompt. */
export type AskModel = (model: string, messages: ChatMessage[], signal?: AbortSignal) => Promise<JudgeReply>;

/** Removes the key (and a Bearer header echo) from a message before it is shown or stored. */
export const redact = (text: string, apiKey?: string): string => scrubSecrets(text, [apiKey]);

/** Default of EndpointConfig.timeoutMs. */
export const JUDGE_TIMEOUT_MS = 120_000;

/**
 * An OpenAI-compatible chat-completions client (the `openai` package) for the judges. Errors name the
 * endpoint, the model and the status, never the key.
 */
export function createAskModel(cfg: EndpointConfig): AskModel {
  // Loaded on first use: an evaluation without the judge never loads the SDK.
  let client: Promise<OpenAI> | undefined;
  const open = (): Promise<OpenAI> => (client ??= import('openai').then(({ default: Client }) => new Client({
    baseURL: cfg.baseURL,
    // Local OpenAI-compatible servers often need no key; the SDK requires a value.
    apiKey: cfg.apiKey || 'no-key',
    maxRetries: cfg.maxRetries ?? 4,
    timeout: cfg.timeoutMs ?? JUDGE_TIMEOUT_MS,
    // The library's timeout ends at the headers: this one covers the body, caps it and scrubs the key from it.
    fetch: boundedFetch({ deadlineMs: cfg.timeoutMs ?? JUDGE_TIMEOUT_MS, secrets: [cfg.apiKey] }),
    logLevel: 'off',
  })));
  return async (model, messages, signal) => {
    try {
      const r = await (await open()).chat.completions.create({ model, messages: messages as OpenAI.Chat.ChatCompletionMessageParam[], ...JUDGE_PARAMS }, { signal });
      const reply = r.choices?.[0]?.message?.content ?? '';
      return { reply: typeof reply === 'string' ? reply : JSON.stringify(reply), usage: { prompt: r.usage?.prompt_tokens ?? 0, completion: r.usage?.completion_tokens ?? 0 } };
    } catch (err) {
      if (signal?.aborted) throw err;
      const status = (err as { status?: number }).status;
      const hint = status === 401 || status === 403 ? ' Check the API key (--llm-key, TOUCHSTONE_LLM_API_KEY or the evaluation view\'s Judge endpoint).' : status === 404 ? ' Check the model name and the base URL (it usually ends in /v1).' : '';
      throw new Error(redact(`Judge model ${model} at ${cfg.baseURL} failed${status ? ` (HTTP ${status})` : ''}: ${(err as Error).message}.${hint}`, cfg.apiKey));
    }
  };
}
