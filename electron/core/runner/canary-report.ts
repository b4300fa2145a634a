/** The canary's report: one offline HTML page, the quarantined tasks first with the recorded and replayed screen side by side. */
import { relative, sep } from 'node:path';
import type { CanaryCheck, CanaryResult } from '../../../shared/contract/run-canary';

const esc = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** Images by path relative to the report, so the page works offline and moves with the run folder. */
const href = (from: string, file: string): string => relative(from, file).split(sep).map(encodeURIComponent).join('/');

function card(c: CanaryCheck, dir: string): string {
  const screens = c.screens
    ? `<div class="pair"><figure><img src="${href(dir, c.screens.recorded)}" alt="recorded screen ${c.divergence?.step}"><figcaption>recording, step ${c.divergence?.step}</figcaption></figure>`
      + `<figure><img src="${href(dir, c.screens.replayed)}" alt="replayed screen ${c.divergence?.step}"><figcaption>canary replay, step ${c.divergence?.step}</figcaption></figure></div>`
    : '';
  return `<section class="q" data-episode="${esc(c.episode)}"><h2>${esc(c.episode)} <small>${esc(c.kind)} · ${esc(c.device)}</small></h2>`
    + `<p>${c.divergence ? `<b>Diverged at step ${c.divergence.step}.</b> ` : ''}${esc(c.why ?? '')}</p>${screens}</section>`;
}

/** The report page for `result`, written into `dir` (the canary folder). */
export function canaryReportHtml(r: CanaryResult, dir: string): string {
  const failed = r.checked.filter((c) => !c.passed);
  const rows = r.checked.map((c) => `<tr class="${c.passed ? 'ok' : 'bad'}"><td>${esc(c.episode)}</td><td>${esc(c.kind)}</td><td>${esc(c.outcome)}</td>`
    + `<td>${c.completed === undefined ? '–' : c.completed ? 'completed' : 'not completed'}</td><td>${c.passed ? 'passed' : 'quarantined'}</td>`
    + `<td>${c.divergence ? c.divergence.step : '–'}</td></tr>`).join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Run canary: ${r.quarantined.length} quarantined</title>
<style>body{font:14px system-ui,sans-serif;margin:24px;max-width:1100px}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:3px 8px;text-align:left}
tr.bad td{background:#fde8e8}.pair{display:flex;gap:16px}figure{margin:0}img{max-height:480px;border:1px solid #999}small{color:#666;font-weight:normal}</style></head><body>
<h1>Run canary</h1>
<p>Each task's own recording was replayed with the replay agent on ${r.kinds.length} device kind(s) (${r.kinds.map(esc).join('; ')}) and evaluated before the batch.
${r.quarantined.length} task(s) quarantined: ${r.quarantined.map((q) => esc(q.episode)).join(', ') || 'none'}; the batch ran the rest.${r.unchecked.length ? ` Not sampled (run unchecked): ${r.unchecked.map(esc).join(', ')}.` : ''}</p>
${failed.map((c) => card(c, dir)).join('\n')}
<h2>Every replay</h2><table><thead><tr><th>task</th><th>device kind</th><th>outcome</th><th>verdict</th><th>canary</th><th>diverged at step</th></tr></thead><tbody>
${rows}
</tbody></table></body></html>
`;
}
