import type { EvalOverview } from '../../../shared/contract/evaluation';
import { EVAL_METHOD_KEYS } from '../../../shared/contract/evaluation-methods';
import type { EssentialResult } from '../../../shared/evaluation/types';
import { agentChartSvg, completionBy, METHOD_LABELS, overviewMetrics } from '../../../shared/evaluation/overview-metrics';
import type { TraceRef } from '../traces/trace-layouts';
import { esc, failureHtml } from './report-failures';
import { methodStats, nSentence } from '../../../shared/evaluation/method-stats';
import { calibrationHtml, type CalibrationRow } from '../../../shared/evaluation/judge-calibration';
import type { Rate } from '../../../shared/evaluation/stats/wilson';
import { manifestHtml } from './manifest-html';
import type { AgentManifest, EvalManifest } from '../../../shared/evaluation/manifest';

/** Where the report finds each task x agent's evidence and trace. */
export interface ReportSource {
  overview: EvalOverview;
  essential(agent: string, episode: string): Promise<EssentialResult | undefined>;
  trace(agent: string, episode: string): TraceRef | undefined;
  /** At most this many failures get a filmstrip (default 40); the table lists every episode. */
  maxFailures?: number;
  /** The judge calibration table's rows, when a judge ran. */
  calibration?: CalibrationRow[];
  /** What produced the numbers (shown at the end of the report): one manifest, or one per agent. */
  manifest?: EvalManifest | readonly AgentManifest[];
}

/** A rate with its 95 % Wilson interval and n; "–" (never "0.0 %") when there is nothing to count. */
const rateCell = (r: Rate): string => (r.rate === undefined ? '<td class="na">–</td>' : `<td>${pct(r.rate)} <small>[${pct(r.low!)}–${pct(r.high!)}] n=${r.n}</small></td>`);

const pct = (v: number | undefined): string => (v === undefined ? '–' : `${(v * 100).toFixed(1)}%`);
const mark = (v: boolean | undefined): string => (v === undefined ? '<td class="na">–</td>' : v ? '<td class="yes">✓</td>' : '<td class="no">✗</td>');

/** The method comparison laid out like the LlamaTouch paper's tables: per agent, a row per method, every rate with n and its 95 % interval. */
function methodTable(o: EvalOverview): string {
  const rows = o.agents.flatMap((a) => EVAL_METHOD_KEYS.map((m, i) => {
    const x = methodStats(o, a, m);
    const claims = overviewMetrics(o, a, m);
    return `<tr>${i === 0 ? `<th rowspan="${EVAL_METHOD_KEYS.length}">${esc(a)}</th>` : ''}<td>${METHOD_LABELS[m]}</td><td title="${esc(nSentence(x))}">${x.n}</td>${rateCell(x.tcr)}${rateCell(x.accuracy)}${rateCell(x.precision)}${rateCell(x.recall)}<td>${x.f1 === undefined ? '–' : x.f1.toFixed(3)}</td><td>${x.fa ?? '–'}</td><td>${x.fr ?? '–'}</td><td>${x.leniency === undefined ? '–' : x.leniency.toFixed(2)}</td><td>${claims.falseCompletions ?? '–'}</td><td>${claims.missedCompletions ?? '–'}</td></tr>`;
  }));
  return `<table class="methods"><thead><tr><th>Agent</th><th>Method</th><th>n</th><th>TCR</th><th>Accuracy</th><th>Precision</th><th>Recall</th><th>F1</th><th>False accepts</th><th>False rejects</th><th>Leniency FA/(FA+FR)</th><th title="the agent claimed complete; the method says not completed">False completions</th><th title="the method says the goal was reached; the agent did not claim complete">Missed completions</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function confusionTables(o: EvalOverview): string {
  return o.agents.map((a) => {
    const c = overviewMetrics(o, a, 'essential').confusion;
    if (!c) return `<p>${esc(a)}: no human labels.</p>`;
    return `<table class="confusion"><caption>${esc(a)} · essential (fixed) vs human</caption><tr><th></th><th>human ✓</th><th>human ✗</th></tr><tr><th>evaluator ✓</th><td>${c.tp}</td><td>${c.fp}</td></tr><tr><th>evaluator ✗</th><td>${c.fn}</td><td>${c.tn}</td></tr></table>`;
  }).join('');
}

function groupTable(o: EvalOverview, by: 'category' | 'difficulty'): string {
  const g = completionBy(o, 'essential', by);
  const head = `<tr><th>${by}</th>${o.agents.map((a) => `<th>${esc(a)}</th>`).join('')}</tr>`;
  const body = g.map((r) => `<tr><td>${esc(r.group)}</td>${o.agents.map((a) => (r.rates[a]!.n ? `<td>${pct(r.rates[a]!.rate)} <small>n=${r.rates[a]!.n}</small></td>` : '<td class="na">–</td>')).join('')}</tr>`).join('');
  return `<table><caption>Essential (fixed) completion by ${by}</caption>${head}${body}</table>`;
}

function episodeTable(o: EvalOverview): string {
  const tasks = new Map(o.tasks.map((t) => [t.episode, t]));
  const rows = o.cells.map((c) => {
    const h = o.human[c.agent]?.[c.episode];
    const failed = c.verdicts.essential === false;
    return `<tr><td>${failed ? `<a href="#${esc(`f-${c.agent}-${c.episode}`)}">${esc(c.episode)}</a>` : esc(c.episode)}</td><td>${esc(c.agent)}</td><td>${esc(tasks.get(c.episode)?.category ?? '')}</td>${EVAL_METHOD_KEYS.map((m) => mark(c.verdicts[m])).join('')}<td>${c.progress === undefined ? '–' : pct(c.progress)}</td>${mark(h)}<td class="r">${esc(c.error ?? c.reason ?? '')}</td></tr>`;
  }).join('');
  return `<table class="episodes"><thead><tr><th>Episode</th><th>Agent</th><th>Category</th>${EVAL_METHOD_KEYS.map((m) => `<th>${METHOD_LABELS[m]}</th>`).join('')}<th>Progress</th><th>Human</th><th>Reason</th></tr></thead><tbody>${rows}</tbody></table>`;
}

const STYLE = `body{font:14px/1.45 system-ui,sans-serif;margin:24px;color:#1f2328;max-width:1400px}h1{font-size:22px}h2{margin-top:32px;border-bottom:1px solid #d0d7de}
table{border-collapse:collapse;margin:8px 0 16px}td,th{border:1px solid #d0d7de;padding:3px 8px;text-align:left;vertical-align:top}caption{text-align:left;font-weight:600;padding:4px 0}
.yes{color:#1a7f37}.no{color:#cf222e}.na{color:#8c959f}.r{max-width:520px;font-size:12px}.confusion{display:inline-table;margin-right:24px}
.failure{border:1px solid #d0d7de;border-radius:6px;padding:8px 12px;margin:12px 0}.failure h3{margin:4px 0}.reason{background:#fff8c5;padding:6px;border-radius:4px}
.strip{display:flex;gap:6px;overflow-x:auto;align-items:flex-start;margin:6px 0}.strip .lbl{writing-mode:vertical-rl;transform:rotate(180deg);color:#57606a;font-size:11px}
figure{margin:0;border:3px solid transparent;border-radius:4px;width:96px}figure img{display:block;width:96px}figcaption{font-size:10px;line-height:1.2;padding:2px}
figure.ok{border-color:#2da44e}figure.miss{border-color:#1f6feb}figure.closest{border-color:#d97706}figure.todo{opacity:.5}.noimg{width:96px;height:160px;background:#eee}
.items li.fail,.items li.error{color:#9a3412}.items li.pass{color:#1a7f37}`;

/**
 * One self-contained HTML report (no script, no external file: plots are inline SVG and screens
 * inline JPEG thumbnails), so it opens from file:// offline and can be mailed: the completion
 * chart, the method comparison, confusion matrices, completion by category and difficulty, every
 * task x agent, and a filmstrip with the reason for each failure.
 */
export async function htmlReport(src: ReportSource): Promise<string> {
  const o = src.overview;
  const tasks = new Map(o.tasks.map((t) => [t.episode, t]));
  const failed = o.cells.filter((c) => c.verdicts.essential === false);
  const shown = failed.slice(0, src.maxFailures ?? 40);
  const strips: string[] = [];
  for (const c of shown) {
    strips.push(await failureHtml({
      cell: c, task: tasks.get(c.episode)!, datasetRoot: o.datasetRoot, essential: await src.essential(c.agent, c.episode),
      trace: src.trace(c.agent, c.episode), human: o.human[c.agent]?.[c.episode],
    }));
  }
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'">
<title>Touchstone evaluation · ${esc(o.datasetName)}</title><style>${STYLE}</style></head><body>
<h1>Evaluation of ${esc(o.datasetName)}</h1>
<p>${o.tasks.length} tasks × ${o.agents.length} agent(s) (${o.agents.map(esc).join(', ')}); ${o.cells.length} evaluated traces; ${failed.length} not completed (essential, fixed). Generated ${esc(new Date().toISOString())} by Touchstone from ${esc(o.datasetRoot)}.</p>
<h2>Summary</h2>${agentChartSvg(o)}
<h2>Method comparison</h2>${methodTable(o)}${confusionTables(o)}${src.calibration?.length ? `<h2>Judge calibration</h2>${calibrationHtml(src.calibration, esc)}` : ''}
${groupTable(o, 'category')}${groupTable(o, 'difficulty')}
<h2>Failures</h2>${shown.length < failed.length ? `<p>The first ${shown.length} of ${failed.length} failures are shown.</p>` : ''}${strips.join('\n') || '<p>No failures.</p>'}
<h2>Every episode</h2>${episodeTable(o)}
${manifestHtml(src.manifest)}
</body></html>
`;
}
