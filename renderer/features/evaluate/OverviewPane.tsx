import { useMemo, useRef } from 'react';
import type { EvalExportFormat } from '../../../shared/contract/evaluation';
import { manifestFileOf } from '../../../shared/evaluation/manifest';
import type { TouchstoneClient } from '../../api/client';
import { useKeymap } from '../../keymap/use-keymap';
import { EvalProgress } from './EvalOpenForm';
import { useEvalStore } from './eval-store';
import { OverviewTable } from './OverviewTable';
import { buildRows, cellKey, filterRows, valuesOf, type OverviewFilter, type SortKey } from './overview-rows';
import { SummaryPanel } from './SummaryPanel';
import { ExtraNotes, ExtraSummary, ExtraToggles, useExtraCells } from './ExtraMethods';
import { QueuePanel } from './QueuePanel';
import { LabelsPanel } from './LabelsPanel';
import { JudgeCalibration } from './JudgeCalibration';
import { JudgeEndpointButton, JudgeEndpointPanel } from './JudgeEndpoint';

const EXPORT_TYPES: Record<EvalExportFormat, string> = {
  html: 'text/html', json: 'application/json', csv: 'text/csv', 'tables-csv': 'text/csv', md: 'text/markdown', tex: 'application/x-tex', svg: 'image/svg+xml',
};

/** The chart's SVG drawn at twice its size on a white canvas, as PNG (for slides and documents that take no SVG). */
async function svgToPng(svg: string): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth * 2;
    canvas.height = img.naturalHeight * 2;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#fff';
    g.fillRect(0, 0, canvas.width, canvas.height);
    g.drawImage(img, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('the chart could not be drawn as PNG'))), 'image/png'));
  } finally {
    URL.revokeObjectURL(url);
  }
}

function download(name: string, content: string, type: string): void {
  downloadBlob(name, new Blob([content], { type }));
}

function downloadBlob(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Toolbar (search, filters, sort, exports), the tasks x agents table and the summary figures. */
export function OverviewPane({ client }: { client: TouchstoneClient }) {
  const s = useEvalStore();
  const o = s.overview!;
  const all = useMemo(() => buildRows(o), [o]);
  const extraCells = useExtraCells();
  const queue = useMemo(() => s.extra?.queue ?? [], [s.extra]);
  const queued = useMemo(() => new Set(queue.map((q) => cellKey(q.agent, q.episode))), [queue]);
  const rows = useMemo(() => filterRows(all, o.human, s.filter, s.sort, queued), [all, o.human, s.filter, s.sort, queued]);
  const search = useRef<HTMLInputElement>(null);
  const move = (dRow: number, dAgent: number) => {
    if (!rows.length) return;
    const c = s.cursor;
    const i = Math.max(0, Math.min(rows.length - 1, (c ? rows.findIndex((r) => r.task.episode === c.episode) : 0) + dRow));
    const agents = o.agents.filter((a) => rows[i]!.cells[a]);
    const j = Math.max(0, Math.min(agents.length - 1, (c ? agents.indexOf(c.agent) : 0) + dAgent));
    s.setCursor({ episode: rows[i]!.task.episode, agent: agents[j] ?? o.agents[0]! });
  };
  const label = (v: boolean | null) => {
    const c = s.cursor;
    if (!c) return;
    void s.setLabel(client, c.agent, c.episode, v);
    // Working through the queue: one key labels, the cursor moves to the next unlabelled item.
    if (s.filter.queue && v !== null) {
      const keys = [...new Set(queue.map((q) => cellKey(q.agent, q.episode)))];
      const at = keys.indexOf(cellKey(c.agent, c.episode));
      const next = [...keys.slice(at + 1), ...keys.slice(0, Math.max(0, at))].map((k) => queue.find((q) => cellKey(q.agent, q.episode) === k)!)
        .find((q) => o.human[q.agent]?.[q.episode] === undefined);
      if (next) s.setCursor({ episode: next.episode, agent: next.agent });
    }
  };
  useKeymap('evaluate', [
    { keys: ['ArrowDown', 'j'], label: 'Next task', group: 'Overview', run: () => move(1, 0) },
    { keys: ['ArrowUp', 'k'], label: 'Previous task', group: 'Overview', run: () => move(-1, 0) },
    { keys: ['ArrowRight', 'l'], label: 'Next agent', group: 'Overview', run: () => move(0, 1) },
    { keys: ['ArrowLeft', 'h'], label: 'Previous agent', group: 'Overview', run: () => move(0, -1) },
    { keys: ['PageDown'], label: 'Down a page', group: 'Overview', run: () => move(20, 0) },
    { keys: ['PageUp'], label: 'Up a page', group: 'Overview', run: () => move(-20, 0) },
    { keys: ['Enter'], label: 'Replay the selected task x agent', group: 'Overview', run: () => void s.openReplay(client) },
    { keys: ['y', '1'], label: 'Human label: completed', group: 'Labels', run: () => label(true) },
    { keys: ['n', '0'], label: 'Human label: not completed', group: 'Labels', run: () => label(false) },
    { keys: ['x'], label: 'Clear the human label', group: 'Labels', run: () => label(null) },
    { keys: ['/'], label: 'Search', group: 'Overview', run: () => search.current?.focus() },
  ]);
  const exportAs = async (f: EvalExportFormat | 'png') => {
    if (f === 'png') {
      const r = await s.exportAs(client, 'svg');
      if (r) downloadBlob(r.name.replace(/\.svg$/, '.png'), await svgToPng(r.content));
      return;
    }
    const r = await s.exportAs(client, f);
    if (r) download(r.name, r.content, EXPORT_TYPES[f]);
    // A CSV's or a table's manifest comes as its own file, as `touchstone eval --csv` writes it beside the CSV.
    if (r?.manifest) download(manifestFileOf(r.name), r.manifest, 'application/json');
  };
  const select = (key: 'category' | 'difficulty' | 'app') => (
    <select aria-label={key} value={s.filter[key]} onChange={(e) => s.setFilter({ [key]: e.target.value })}>
      <option value="">all {key === 'category' ? 'categories' : key === 'difficulty' ? 'difficulties' : 'apps'}</option>
      {valuesOf(all, key).map((v) => <option key={v} value={v}>{v}</option>)}
    </select>
  );
  return (
    <div className="ev-overview">
      <div className="ev-toolbar">
        <b>{o.datasetName}</b>
        <span className="muted">{o.tasks.length} tasks × {o.agents.length} agents · {o.cache.reused} cached, {o.cache.evaluated} evaluated{o.verified ? '' : ' · checking files…'}</span>
        <input ref={search} className="ev-search" type="search" placeholder="Search (/)" aria-label="Search tasks" value={s.filter.query} onChange={(e) => s.setFilter({ query: e.target.value })}
          onKeyDown={(e) => { if (e.key === 'Escape' || e.key === 'Enter') e.currentTarget.blur(); }} />
        <label><input type="checkbox" checked={s.filter.disagreements} onChange={(e) => s.setFilter({ disagreements: e.target.checked })} /> disagreements</label>
        <label><input type="checkbox" checked={s.filter.failures} onChange={(e) => s.setFilter({ failures: e.target.checked })} /> failures</label>
        <label title="Only tasks the judge or the hybrid left for a human"><input type="checkbox" data-filter="queue" checked={s.filter.queue} onChange={(e) => s.setFilter({ queue: e.target.checked })} /> needs a human ({queued.size})</label>
        <select aria-label="claims" data-filter="claims" title="The agent's claim against the essential verdict" value={s.filter.claims ?? ''} onChange={(e) => s.setFilter({ claims: e.target.value as OverviewFilter['claims'] })}>
          <option value="">all claims</option><option value="false-completion">false completions</option><option value="missed-completion">missed completions</option>
        </select>
        <ExtraToggles client={client} />
        <JudgeEndpointButton client={client} />
        {select('category')}{select('difficulty')}{select('app')}
        <select aria-label="sort" value={`${s.sort.key}:${s.sort.desc ? 'desc' : 'asc'}`} onChange={(e) => { const [key, dir] = e.target.value.split(':'); s.setSort({ key: key as SortKey, desc: dir === 'desc' }); }}>
          <option value="task:asc">index order</option><option value="category:asc">category</option><option value="difficulty:asc">steps ↑</option><option value="difficulty:desc">steps ↓</option>
          <option value="progress:asc">progress ↑</option><option value="failures:desc">most failures</option>
        </select>
        <span className="spacer" />
        <span className="muted" data-shown-rows={rows.length}>{rows.length} shown</span>
        {o.agents.length > 1 && <button className="btn btn-small" data-action="compare" title="Two agents: confusion matrix, flipped episodes, paired test, manifest differences" onClick={s.openCompare}>Compare</button>}
        <button className="btn btn-small" onClick={() => void exportAs('csv')}>CSV</button>
        <button className="btn btn-small" onClick={() => void exportAs('json')}>JSON</button>
        <button className="btn btn-small" data-action="export-html" onClick={() => void exportAs('html')}>HTML report</button>
        <select aria-label="paper exports" data-action="export-paper" value="" title="The method and per-group tables with n and 95% intervals, and the chart, for a paper"
          onChange={(e) => { const f = e.target.value as EvalExportFormat | 'png'; e.target.value = ''; if (f) void exportAs(f); }}>
          <option value="">Paper…</option><option value="md">Tables (Markdown)</option><option value="tex">Tables (LaTeX)</option><option value="tables-csv">Tables (CSV)</option>
          <option value="svg">Chart (SVG)</option><option value="png">Chart (PNG)</option>
        </select>
        <button className="btn btn-small" onClick={s.close}>Close</button>
      </div>
      <JudgeEndpointPanel client={client} />
      {s.progress && <EvalProgress client={client} />}
      {s.error && <div className="error-box" role="alert">{s.error}</div>}
      {s.labelError && <div className="error-box" role="alert">{s.labelError}</div>}
      <ExtraNotes />
      <LabelsPanel overview={o} />
      {o.warnings.length > 0 && <details className="ev-warnings"><summary>{o.warnings.length} warning(s)</summary><ul>{o.warnings.slice(0, 50).map((w, i) => <li key={i}>{w}</li>)}</ul></details>}
      <div className="ev-main">
        <OverviewTable rows={rows} agents={o.agents} human={o.human} cursor={s.cursor} onSelect={(episode, agent) => s.setCursor({ episode, agent })}
          onOpen={(episode, agent) => void s.openReplay(client, { episode, agent })} extraOn={s.extra ? s.extra.methods : []} extra={extraCells} unavailable={s.extra?.unavailable} />
        <SummaryPanel overview={o} agent={s.cursor?.agent}>
          {queue.length > 0 && <QueuePanel queue={queue} overview={o} cursor={s.cursor} onPick={(episode, agent) => s.setCursor({ episode, agent })} />}
          <ExtraSummary overview={o} extra={s.extra} />
          <JudgeCalibration overview={o} extra={s.extra} />
        </SummaryPanel>
      </div>
    </div>
  );
}
