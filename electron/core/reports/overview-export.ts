import type { EvalOverview } from '../../../shared/contract/evaluation';
import { EVAL_METHOD_KEYS } from '../../../shared/contract/evaluation-methods';
import { agrees, overviewMetrics } from '../../../shared/evaluation/overview-metrics';
import type { AgentManifest } from '../../../shared/evaluation/manifest';

const cell = (v: unknown): string => {
  const s = v === undefined || v === null ? '' : String(v);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
const bit = (v: boolean | undefined): string => (v === undefined ? '' : v ? '1' : '0');

/** One row per task x agent: each method's verdict (1/0), essential progress, the human label, agreement and the reason. */
export function overviewCsv(o: EvalOverview): string {
  const tasks = new Map(o.tasks.map((t) => [t.episode, t]));
  const head = ['episode', 'agent', 'category', 'difficulty', 'app', ...EVAL_METHOD_KEYS, 'essential_progress', 'human', 'agrees', 'reason'];
  const lines = o.cells.map((c) => {
    const t = tasks.get(c.episode);
    const human = o.human[c.agent]?.[c.episode];
    return [c.episode, c.agent, t?.category, t?.difficulty, t?.app, ...EVAL_METHOD_KEYS.map((m) => bit(c.verdicts[m])),
      c.progress === undefined ? '' : c.progress.toFixed(3), bit(human), bit(agrees(c, human)), c.error ?? c.reason ?? ''].map(cell).join(',');
  });
  return [head.join(','), ...lines].join('\n') + '\n';
}

/**
 * The overview with every agent x method's metrics (against the human labels), as JSON, with each
 * agent's manifest (`manifests`, as `touchstone eval --csv` writes them for several trace sets) and,
 * for one agent, `manifest` as `touchstone eval --json` has it (so `--check-manifest` and
 * `touchstone compare` read the file as they read the CLI's).
 */
export function overviewJson(o: EvalOverview, manifests: readonly AgentManifest[] = []): string {
  const metrics = Object.fromEntries(o.agents.map((a) => [a, Object.fromEntries(EVAL_METHOD_KEYS.map((m) => [m, overviewMetrics(o, a, m)]))]));
  const one = manifests.length === 1 ? { manifest: manifests[0]!.manifest } : {};
  return JSON.stringify({ dataset: o.datasetRoot, agents: o.agents, generatedAt: new Date().toISOString(), metrics, tasks: o.tasks, cells: o.cells, human: o.human, ...one, manifests }, null, 2) + '\n';
}
