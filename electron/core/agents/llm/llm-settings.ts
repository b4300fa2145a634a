import { llmSpec } from '../../../../shared/kinds/agents/llm-agent';
import { parseAgentSettings } from '../agent-settings';
import type { GroundingFamily } from '../../../../shared/kinds/agents/grounding/resize';

/** How the LLM agent reaches its model; read from `--agent-opt` settings, else the environment. */
export interface LlmSettings {
  baseURL: string;
  model: string;
  /** Never written anywhere: not in episode.json, logs or errors. */
  apiKey: string;
  mode: 'text' | 'vision' | 'coordinates';
  /** Coordinate mode: the grounding model's family (resize rule, reply format, prompt template). */
  family: GroundingFamily;
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

/** Resolves the settings (shared/kinds/agents/llm.ts checks them); throws saying which setting or variable to give when one is missing. */
export function llmSettings(s: Record<string, string>, env: NodeJS.ProcessEnv = process.env): LlmSettings {
  const v = parseAgentSettings(llmSpec, s, env);
  return {
    baseURL: v.base_url!, model: v.model!, apiKey: v.api_key!, mode: v.mode, family: v.family, tools: v.tools === 'on',
    temperature: v.temperature!, maxTokens: v.max_tokens!, retries: v.retries!, backoffMs: v.backoff_ms!, timeoutMs: v.timeout_ms!,
    historyLength: v.history!, imageWidth: v.image_width!,
    ...(v.price_in !== undefined ? { priceIn: v.price_in } : {}),
    ...(v.price_out !== undefined ? { priceOut: v.price_out } : {}),
  };
}
