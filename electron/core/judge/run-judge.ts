import { readTrace, type TraceRef } from '../traces/trace-layouts';
import { endpointKey, JudgeCache, type TokenUsage } from './judge-cache';
import { createAskModel, JUDGE_PARAMS, redact, type AskModel, type EndpointConfig } from './judge-client';
import { loadPromptTemplate, promptHash, type PromptTemplate } from './judge-prompt';
import { buildJudgeRequest, type JudgeFrames, type JudgeInput } from './judge-request';
import type { JudgeAnswer, JudgeResult, JudgeUsage } from './judge-types';
import { parseVerdict } from './parse-verdict';
import { costOf, type PriceTable } from './pricing';
import { scrubSecrets } from '../../platform/scrub-secrets';

/** One episode to judge. */
export interface JudgeItem { episode: string; instruction: string; trace: TraceRef }

/** How to judge. */
export interface JudgeOptions {
  endpoint: EndpointConfig;
  /** One model, or two for A3's cross-validation. */
  models: string[];
  input: JudgeInput;
  frames: JudgeFrames;
  promptFile: string;
  cacheDir: string;
  prices?: PriceTable;
  /** Episodes judged at once (default 4). */
  concurrency?: number;
  /** Tests and embedders of the judge may bring their own transport; default: the openai client. */
  ask?: AskModel;
  onProgress?(done: number, total: number): void;
}

const zero = (): TokenUsage => ({ prompt: 0, completion: 0 });
const add = (a: TokenUsage, b: TokenUsage): void => { a.prompt += b.prompt; a.completion += b.completion; };

/** Combines the models' answers: one model decides alone; two decide where they agree, a human where not. */
export function crossValidate(episode: string, answers: JudgeAnswer[]): Pick<JudgeResult, 'completed' | 'needsHuman' | 'reason'> {
  const say = (a: JudgeAnswer): string => (a.completed === undefined ? `${a.model} gave no verdict (${a.error ?? a.reason})` : `${a.model}: ${a.completed ? 'completed' : 'not completed'} (${a.reason})`);
  const bad = answers.filter((a) => a.completed === undefined);
  if (bad.length) return { needsHuman: true, reason: `Needs a human: ${answers.map(say).join('; ')}.` };
  if (answers.length === 1) return { completed: answers[0]!.completed, needsHuman: false, reason: answers[0]!.reason };
  const first = answers[0]!.completed;
  if (answers.every((a) => a.completed === first)) return { completed: first, needsHuman: false, reason: `${answers.length} judges agree: ${answers[0]!.reason}` };
  return { needsHuman: true, reason: `Needs a human: the judges disagree on ${episode}: ${answers.map(say).join('; ')}.` };
}

/** Runs `f` over items with at most `n` in flight; stops starting new ones once `signal` aborts. */
async function pool<T>(items: readonly T[], n: number, f: (x: T) => Promise<void>, signal?: AbortSignal): Promise<void> {
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length && !signal?.aborted) await f(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(n, items.length)) }, lane));
}

/** Usage record for the models of a run. */
export function emptyUsage(models: readonly string[]): JudgeUsage {
  return { requests: 0, cached: 0, failed: 0, tokens: zero(), cachedTokens: zero(), perModel: Object.fromEntries(models.map((m) => [m, { requests: 0, cached: 0, failed: 0, tokens: zero() }])) };
}

/**
 * Judges each episode with each model: builds the prompt from the editable template and the trace,
 * answers from the cache where (endpoint, model, prompt hash) was asked before, else asks the endpoint and
 * stores the answer. Failures (endpoint down, unreadable reply) leave that answer without a verdict,
 * which sends the episode to the human queue; they never stop the run. Cancelling through `signal`
 * rejects with the signal's reason.
 */
export async function runJudge(items: readonly JudgeItem[], o: JudgeOptions, signal?: AbortSignal): Promise<{ results: Map<string, JudgeResult>; usage: JudgeUsage; template: PromptTemplate }> {
  if (!o.models.length) throw new Error('No judge model: pass --llm-model or set TOUCHSTONE_LLM_MODEL.');
  const template = loadPromptTemplate(o.promptFile);
  const ask = o.ask ?? createAskModel(o.endpoint);
  const cache = new JudgeCache(o.cacheDir);
  const endpoint = endpointKey(o.endpoint.baseURL);
  const usage = emptyUsage(o.models);
  const results = new Map<string, JudgeResult>();
  let done = 0;
  o.onProgress?.(0, items.length);

  const askOne = async (model: string, hash: string, messages: Parameters<AskModel>[1]): Promise<JudgeAnswer> => {
    const per = usage.perModel[model]!;
    const hit = cache.get(model, hash, endpoint);
    let reply: string;
    let u: TokenUsage;
    let cached = false;
    if (hit) {
      ({ reply, usage: u } = hit);
      cached = true;
      usage.cached++; per.cached++;
      add(usage.cachedTokens, u);
    } else {
      try {
        ({ reply, usage: u } = await ask(model, messages, signal));
        // Whatever transport answered (an embedder's own included), an echoed key is never cached or shown.
        reply = scrubSecrets(reply, [o.endpoint.apiKey]);
      } catch (err) {
        if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : err;
        usage.failed++; per.failed++;
        const error = redact((err as Error).message, o.endpoint.apiKey);
        return { model, reason: error, error, cached: false, usage: zero() };
      }
      usage.requests++; per.requests++;
      add(usage.tokens, u); add(per.tokens, u);
      await cache.put({ model, endpoint, promptHash: hash, reply, usage: u, at: new Date().toISOString() });
    }
    const v = parseVerdict(reply);
    const costUsd = cached ? undefined : costOf(o.prices, model, u);
    if (!v.ok) return { model, reason: v.problem, error: v.problem, cached, usage: u, costUsd };
    return { model, completed: v.completed, reason: v.reason, cached, usage: u, costUsd };
  };

  await pool(items, o.concurrency ?? 4, async (it) => {
    const problems: string[] = [];
    let req;
    try {
      const trace = await readTrace(it.trace);
      req = buildJudgeRequest(template, it.instruction, trace, o.input, o.frames);
      problems.push(...trace.problems, ...req.problems);
    } catch (err) {
      results.set(it.episode, { method: 'judge', episode: it.episode, needsHuman: true, reason: `Cannot read the trace ${it.trace.dir}: ${(err as Error).message}`, evidence: { answers: [], promptHash: '', frames: [], input: o.input }, problems });
      o.onProgress?.(++done, items.length);
      return;
    }
    const hash = promptHash(req.messages, JUDGE_PARAMS);
    const answers = await Promise.all(o.models.map((m) => askOne(m, hash, req.messages)));
    results.set(it.episode, { method: 'judge', episode: it.episode, ...crossValidate(it.episode, answers), evidence: { answers, promptHash: hash, frames: req.frames, input: o.input }, problems });
    o.onProgress?.(++done, items.length);
  }, signal);
  if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('Judging cancelled.');

  const costs = o.models.map((m) => costOf(o.prices, m, usage.perModel[m]!.tokens));
  for (const [i, m] of o.models.entries()) usage.perModel[m]!.costUsd = costs[i];
  if (costs.every((c) => c !== undefined)) usage.costUsd = costs.reduce((a, b) => a! + b!, 0);
  const saved = [...results.values()].flatMap((r) => r.evidence.answers).filter((a) => a.cached).map((a) => costOf(o.prices, a.model, a.usage));
  if (saved.every((c) => c !== undefined)) usage.savedUsd = saved.reduce((a, b) => a! + b!, 0);
  return { results, usage, template };
}
