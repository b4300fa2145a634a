import path from 'node:path';
import { goalReached } from '../../../shared/evaluation/claims';
import type { EvalCell, EvalOverview } from '../../../shared/contract/evaluation';
import { difficultyOf } from '../../../shared/evaluation/metrics';
import { openDataset } from '../datasets/open-dataset';
import type { RunReport } from '../evaluation/run-evaluation';
import { findTraces } from '../traces/trace-layouts';
import { htmlReport } from './html-report';
import type { EvalExtraCell } from '../../../shared/contract/evaluation';
import { judgeCalibration, judgeUsage, votesOfExtraCells } from '../../../shared/evaluation/judge-calibration';
import type { EpisodeOutcome } from '../evaluation/episode-evaluator';

/** A run's judge and hybrid verdicts in the view's extra-cell shape (each model's vote, tokens and cost). */
function extraCellOf(agent: string, x: EpisodeOutcome): EvalExtraCell {
  const c: EvalExtraCell = { agent, episode: x.episode };
  if (x.judge) c.judge = { ...(x.judge.completed !== undefined ? { completed: x.judge.completed } : {}), needsHuman: x.judge.needsHuman, ...judgeUsage(x.judge.evidence.answers) };
  if (x.hybrid) c.hybrid = { ...(x.hybrid.completed !== undefined ? { completed: x.hybrid.completed } : {}), needsHuman: x.hybrid.needsHuman };
  return c;
}
import type { AgentManifest, EvalManifest } from '../../../shared/evaluation/manifest';

/** One agent's run in a report: its name, its evaluation and the traces folder it read. */
export interface AgentRun { agent: string; report: RunReport; tracesRoot: string }

/**
 * The offline HTML report of one `touchstone eval` run (one agent: `agent`, default the traces
 * folder's name). The run's mode decides the column its essential verdicts fill (fixed or legacy);
 * the other columns hold the baselines the run computed.
 */
export async function htmlReportFromRun(report: RunReport, datasetRoot: string, tracesRoot: string, human?: Map<string, boolean>, agent?: string, manifest?: EvalManifest): Promise<string> {
  return htmlReportFromRuns([{ agent: agent ?? (path.basename(path.resolve(tracesRoot)) || 'agent'), report, tracesRoot }], datasetRoot, human, manifest);
}

/** The offline HTML report of several agents' runs over one dataset (`touchstone eval --traces <run output>`), each agent its own column. */
export async function htmlReportFromRuns(runs: readonly AgentRun[], datasetRoot: string, human?: Map<string, boolean>, manifest?: EvalManifest | readonly AgentManifest[]): Promise<string> {
  const ds = await openDataset(datasetRoot);
  const cells: EvalCell[] = runs.flatMap(({ agent, report }) => {
    const col = report.mode === 'legacy' ? 'legacy' : 'essential';
    return report.outcomes.map((x) => {
      const c: EvalCell = { agent, episode: x.episode, verdicts: {} };
      if (x.error) { c.error = x.error; c.verdicts[col] = false; }
      if (x.essential) { c.verdicts[col] = x.essential.completed; c.progress = x.essential.progress; if (x.essential.reason) c.reason = x.essential.reason; }
      if (x.stepwise) c.verdicts.stepwise = x.stepwise.completed;
      if (x.lcs) c.verdicts.lcs = x.lcs.completed;
      if (x.claim) c.claim = x.claim;
      if (x.essential && col === 'essential') c.goalReached = goalReached(x.essential);
      if (x.sideEffects) c.sideEffects = x.sideEffects;
      // The failure strips are keyed on the fixed-mode column; a legacy run shows its own failures there too.
      if (col === 'legacy') c.verdicts.essential = c.verdicts.legacy;
      return c;
    });
  });
  const evaluated = new Set(cells.map((c) => c.episode));
  const overview: EvalOverview = {
    evalId: 'cli', datasetId: '', datasetRoot: ds.root, datasetName: path.basename(ds.root), agents: runs.map((r) => r.agent),
    tasks: ds.episodes.filter((e) => evaluated.has(e.id)).map((e) => ({ episode: e.id, category: e.category, app: e.app, description: e.description, nsteps: e.nsteps, difficulty: difficultyOf(e.nsteps), path: e.path })),
    cells, human: Object.fromEntries(runs.map((r) => [r.agent, Object.fromEntries(human ?? [])])), humanFiles: {}, cache: { reused: 0, evaluated: cells.length }, verified: true,
    warnings: runs.flatMap((r) => r.report.warnings), elapsedMs: Math.round(runs.reduce((t, r) => t + r.report.elapsedMs, 0)),
    ...(runs.some((r) => r.report.countInterrupted) ? { countInterrupted: true } : {}),
  };
  const byAgent = new Map(runs.map((r) => [r.agent, { outcomes: new Map(r.report.outcomes.map((x) => [x.episode, x])), traces: new Map(findTraces(r.tracesRoot).map((t) => [t.dir, t])) }]));
  return htmlReport({
    overview, manifest,
    essential: async (a, ep) => byAgent.get(a)?.outcomes.get(ep)?.essential,
    trace: (a, ep) => { const r = byAgent.get(a); const x = r?.outcomes.get(ep); return x ? r!.traces.get(x.traceDir) : undefined; },
    ...(runs.some((r) => r.report.judge) ? { calibration: judgeCalibration(votesOfExtraCells(runs.flatMap((r) => r.report.outcomes.map((x) => extraCellOf(r.agent, x))), overview.human)) } : {}),
  });
}
