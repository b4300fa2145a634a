import { defaultCacheDir } from './judge-cache';
import { JUDGE_TIMEOUT_MS } from './judge-client';
import { defaultPromptFile } from './judge-prompt';
import type { JudgeFrames, JudgeInput } from './judge-request';
import { parsePrices } from './pricing';
import type { JudgeOptions } from './run-judge';

/** Command-line options of the judge (values as given, undefined when absent). */
export const JUDGE_FLAGS = ['llm-base-url', 'llm-model', 'llm-key', 'judge-prompt', 'judge-input', 'judge-frames', 'judge-cache', 'judge-price', 'judge-concurrency', 'judge-retries', 'judge-timeout'] as const;

function positive(v: string | undefined, name: string, dflt: number, min = 1): number {
  if (v === undefined) return dflt;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be a whole number >= ${min}; got "${v}"`);
  return n;
}

/**
 * Judge options from flags, falling back to TOUCHSTONE_LLM_BASE_URL / TOUCHSTONE_LLM_MODEL /
 * TOUCHSTONE_LLM_API_KEY. The key stays in memory: it is never part of a report, a cache file or a message.
 */
export function judgeOptionsFrom(v: Partial<Record<(typeof JUDGE_FLAGS)[number], string>>, env: Record<string, string | undefined>): JudgeOptions {
  const baseURL = v['llm-base-url'] ?? env.TOUCHSTONE_LLM_BASE_URL;
  if (!baseURL) throw new Error('the judge needs an OpenAI-compatible endpoint: pass --llm-base-url URL or set TOUCHSTONE_LLM_BASE_URL (e.g. http://127.0.0.1:8000/v1)');
  try { new URL(baseURL); } catch { throw new Error(`--llm-base-url / TOUCHSTONE_LLM_BASE_URL is not a URL: "${baseURL}"`); }
  const models = (v['llm-model'] ?? env.TOUCHSTONE_LLM_MODEL ?? '').split(',').map((m) => m.trim()).filter(Boolean);
  if (!models.length) throw new Error('the judge needs a model: pass --llm-model NAME (two, comma-separated, for cross-validation) or set TOUCHSTONE_LLM_MODEL');
  if (models.length > 2 || new Set(models).size !== models.length) throw new Error(`--llm-model takes one model, or two different ones for cross-validation; got "${models.join(',')}"`);
  const input = v['judge-input'] ?? 'text';
  if (input !== 'text' && input !== 'vision') throw new Error(`--judge-input must be text or vision; got "${input}"`);
  const frames = v['judge-frames'] ?? 'auto';
  if (frames !== 'auto' && frames !== 'final' && frames !== 'all') throw new Error(`--judge-frames must be auto, final or all; got "${frames}"`);
  return {
    endpoint: {
      baseURL, apiKey: v['llm-key'] ?? env.TOUCHSTONE_LLM_API_KEY, maxRetries: positive(v['judge-retries'], 'judge-retries', 4, 0),
      timeoutMs: positive(v['judge-timeout'], 'judge-timeout', JUDGE_TIMEOUT_MS / 1000) * 1000,
    },
    models, input: input as JudgeInput, frames: frames as JudgeFrames,
    promptFile: v['judge-prompt'] ?? defaultPromptFile(),
    cacheDir: v['judge-cache'] ?? defaultCacheDir(),
    prices: v['judge-price'] ? parsePrices(v['judge-price']) : undefined,
    concurrency: positive(v['judge-concurrency'], 'judge-concurrency', 4),
  };
}
