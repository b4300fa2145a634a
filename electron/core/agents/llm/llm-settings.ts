/** How the LLM agent reaches its model; read from `--agent-opt` settings, else the environment. */
export interface LlmSettings {
  baseURL: string;
  model: string;
  /** Never written anywhere: not in episode.json, logs or errors. */
  apiKey: string;
  mode: 'text' | 'vision';
  /** Actions as tool calls (default), or a JSON object in the reply (for endpoints without tool support). */
  tools: boolean;
  temperature: number;
  maxTokens: number;
  /** Attempts after the first on 429, 5xx and connection failures. */
  retries: number;
  /** First pause between attempts; doubled each time (with jitter), capped at 30 s; a Retry-After header wins. */
  backoffMs: number;
  timeoutMs: number;
  /** Actions of the episode so far shown in each prompt. */
  historyLength: number;
  /** Width of the screenshot sent in vision mode. */
  imageWidth: number;
  /** US dollars per million input / output tokens, for the cost in the run summary. */
  priceIn?: number;
  priceOut?: number;
}

export const LLM_ENV = { baseURL: 'TOUCHSTONE_LLM_BASE_URL', model: 'TOUCHSTONE_LLM_MODEL', apiKey: 'TOUCHSTONE_LLM_API_KEY' } as const;

function number(s: Record<string, string>, key: string, def: number, min: number, max: number): number {
  if (s[key] === undefined) return def;
  const n = Number(s[key]);
  if (!Number.isFinite(n) || n < min || n > max) throw new Error(`llm agent: --agent-opt ${key} must be a number from ${min} to ${max}; got "${s[key]}".`);
  return n;
}

/** Resolves the settings; throws saying which setting or variable to give when one is missing. */
export function llmSettings(s: Record<string, string>, env: NodeJS.ProcessEnv = process.env): LlmSettings {
  const baseURL = s.base_url ?? env[LLM_ENV.baseURL] ?? '';
  const model = s.model ?? env[LLM_ENV.model] ?? '';
  if (!baseURL) throw new Error(`llm agent: no endpoint; give --agent-opt base_url=http://host:port/v1 or set ${LLM_ENV.baseURL}.`);
  try { new URL(baseURL); } catch { throw new Error(`llm agent: base_url "${baseURL}" is not a URL (e.g. http://127.0.0.1:8080/v1).`); }
  if (!model) throw new Error(`llm agent: no model; give --agent-opt model=NAME or set ${LLM_ENV.model}.`);
  const mode = s.mode ?? 'text';
  if (mode !== 'text' && mode !== 'vision') throw new Error(`llm agent: mode must be text or vision; got "${mode}".`);
  const tools = s.tools ?? 'on';
  if (tools !== 'on' && tools !== 'off') throw new Error(`llm agent: tools must be on or off; got "${tools}".`);
  return {
    baseURL, model, apiKey: s.api_key ?? env[LLM_ENV.apiKey] ?? 'none', mode, tools: tools === 'on',
    temperature: number(s, 'temperature', 0, 0, 2), maxTokens: number(s, 'max_tokens', 512, 1, 1e6), retries: number(s, 'retries', 3, 0, 20),
    backoffMs: number(s, 'backoff_ms', 1000, 0, 600_000), timeoutMs: number(s, 'timeout_ms', 120_000, 100, 3_600_000),
    historyLength: number(s, 'history', 8, 0, 100), imageWidth: number(s, 'image_width', 720, 64, 4096),
    ...(s.price_in !== undefined ? { priceIn: number(s, 'price_in', 0, 0, 1e6) } : {}),
    ...(s.price_out !== undefined ? { priceOut: number(s, 'price_out', 0, 0, 1e6) } : {}),
  };
}
