import type { EpisodeOutcome } from '../evaluation/episode-evaluator';
import type { TraceRef } from '../traces/trace-layouts';
import { runJudge, type JudgeOptions } from './run-judge';
import type { HumanQueueItem, HybridResult, JudgeAgreement, JudgeResult, JudgeSummary } from './judge-types';

/** Essential states and the judge together; every disagreement (or missing verdict) goes to a human. */
export function hybridOf(o: EpisodeOutcome, j: JudgeResult | undefined): HybridResult {
  const e = o.essential;
  const base = { method: 'hybrid' as const, episode: o.episode, problems: [] };
  const evidence = { essential: e?.completed, judge: j?.completed, essentialReason: e?.reason, judgeReason: j?.reason };
  if (!e) return { ...base, needsHuman: true, reason: `Needs a human: no essential-state verdict (${o.error ?? 'not evaluated'}).`, evidence };
  if (!j || j.completed === undefined) return { ...base, needsHuman: true, reason: `Needs a human: the judge gave no verdict (${(j?.reason ?? 'not judged').replace(/^Needs a human: /, '').replace(/\.$/, '')}).`, evidence };
  if (e.completed === j.completed) {
    return { ...base, completed: e.completed, needsHuman: false, reason: e.completed ? undefined : `Essential states and judge agree: not completed. ${e.reason ?? ''} Judge: ${j.reason ?? ''}`.trim(), evidence };
  }
  const say = (b: boolean): string => (b ? 'completed' : 'not completed');
  return { ...base, needsHuman: true, reason: `Needs a human: essential states say ${say(e.completed)}${e.reason ? ` (${e.reason})` : ''}; the judge says ${say(j.completed)} (${j.reason ?? 'no reason'}).`, evidence };
}

function queueItem(r: JudgeResult | HybridResult, labels?: Map<string, boolean>): HumanQueueItem {
  const verdicts: Record<string, boolean | null> = r.method === 'judge'
    ? Object.fromEntries(r.evidence.answers.map((a) => [a.model, a.completed ?? null]))
    : { essential: r.evidence.essential ?? null, judge: r.evidence.judge ?? null };
  return { episode: r.episode, method: r.method, why: r.reason ?? '', verdicts, human: labels?.get(r.episode) };
}

/** Agreement with human labels of each judge model alone, the cross-validated judge and the hybrid. */
export function judgeAgreement(outcomes: readonly EpisodeOutcome[], models: readonly string[], labels: Map<string, boolean>): JudgeAgreement[] {
  const rows: JudgeAgreement[] = [];
  const count = (judge: string, pick: (o: EpisodeOutcome) => boolean | undefined | null, has: (o: EpisodeOutcome) => boolean): void => {
    let labelled = 0; let agree = 0; let undecided = 0;
    for (const o of outcomes) {
      const h = labels.get(o.episode);
      if (h === undefined || !has(o)) continue;
      const v = pick(o);
      if (v === undefined || v === null) { undecided++; continue; }
      labelled++;
      if (v === h) agree++;
    }
    rows.push({ judge, labelled, agree, accuracy: labelled ? agree / labelled : undefined, undecided });
  };
  if (models.length > 1) for (const m of models) count(m, (o) => o.judge?.evidence.answers.find((a) => a.model === m)?.completed, (o) => Boolean(o.judge));
  count('judge', (o) => o.judge?.completed, (o) => Boolean(o.judge));
  count('hybrid', (o) => o.hybrid?.completed, (o) => Boolean(o.hybrid));
  return rows.filter((r) => r.labelled + r.undecided > 0);
}

/**
 * Runs the judge on the evaluated episodes and attaches `judge` (when asked) and `hybrid` (when asked;
 * needs the essential-state verdicts) to each outcome. Returns usage, the needs-a-human queue and,
 * with labels, each judge's agreement with the humans.
 */
export async function attachJudgeMethods(
  outcomes: EpisodeOutcome[], want: { judge: boolean; hybrid: boolean }, instructions: Map<string, string>, o: JudgeOptions,
  labels?: Map<string, boolean>, signal?: AbortSignal,
): Promise<JudgeSummary> {
  const items = outcomes.filter((x) => !x.error).map((x) => ({ episode: x.episode, instruction: instructions.get(x.episode) ?? '', trace: { episode: x.episode, dir: x.traceDir, layout: x.layout, via: 'folder' } as TraceRef }));
  const warnings = items.filter((i) => !i.instruction).map((i) => `Episode ${i.episode} has no instruction (instruction.txt line 2 or the index's description); the judge sees an empty task.`);
  const { results, usage, template } = await runJudge(items, o, signal);
  const queue: HumanQueueItem[] = [];
  for (const x of outcomes) {
    const j = results.get(x.episode);
    if (want.judge && j) { x.judge = j; if (j.needsHuman) queue.push(queueItem(j, labels)); }
    if (want.hybrid) { x.hybrid = hybridOf(x, j); if (x.hybrid.needsHuman) queue.push(queueItem(x.hybrid, labels)); }
  }
  return {
    models: o.models, input: o.input, frames: o.frames, promptFile: o.promptFile, cacheDir: o.cacheDir, usage, queue,
    agreement: labels ? judgeAgreement(outcomes, o.models, labels) : [], warnings: [...template.warnings, ...warnings],
  };
}
