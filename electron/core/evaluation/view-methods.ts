import path from 'node:path';
import { EVAL_EXTRA_METHODS, type EvalExtraMethod } from '../../../shared/contract/evaluation-methods';
import type { EvalExtraCell, EvalExtraResult, EvalQueueItem } from '../../../shared/contract/evaluation';
import type { CheckpointResult } from '../../../shared/evaluation/checkpoints/types';
import { datasetCheckpointTasks, evaluateCheckpoints } from './checkpoint-method';
import type { EvalSession } from './eval-session';
import { readTrace } from '../traces/trace-layouts';
import { judgeOptionsFrom, type JUDGE_FLAGS } from '../judge/judge-config';
import { hybridOf } from '../judge/judge-methods';
import { judgeUsage } from '../../../shared/evaluation/judge-calibration';
import type { HybridResult, JudgeResult } from '../judge/judge-types';
import { runJudge, type JudgeItem, type JudgeOptions } from '../judge/run-judge';

export interface ViewMethodsOptions {
  /** Where the judge's answers are cached (the app's state folder). */
  cacheDir: string;
  /** Environment the judge's endpoint and models come from (TOUCHSTONE_LLM_*). */
  env: Record<string, string | undefined>;
  signal?: AbortSignal;
  /** The endpoint set in the app (base URL, models, key), over `env` where set. */
  appEndpoint?: () => Promise<Partial<Record<(typeof JUDGE_FLAGS)[number], string>>>;
  /** Tests bring their own judge options (a local server); default: from the app's settings and `env`. */
  judge?: JudgeOptions;
}

const verdictOfJudge = (j: JudgeResult | HybridResult): EvalExtraCell['judge'] => ({ completed: j.completed, needsHuman: j.needsHuman, reason: j.reason });
const verdictOfCheckpoints = (c: CheckpointResult): EvalExtraCell['checkpoints'] => ({
  completed: c.completed, reason: c.reason, level1: c.level1, level2: c.level2, ...(c.total.all ? { score: `${c.passed.all}/${c.total.all}` } : {}),
});

async function judgeOptions(o: ViewMethodsOptions): Promise<JudgeOptions | string> {
  if (o.judge) return o.judge;
  try {
    const app = (await o.appEndpoint?.()) ?? {};
    return { ...judgeOptionsFrom(app, o.env), cacheDir: path.join(o.cacheDir, 'judge-cache') };
  } catch (err) {
    return `No judge: ${(err as Error).message.replace(/pass --llm-base-url URL or /, '').replace(/pass --llm-model NAME \(two, comma-separated, for cross-validation\) or /, '')} for the process running Touchstone, or set it under "Judge endpoint" in the toolbar; then run the column again.`;
  }
}

/**
 * The extra methods of an open evaluation, per task x agent: judge and hybrid (from each episode's
 * cached essential-state outcome and the judge's answers), CheckPoints (from the trace's recorded
 * actions, API actions included). Nothing here changes the evaluation's cache.
 */
export async function viewMethods(s: EvalSession, asked: readonly EvalExtraMethod[], o: ViewMethodsOptions): Promise<EvalExtraResult> {
  const methods = EVAL_EXTRA_METHODS.filter((m) => asked.includes(m));
  const out: EvalExtraResult = { evalId: s.id, methods, cells: [], queue: [], unavailable: {}, warnings: [] };
  const wantJudge = methods.includes('judge') || methods.includes('hybrid');
  const jo = wantJudge ? await judgeOptions(o) : undefined;
  if (typeof jo === 'string') for (const m of ['judge', 'hybrid'] as const) if (methods.includes(m)) out.unavailable[m] = jo;
  const cps = methods.includes('checkpoints') ? datasetCheckpointTasks(s.datasetRoot) : undefined;
  if (cps) out.warnings.push(...cps.problems);
  let cpCount = 0;

  for (const a of s.agents.values()) {
    const eps = [...a.traces.keys()].filter((ep) => s.tasks.has(ep));
    const cells = new Map(eps.map((ep) => [ep, { agent: a.name, episode: ep } as EvalExtraCell]));
    let judged = new Map<string, JudgeResult>();
    if (jo && typeof jo !== 'string') {
      const items: JudgeItem[] = eps.map((ep) => ({ episode: ep, instruction: s.tasks.get(ep)!.description, trace: a.traces.get(ep)! }));
      const r = await runJudge(items, jo, o.signal);
      judged = r.results;
      const j = (out.judge ??= { models: jo.models, requests: 0, cached: 0, failed: 0, tokens: { prompt: 0, completion: 0 } });
      j.requests += r.usage.requests; j.cached += r.usage.cached; j.failed += r.usage.failed;
      j.tokens.prompt += r.usage.tokens.prompt; j.tokens.completion += r.usage.tokens.completion;
      if (r.usage.costUsd !== undefined) j.costUsd = (j.costUsd ?? 0) + r.usage.costUsd;
      out.warnings.push(...r.template.warnings);
    }
    for (const ep of eps) {
      o.signal?.throwIfAborted();
      const cell = cells.get(ep)!;
      const jr = judged.get(ep);
      const queue = (method: EvalQueueItem['method'], why: string, verdicts: EvalQueueItem['verdicts']): void => { out.queue.push({ agent: a.name, episode: ep, method, why, verdicts }); };
      if (methods.includes('judge') && jr) {
        cell.judge = { ...verdictOfJudge(jr), ...judgeUsage(jr.evidence.answers) };
        if (jr.needsHuman) queue('judge', jr.reason ?? '', Object.fromEntries(jr.evidence.answers.map((x) => [x.model, x.completed ?? null])));
      }
      if (methods.includes('hybrid') && jr) {
        const detail = await a.cache.detail(ep);
        if (detail) {
          const h = hybridOf(detail.fixed, jr);
          cell.hybrid = verdictOfJudge(h);
          if (h.needsHuman) queue('hybrid', h.reason ?? '', { essential: h.evidence.essential ?? null, judge: h.evidence.judge ?? null });
        } else cell.hybrid = { needsHuman: true, reason: 'Needs a human: no essential-state result is stored for this trace (open the evaluation again).' };
      }
      if (cps) {
        try {
          const trace = await readTrace(a.traces.get(ep)!, 'json', { roots: s.roots });
          const r = evaluateCheckpoints(ep, path.join(s.datasetRoot, s.tasks.get(ep)!.path), trace, cps.tasks);
          cell.checkpoints = verdictOfCheckpoints(r);
          if (r.completed !== undefined) cpCount++;
        } catch (err) {
          cell.checkpoints = { reason: `Cannot read the trace: ${(err as Error).message}` };
        }
      }
      out.cells.push(cell);
    }
  }
  if (cps && cpCount === 0) out.unavailable.checkpoints = `No CheckPoints for any task: write Mobile-Bench test cases in ${path.join(s.datasetRoot, 'checkpoints.json')} (or each episode's checkpoints.json; the annotation view edits them).`;
  return out;
}
