import path from 'node:path';
import type { EvalCell, EvalOverview } from '../../../shared/contract/evaluation';
import { difficultyOf } from '../../../shared/evaluation/metrics';
import { openDataset } from '../datasets/open-dataset';
import type { RunReport } from '../evaluation/run-evaluation';
import { findTraces } from '../traces/trace-layouts';
import { htmlReport } from './html-report';

/**
 * The offline HTML report of one `touchstone eval` run (one agent: the traces folder's name). The
 * run's mode decides the column its essential verdicts fill (fixed or legacy); the other columns
 * hold the baselines the run computed.
 */
export async function htmlReportFromRun(report: RunReport, datasetRoot: string, tracesRoot: string, human?: Map<string, boolean>): Promise<string> {
  const ds = await openDataset(datasetRoot);
  const agent = path.basename(path.resolve(tracesRoot)) || 'agent';
  const col = report.mode === 'legacy' ? 'legacy' : 'essential';
  const cells: EvalCell[] = report.outcomes.map((x) => {
    const c: EvalCell = { agent, episode: x.episode, verdicts: {} };
    if (x.error) { c.error = x.error; c.verdicts[col] = false; }
    if (x.essential) { c.verdicts[col] = x.essential.completed; c.progress = x.essential.progress; if (x.essential.reason) c.reason = x.essential.reason; }
    if (x.stepwise) c.verdicts.stepwise = x.stepwise.completed;
    if (x.lcs) c.verdicts.lcs = x.lcs.completed;
    return c;
  });
  // The failure strips are keyed on the fixed-mode column; a legacy run shows its own failures there too.
  if (col === 'legacy') for (const c of cells) c.verdicts.essential = c.verdicts.legacy;
  const evaluated = new Set(cells.map((c) => c.episode));
  const overview: EvalOverview = {
    evalId: 'cli', datasetId: '', datasetRoot: ds.root, datasetName: path.basename(ds.root), agents: [agent],
    tasks: ds.episodes.filter((e) => evaluated.has(e.id)).map((e) => ({ episode: e.id, category: e.category, app: e.app, description: e.description, nsteps: e.nsteps, difficulty: difficultyOf(e.nsteps), path: e.path })),
    cells, human: { [agent]: Object.fromEntries(human ?? []) }, humanFiles: {}, cache: { reused: 0, evaluated: cells.length }, verified: true, warnings: report.warnings, elapsedMs: Math.round(report.elapsedMs),
  };
  const byEpisode = new Map(report.outcomes.map((x) => [x.episode, x]));
  const traces = new Map(findTraces(tracesRoot).map((t) => [t.dir, t]));
  return htmlReport({
    overview,
    essential: async (_a, ep) => byEpisode.get(ep)?.essential,
    trace: (_a, ep) => { const x = byEpisode.get(ep); return x ? traces.get(x.traceDir) : undefined; },
  });
}
