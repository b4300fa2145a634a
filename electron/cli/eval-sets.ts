import { episodesCsv, summaryCsv, summaryTable } from '../../shared/evaluation/report';
import { completionChartSvg } from '../../shared/evaluation/plot-svg';
import type { GroupMetrics, MethodName } from '../../shared/evaluation/metrics';
import type { RunReport } from '../core/evaluation/run-evaluation';
import type { TraceSet } from '../core/traces/trace-sets';
import type { EvalManifest } from '../../shared/evaluation/manifest';

/** One agent (and repeat) of a `touchstone eval` over several trace sets, with its own report. */
export interface EvaluatedSet { set: TraceSet; label: string; report: RunReport }

/** The `all` group of each set, relabelled with the set's name: one row per agent in tables and one bar group per agent in the chart. */
function perAgentGroups(parts: readonly EvaluatedSet[]): GroupMetrics[] {
  return parts.flatMap((p) => p.report.groups.filter((g) => g.by === 'all').map((g) => ({ ...g, by: 'category' as const, group: p.label })));
}

/** The agents side by side: one row per agent (and repeat), the run's methods as columns. */
export function agentsTable(parts: readonly EvaluatedSet[], methods: readonly MethodName[]): string {
  return summaryTable(perAgentGroups(parts), methods).replace(/^group {17}/, 'agent'.padEnd(22)).replace(/^cat /gm, '');
}

/** Prefixes each CSV line with the set's agent and repeat columns (header: `agent,repeat`). */
function tagged(csv: string, p: EvaluatedSet, withHead: boolean): string[] {
  const [head, ...lines] = csv.trimEnd().split('\n');
  const cell = (s: string): string => (/[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  return [...(withHead ? [`agent,repeat,${head}`] : []), ...lines.filter((l) => l).map((l) => `${cell(p.set.agent)},${p.set.repeat ?? ''},${l}`)];
}

/** The report files of a several-set evaluation: each holds every set, named by agent and repeat. */
export function setOutputs(parts: readonly EvaluatedSet[], tracesRoot: string, methods: readonly MethodName[], manifests: readonly EvalManifest[] = []): { json: string; csv: string; summaryCsv: string; plot: string } {
  // Each set's report with its manifest beside its numbers, as `touchstone eval --json` writes one set.
  const json = JSON.stringify({ traces: tracesRoot, sets: parts.map((p, i) => ({ agent: p.set.agent, repeat: p.set.repeat, dir: p.set.dir, report: manifests[i] ? { ...p.report, manifest: manifests[i] } : p.report })) }, null, 2) + '\n';
  const csv = parts.flatMap((p, i) => tagged(episodesCsv(p.report.rows, p.report.methods), p, i === 0)).join('\n') + '\n';
  const summary = parts.flatMap((p, i) => tagged(summaryCsv(p.report.groups), p, i === 0)).join('\n') + '\n';
  const n = parts.reduce((k, p) => k + p.report.outcomes.length, 0);
  const plot = completionChartSvg(perAgentGroups(parts), methods, `Task completion rate per agent (${n} episodes, mode ${parts[0]?.report.mode ?? 'fixed'})`);
  return { json, csv, summaryCsv: summary, plot };
}
