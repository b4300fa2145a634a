import type { EpisodeRow, GroupMetrics, MethodName } from './metrics';
import { claimsSentence, countClaims } from './claims';

const pct = (v: number | undefined): string => (v === undefined ? '-' : `${(v * 100).toFixed(1)}%`);
const csvCell = (v: unknown): string => {
  const s = v === undefined || v === null ? '' : String(v);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** Per-episode CSV: one row per episode with each method's verdict and reason (and the agent's claim, when known). */
export function episodesCsv(rows: readonly EpisodeRow[], methods: readonly MethodName[]): string {
  const claims = rows.some((r) => r.claim);
  const head = ['episode', 'category', 'nsteps', 'human', ...methods.flatMap((m) => (m === 'essential' ? [m, 'essential_progress', 'essential_reason'] : [m, `${m}_reason`])), ...(claims ? ['claim'] : [])];
  const lines = rows.map((r) => [
    r.episode, r.category, r.nsteps, r.human === undefined ? '' : r.human ? 1 : 0,
    ...methods.flatMap((m) => {
      const v = r.completed[m] === undefined ? '' : r.completed[m] ? 1 : 0;
      return m === 'essential' ? [v, r.progress === undefined ? '' : r.progress.toFixed(3), r.reasons[m] ?? ''] : [v, r.reasons[m] ?? ''];
    }),
    ...(claims ? [r.claim ?? ''] : []),
  ].map(csvCell).join(','));
  return [head.join(','), ...lines].join('\n') + '\n';
}

/** Summary CSV: one row per (group, method) with TCR, accuracy, precision, recall, F1 and the confusion matrix. */
export function summaryCsv(groups: readonly GroupMetrics[]): string {
  const head = 'by,group,method,n,tcr,human_tcr,accuracy,precision,recall,f1,tp,fp,tn,fn,mean_progress,false_completions,missed_completions';
  const lines: string[] = [];
  for (const g of groups) {
    for (const [m, x] of Object.entries(g.methods)) {
      if (!x) continue;
      const c = x.confusion;
      lines.push([g.by, g.group, m, x.n, x.tcr, x.humanTcr, x.accuracy, x.precision, x.recall, x.f1, c?.tp, c?.fp, c?.tn, c?.fn, x.meanProgress, x.falseCompletions, x.missedCompletions]
        .map((v) => (typeof v === 'number' && !Number.isInteger(v) ? v.toFixed(4) : v)).map(csvCell).join(','));
    }
  }
  return [head, ...lines].join('\n') + '\n';
}

/**
 * Claims against verdicts for the terminal: what the agents claimed, then per method the false
 * completions (claimed complete, not completed) and missed completions (reached, not claimed).
 * Empty when no episode has a known claim.
 */
export function claimsTable(rows: readonly EpisodeRow[], groups: readonly GroupMetrics[], methods: readonly MethodName[]): string {
  const all = groups.find((g) => g.by === 'all');
  const counts = countClaims(rows.map((r) => ({ claim: r.claim, completed: true })));
  if (!all || !counts.n) return '';
  const out = [`claims: ${claimsSentence(counts)}`, `${'method'.padEnd(12)} ${'false completions'.padStart(18)} ${'missed completions'.padStart(19)}`];
  for (const m of methods) {
    const x = all.methods[m];
    if (x?.falseCompletions === undefined) continue;
    out.push(`${m.padEnd(12)} ${String(x.falseCompletions).padStart(18)} ${String(x.missedCompletions).padStart(19)}`);
  }
  return out.join('\n');
}

/** Plain-text side-by-side table (methods as column groups) for the terminal. */
export function summaryTable(groups: readonly GroupMetrics[], methods: readonly MethodName[]): string {
  const labelled = groups.some((g) => Object.values(g.methods).some((m) => m && m.labelled > 0));
  const cols = labelled ? ['TCR', 'Acc', 'P', 'R', 'F1'] : ['TCR'];
  const header = ['group'.padEnd(22), 'n'.padStart(5), ...methods.map((m) => cols.map((c) => `${m}:${c}`.padStart(Math.max(8, m.length + c.length + 1))).join(' '))].join(' ');
  const out = [header, '-'.repeat(header.length)];
  for (const g of groups) {
    const name = g.by === 'all' ? 'all' : `${g.by === 'category' ? 'cat' : 'diff'} ${g.group}`;
    const cells = methods.map((m) => {
      // A group of no episodes has no rate (not 0%).
      const x = g.n > 0 ? g.methods[m] : undefined;
      const vals = labelled ? [x?.tcr, x?.accuracy, x?.precision, x?.recall, x?.f1] : [x?.tcr];
      return vals.map((v, i) => pct(v).padStart(Math.max(8, m.length + cols[i]!.length + 1))).join(' ');
    });
    out.push([name.slice(0, 22).padEnd(22), String(g.n).padStart(5), ...cells].join(' '));
  }
  return out.join('\n');
}

/**
 * The episodes reported apart (metrics.ts, ApartCounts), in one line for the terminal: interrupted ones
 * left out of n (or counted, with `--count-interrupted`) and step-limit ones counted as failures.
 * Empty when there are none.
 */
export function apartLine(groups: readonly GroupMetrics[]): string {
  const all = groups.find((g) => g.by === 'all');
  const x = all && Object.values(all.methods).find((m) => m?.apart);
  const a = x?.apart;
  if (!a || (!a.interrupted && !a.stepLimit)) return '';
  return `apart: ${a.interrupted} interrupted episode(s) ${a.interruptedCounted ? 'counted as failures (--count-interrupted)' : 'left out of n (--count-interrupted counts them)'}; ${a.stepLimit} step-limit episode(s) counted as failures`;
}
