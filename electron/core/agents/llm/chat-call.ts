import type OpenAI from 'openai';
import { AnswerLimitError, boundedFetch } from '../../../platform/bounded-fetch';
import { scrubSecrets } from '../../../platform/scrub-secrets';
import { AgentInterrupted } from '../agent';
import type { LlmSettings } from './llm-settings';

/**
 * The `openai` library, loaded on the first call: importing it took ~95 ms of every `touchstone run`
 * and `serve` start, including runs whose agents never call a model.
 */
type OpenAiLib = typeof OpenAI;
let lib: Promise<OpenAiLib> | undefined;
const openai = (): Promise<OpenAiLib> => (lib ??= import('openai').then((m) => m.default));

type Body = OpenAI.Chat.Completions.ChatCompletionCreateParamsNonStreaming;
type Completion = OpenAI.Chat.Completions.ChatCompletion;

/** One failed attempt, as recorded with the step. */
export interface AttemptError { attempt: number; status?: number; error: string; waitedMs: number }

export interface CallResult { completion: Completion; attempts: number; errors: AttemptError[]; latencyMs: number }

const sleep = (ms: number, signal: AbortSignal): Promise<void> => new Promise((resolve, reject) => {
  if (signal.aborted) { reject(signal.reason); return; }
  const t = setTimeout(() => { signal.removeEventListener('abort', onAbort); resolve(); }, ms);
  const onAbort = (): void => { clearTimeout(t); reject(signal.reason); };
  signal.addEventListener('abort', onAbort, { once: true });
});

/** Whether another attempt may help: rate limits, server errors, and the connection failing or timing out. */
function retryable(OpenAI: OpenAiLib, err: unknown): boolean {
  if (err instanceof OpenAI.APIConnectionError) return true;
  return err instanceof OpenAI.APIError && (err.status === 429 || err.status === 408 || (err.status ?? 0) >= 500);
}

function retryAfterMs(OpenAI: OpenAiLib, err: unknown): number | null {
  if (!(err instanceof OpenAI.APIError)) return null;
  const v = err.headers?.get?.('retry-after');
  const s = v ? Number(v) : NaN;
  return Number.isFinite(s) && s >= 0 ? Math.min(60_000, s * 1000) : null;
}

/**
 * A chat-completions client for one episode: the `openai` library with its own
 * retries off, so every attempt is seen and recorded here; backoff doubles from
 * `backoffMs` with jitter (or follows Retry-After). The key is only ever handed
 * to the library, and scrubbed from every message this file produces.
 */
export class ChatCaller {
  private client?: OpenAI;

  constructor(private readonly s: LlmSettings) {}

  private scrub(text: string): string {
    return scrubSecrets(text, [this.s.apiKey]);
  }

  async call(body: Body, signal: AbortSignal): Promise<CallResult> {
    const OpenAI = await openai();
    // boundedFetch: timeout_ms covers the whole answer (the library's stops at the headers), caps its size and
    // scrubs the key from it, so an echoing endpoint cannot get the key into episode.json.
    this.client ??= new OpenAI({ baseURL: this.s.baseURL, apiKey: this.s.apiKey, maxRetries: 0, timeout: this.s.timeoutMs, fetch: boundedFetch({ deadlineMs: this.s.timeoutMs, secrets: [this.s.apiKey] }) });
    const errors: AttemptError[] = [];
    const t0 = performance.now();
    for (let attempt = 1; ; attempt++) {
      const ta = performance.now();
      try {
        const completion = await this.client.chat.completions.create(body, { signal });
        return { completion, attempts: attempt, errors, latencyMs: Math.round(performance.now() - ta) };
      } catch (err) {
        if (signal.aborted) throw err;
        const status = err instanceof OpenAI.APIError ? err.status : undefined;
        const cause = (err as { cause?: { code?: string; message?: string } }).cause;
        const what = this.scrub(`${(err as Error).message}${cause?.code ? ` (${cause.code})` : ''}`);
        if (!retryable(OpenAI, err) || attempt > this.s.retries) {
          errors.push({ attempt, ...(status ? { status } : {}), error: what, waitedMs: 0 });
          const tried = `${attempt} attempt(s) over ${Math.round(performance.now() - t0)} ms`;
          const limit = err instanceof AnswerLimitError;
          const hint = limit ? 'Check the endpoint; raise --agent-opt timeout_ms for a slow model.'
            : status === undefined ? 'Check that the server is running and TOUCHSTONE_LLM_BASE_URL / base_url points at it.'
            : status === 401 || status === 403 ? 'Check the API key (TOUCHSTONE_LLM_API_KEY).'
            : status === 404 ? 'Check the model name and that base_url ends in /v1 (or what the server expects).' : 'See the server\'s log.';
          throw new AgentInterrupted(`LLM endpoint ${this.s.baseURL} ${limit ? 'gave no usable answer' : status ? `answered ${status}` : 'unreachable'}: ${what} (${tried}). ${hint}`, { cause: new Error(what) });
        }
        const wait = retryAfterMs(OpenAI, err) ?? Math.min(30_000, this.s.backoffMs * 2 ** (attempt - 1) * (0.75 + Math.random() * 0.5));
        errors.push({ attempt, ...(status ? { status } : {}), error: what, waitedMs: Math.round(wait) });
        await sleep(wait, signal);
      }
    }
  }
}
