import type { EvalCell, EvalMethodKey, EvalOverview } from '../contract/evaluation';
import { EVAL_METHOD_KEYS } from '../contract/evaluation-methods';
import { methodMetrics, type EpisodeRow, type MethodMetrics } from './metrics';
import { wilson } from './stats/wilson';

/**
 * The chart draws an agent's "Human labels" bar only when labels cover at least this share of its
 * evaluated episodes: a bar from one label ("100 %") says nothing about the agent.
 */
export const HUMAN_BAR_MIN_COVERAGE = 0.5;

/** The overview fields metrics are computed from (the renderer recomputes them at once when a label changes). */
export type OverviewData = Pick<EvalOverview, 'agents' | 'tasks' | 'cells' | 'human'> & Partial<Pick<EvalOverview, 'countInterrupted'>>;

/** Display names of the verdict columns. */
export const METHOD_LABELS: Record<EvalMethodKey, string> = {
  essential: 'Essential (fixed)', legacy: 'Essential (legacy)', stepwise: 'Step-wise', lcs: 'LCS',
};

/** Metrics rows of one agent under one method, optionally restricted to some episodes. */
export function overviewRows(o: OverviewData, agent: string, method: EvalMethodKey, only?: ReadonlySet<string>): EpisodeRow[] {
  const tasks = new Map(o.tasks.map((t) => [t.episode, t]));
  const labels = o.human[agent] ?? {};
  const rows: EpisodeRow[] = [];
  for (const c of o.cells) {
    if (c.agent !== agent || (only && !only.has(c.episode))) continue;
    const t = tasks.get(c.episode);
    const v = c.verdicts[method];
    rows.push({
      episode: c.episode, category: t?.category ?? '', nsteps: t?.nsteps ?? 0, human: labels[c.episode],
      completed: v === undefined ? {} : { essential: v }, reasons: {}, ...(c.progress !== undefined ? { progress: c.progress } : {}),
      // Claims against this method's verdict; "goal reached" is the fixed essential states' own (annotated states only).
      ...(c.claim ? { claim: c.claim } : {}), ...(method === 'essential' && c.goalReached !== undefined ? { goalReached: c.goalReached } : {}),
    });
  }
  return rows;
}

/**
 * Accuracy, precision, recall, F1, confusion (false accepts = fp, false rejects = fn) of one agent x method;
 * with claims, false completions (claimed complete, not completed) and missed completions. Interrupted
 * episodes are left out of n unless the overview says `countInterrupted` (metrics.ts, ApartCounts).
 */
export function overviewMetrics(o: OverviewData, agent: string, method: EvalMethodKey, only?: ReadonlySet<string>): MethodMetrics {
  return methodMetrics(overviewRows(o, agent, method, only), 'essential', { countInterrupted: o.countInterrupted ?? false });
}

/** Whether a cell is a false completion (claimed complete, essential verdict not completed) or a missed one (goal reached, not claimed). */
export function claimMismatch(c: EvalCell): 'false-completion' | 'missed-completion' | undefined {
  if (!c.claim || c.verdicts.essential === undefined) return undefined;
  if (c.claim === 'complete' && !c.verdicts.essential) return 'false-completion';
  if (c.claim !== 'complete' && (c.goalReached ?? c.verdicts.essential)) return 'missed-completion';
  return undefined;
}

/** Whether a cell's verdict (method) agrees with the human label; undefined when either is missing. */
export function agrees(c: EvalCell, human: boolean | undefined, method: EvalMethodKey = 'essential'): boolean | undefined {
  const v = c.verdicts[method];
  return v === undefined || human === undefined ? undefined : v === human;
}

/** Completion rate per agent and group value (category or difficulty), for one method. */
export function completionBy(o: OverviewData, method: EvalMethodKey, by: 'category' | 'difficulty'): { group: string; rates: Record<string, { n: number; rate: number }> }[] {
  const groupOf = new Map(o.tasks.map((t) => [t.episode, by === 'category' ? t.category || '(none)' : t.difficulty]));
  const groups = [...new Set(o.tasks.map((t) => groupOf.get(t.episode)!))].sort();
  return groups.map((g) => ({
    group: g,
    rates: Object.fromEntries(o.agents.map((a) => {
      const cs = o.cells.filter((c) => c.agent === a && groupOf.get(c.episode) === g && c.verdicts[method] !== undefined && (o.countInterrupted || c.claim !== 'interrupted'));
      return [a, { n: cs.length, rate: cs.length ? cs.filter((c) => c.verdicts[method]).length / cs.length : 0 }];
    })),
  }));
}

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const COLOURS = ['#2f6fb0', '#7aa6d6', '#e08a2c', '#4a9a52', '#8c8c8c'];

/**
 * A grouped bar chart (self-contained SVG) of the task completion rate: one group per agent, one bar
 * per method plus the human labels' rate where labels cover HUMAN_BAR_MIN_COVERAGE of the agent's
 * episodes. Bars carry their value as text and a 95 % Wilson whisker, so the chart reads without the
 * table (and in a report opened offline).
 */
export function agentChartSvg(o: OverviewData, title = 'Task completion rate per agent and method'): string {
  // Each bar: the rate, its successes and n (for the 95 % Wilson whisker).
  type Bar = { value: number; k: number; n: number };
  const series: { name: string; value(a: string): Bar | undefined }[] = EVAL_METHOD_KEYS.map((m) => ({
    name: METHOD_LABELS[m], value: (a: string) => { const x = overviewMetrics(o, a, m); return x.n ? { value: x.tcr, k: Math.round(x.tcr * x.n), n: x.n } : undefined; },
  }));
  const humanBar = (a: string): Bar | undefined => {
    const x = overviewMetrics(o, a, 'essential');
    if (!x.confusion || !x.n || x.labelled < HUMAN_BAR_MIN_COVERAGE * x.n) return undefined;
    return { value: x.humanTcr!, k: x.confusion.tp + x.confusion.fn, n: x.labelled };
  };
  if (o.agents.some((a) => humanBar(a))) series.push({ name: 'Human labels', value: humanBar });
  const bar = 26;
  const groupW = series.length * bar + 30;
  const left = 50;
  const top = 40;
  const plotH = 200;
  const width = Math.max(left + series.length * 112, left + o.agents.length * groupW + 20);
  const height = top + plotH + 70;
  const y = (v: number): number => top + plotH * (1 - v);
  const pct = (v: number): string => `${Math.round(v * 100)}%`;
  const out = [`<svg xmlns="http://www.w3.org/2000/svg" class="chart" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="DejaVu Sans, Arial, sans-serif" font-size="11" role="img" aria-label="${esc(title)}">`,
    `<rect width="${width}" height="${height}" fill="#fff"/>`, `<text x="${left}" y="20" font-size="13" font-weight="bold">${esc(title)}</text>`];
  for (const t of [0, 0.5, 1]) out.push(`<line x1="${left}" x2="${width - 10}" y1="${y(t)}" y2="${y(t)}" stroke="${t ? '#ddd' : '#333'}"/><text x="${left - 5}" y="${y(t) + 4}" text-anchor="end">${pct(t)}</text>`);
  o.agents.forEach((a, gi) => {
    const x0 = left + 15 + gi * groupW;
    series.forEach((s, si) => {
      const b = s.value(a);
      if (b === undefined) return;
      const v = b.value;
      const ci = wilson(b.k, b.n);
      const x = x0 + si * bar;
      const mid = x + (bar - 3) / 2;
      out.push(`<rect x="${x}" y="${y(v)}" width="${bar - 3}" height="${Math.max(0.5, plotH * v)}" fill="${COLOURS[si % COLOURS.length]}"><title>${esc(`${a}, ${s.name}: ${pct(v)} (95% CI ${pct(ci.low!)}–${pct(ci.high!)}, n=${b.n})`)}</title></rect>`,
        `<line class="ci" x1="${mid}" x2="${mid}" y1="${y(ci.high!)}" y2="${y(ci.low!)}" stroke="#222" stroke-width="1"/>`,
        `<text x="${mid}" y="${Math.min(y(v), y(ci.high!)) - 3}" text-anchor="middle" font-size="9">${pct(v)}</text>`);
    });
    out.push(`<text x="${x0 + (series.length * bar) / 2}" y="${top + plotH + 15}" text-anchor="middle">${esc(a)}</text>`);
  });
  series.forEach((s, si) => out.push(`<rect x="${left + si * 112}" y="${height - 26}" width="11" height="11" fill="${COLOURS[si % COLOURS.length]}"/><text x="${left + si * 112 + 15}" y="${height - 17}" font-size="10">${esc(s.name)}</text>`));
  out.push('</svg>');
  return out.join('');
}
