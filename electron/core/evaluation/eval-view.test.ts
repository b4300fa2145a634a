import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { EvalOverview } from '../../../shared/contract/evaluation';
import { overviewMetrics } from '../../../shared/evaluation/overview-metrics';
import { createAppService } from '../../app';
import type { AppService } from '../../kernel/types';
import { runEvaluation } from './run-evaluation';
import { buildTrace } from './testing/build-trace';
import { makeEvalViewFixture, TRACE_18, type EvalViewFixture } from './testing/eval-view-fixture';

describe.skipIf(!existsSync(TRACE_18))('evaluation view core (real trace_18 screens, real files)', () => {
  let fx: EvalViewFixture;
  let service: AppService;
  let first: EvalOverview;
  const spec = () => ({ dataset: fx.dataset, agents: Object.entries(fx.agents).map(([name, p]) => ({ name, path: p })), human: fx.human });

  beforeAll(async () => {
    fx = makeEvalViewFixture(2, 2);
    service = createAppService({ mode: 'web', stateDir: path.join(fx.base, 'state'), fileUrl: (id, rel) => `/files/${id}/${rel}` });
    first = await service.calls['eval:open'](spec());
  }, 120_000);
  afterAll(() => fx?.cleanup());

  it('tells a trace, a folder of traces and a dataset apart', async () => {
    const one = path.join(fx.agents.cut!, 'e0');
    expect(await service.calls['eval:inspect']({ path: one })).toEqual({ kind: 'trace', path: one, episode: 'e0', layout: 'llamatouch' });
    expect(await service.calls['eval:inspect']({ path: fx.agents.cut! })).toMatchObject({ kind: 'traces', traces: 2, layouts: ['llamatouch'] });
    expect(await service.calls['eval:inspect']({ path: fx.dataset })).toMatchObject({ kind: 'dataset', episodes: 2 });
    await expect(service.calls['eval:open']({ ...spec(), dataset: fx.agents.cut! })).rejects.toThrow(/holds agent traces, not a dataset/);
  });

  it('gives every task x agent the verdicts runEvaluation (the CLI) gives, in both modes and for the baselines', async () => {
    expect(first.cache).toEqual({ reused: 0, evaluated: 4 });
    for (const [agent, dir] of Object.entries(fx.agents)) {
      const fixed = await runEvaluation({ datasetRoot: fx.dataset, tracesRoot: dir, methods: ['essential', 'stepwise', 'lcs'], mode: 'fixed', jobs: 1 });
      const legacy = await runEvaluation({ datasetRoot: fx.dataset, tracesRoot: dir, methods: ['essential'], mode: 'legacy', jobs: 1 });
      for (const r of fixed.rows) {
        const cell = first.cells.find((c) => c.agent === agent && c.episode === r.episode)!;
        expect(cell.verdicts).toEqual({ essential: r.completed.essential, stepwise: r.completed.stepwise, lcs: r.completed.lcs, legacy: legacy.rows.find((x) => x.episode === r.episode)!.completed.essential });
        expect(cell.progress).toBe(r.progress);
      }
    }
    expect(first.cells.filter((c) => c.agent === 'complete').map((c) => c.verdicts.essential)).toEqual([true, true]);
    expect(first.cells.filter((c) => c.agent === 'cut').map((c) => c.verdicts.essential)).toEqual([false, false]);
    expect(first.human.cut).toEqual({ e0: true, e1: true });
  });

  it('re-opens from the cache and re-evaluates only the trace whose files changed', async () => {
    const again = await service.calls['eval:open'](spec());
    expect(again.cache).toEqual({ reused: 4, evaluated: 0 });
    expect(again.cells).toEqual(first.cells);
    // The cut agent on e1 now goes on through the annotated screen and declares completion.
    buildTrace(path.join(fx.dataset, 'googleapps', 'ep_e1'), path.join(fx.agents.cut!, 'e1'), [0, 1, 2, 3, 4].map((screen) => ({ screen })));
    const cd = path.join(fx.agents.cut!, 'e1', 'captured_data');
    // From the cache alone: at once, the stored (now stale) verdict, marked unverified.
    const quick = await service.calls['eval:open']({ ...spec(), fromCache: true });
    expect([quick.verified, quick.cache, quick.cells.find((c) => c.agent === 'cut' && c.episode === 'e1')!.verdicts.essential]).toEqual([false, { reused: 4, evaluated: 0 }, false]);
    const changed = await service.calls['eval:open'](spec());
    expect(changed.cache).toEqual({ reused: 3, evaluated: 1 });
    expect(changed.cells.find((c) => c.agent === 'cut' && c.episode === 'e1')!.verdicts.essential).toBe(true);
    // Touching a file without changing its content keeps the cache.
    appendFileSync(path.join(cd, 'action', '2.action'), '');
    expect((await service.calls['eval:open'](spec())).cache).toEqual({ reused: 4, evaluated: 0 });
    // The same traces folders under other names (the run view's "Compare" names columns after their runs): the cached cells answer under the new names.
    const renamed = { ...spec(), agents: spec().agents.map((a) => ({ ...a, name: `${a.name} [b]` })) };
    for (const fromCache of [true, false]) {
      const r = await service.calls['eval:open']({ ...renamed, fromCache });
      expect(r.cache.reused).toBe(4);
      expect(new Set(r.cells.map((c) => c.agent))).toEqual(new Set(renamed.agents.map((a) => a.name)));
    }
  }, 60_000);

  it('replays the failure: unmatched state, closest step with every item in words, screens as URLs', async () => {
    const d = await service.calls['eval:episode']({ evalId: first.evalId, agent: 'cut', episode: 'e0' });
    expect(d.gtSteps).toHaveLength(5);
    expect(d.gtSteps[2]!.ess).toBe(readFileSync(path.join(TRACE_18, '2.ess'), 'utf8').trim());
    expect(d.agentSteps.map((s) => s.index)).toEqual([0, 1]);
    expect(d.agentSteps[0]!.url).toMatch(/^\/files\/\w+\/e0\/captured_data\/screenshot\/0\.png$/);
    const miss = d.essential!.states.find((s) => !s.matched)!;
    expect(miss.gtStep).toBe(2);
    expect(miss.closestStep).toBeTypeOf('number');
    expect(miss.items.map((i) => i.item)).toEqual(expect.arrayContaining(['activity<0>', 'exact<1>']));
    expect(miss.items.every((i) => i.sentence.length > 10)).toBe(true);
    expect(d.essential!.reason).toMatch(/State 1 of 2 .* closest is step \d/);
    expect(d.human).toBe(true);
  });

  it('sets a human label by rewriting only that line of the CSV, and the accuracy follows', async () => {
    const before = overviewMetrics(first, 'cut', 'essential').accuracy;
    const r = await service.calls['eval:label']({ evalId: first.evalId, agent: 'cut', episode: 'e0', human: false });
    expect(readFileSync(fx.human, 'utf8')).toBe('episode,human\ne0,0\ne1,1\n');
    expect(r.labels).toEqual({ e0: false, e1: true });
    const after = overviewMetrics({ ...first, human: { ...first.human, cut: r.labels } }, 'cut', 'essential').accuracy;
    expect([before, after]).toEqual([0, 0.5]);
    await service.calls['eval:label']({ evalId: first.evalId, agent: 'cut', episode: 'e1', human: null });
    expect(readFileSync(fx.human, 'utf8')).toBe('episode,human\ne0,0\n');
  });

  it('exports CSV, JSON and a self-contained HTML report with a plot and the failure filmstrip', async () => {
    const csv = await service.calls['eval:export']({ evalId: first.evalId, format: 'csv' });
    expect(csv.content!.split('\n')[0]).toBe('episode,agent,category,difficulty,app,essential,legacy,stepwise,lcs,essential_progress,human,agrees,reason');
    const file = path.join(fx.dataset, 'report.html');
    const html = await service.calls['eval:export']({ evalId: first.evalId, format: 'html', path: file });
    const text = readFileSync(file, 'utf8');
    expect(html.bytes).toBe(Buffer.byteLength(text));
    expect(text).toContain('<svg');
    expect(text).toMatch(/<img src="data:image\/jpeg;base64,/);
    expect(text).not.toMatch(/(src|href)="(https?:|\/)/);
    expect(text).toContain('id="f-cut-e0"');
    expect(text).toContain('closest step');
    await expect(service.calls['eval:export']({ evalId: first.evalId, format: 'csv', path: path.join(path.dirname(fx.base), 'outside.csv') })).rejects.toThrow(/outside the opened folders/);
  });
});
