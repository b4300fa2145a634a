import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { EvalOverview, EvalSpec } from '../../../shared/contract/evaluation';
import { manifestOf, type AgentManifest, type EvalManifest } from '../../../shared/evaluation/manifest';
import { createAppService } from '../../app';
import type { AppService } from '../../kernel/types';
import { checkManifest } from '../manifest/check-manifest';
import { evalManifest } from '../manifest/eval-manifest';
import { runEvaluation } from './run-evaluation';
import { makeEvalViewFixture, TRACE_18, type EvalViewFixture } from './testing/eval-view-fixture';

/** A manifest without what is expected to differ between two writes of the same result. */
const pinned = ({ createdAt: _c, humanLabels: _h, ...m }: EvalManifest) => m;

describe.skipIf(!existsSync(TRACE_18))("the evaluation view's exports, compare and recent list (real trace_18 screens, real files)", () => {
  let fx: EvalViewFixture;
  let service: AppService;
  let o: EvalOverview;
  const stateDir = () => path.join(fx.base, 'state');
  const spec = (): EvalSpec => ({ dataset: fx.dataset, agents: Object.entries(fx.agents).map(([name, p]) => ({ name, path: p })), human: fx.human, embedder: 'none' });

  beforeAll(async () => {
    fx = makeEvalViewFixture(2, 2);
    service = createAppService({ mode: 'web', stateDir: stateDir(), fileUrl: (id, rel) => `/files/${id}/${rel}` });
    o = await service.calls['eval:open'](spec());
  }, 120_000);
  afterAll(() => fx?.cleanup());

  it("the JSON export carries each agent's manifest, the object touchstone eval writes for the same folders and settings", async () => {
    const json = JSON.parse((await service.calls['eval:export']({ evalId: o.evalId, format: 'json' })).content!) as { manifests: AgentManifest[]; manifest?: EvalManifest };
    expect(json.manifests.map((m) => m.agent)).toEqual(['complete', 'cut']);
    expect(json.manifest).toBeUndefined(); // two agents: no single one stands for the file
    for (const { agent, manifest } of json.manifests) {
      const run = { datasetRoot: fx.dataset, tracesRoot: fx.agents[agent]!, methods: ['essential', 'stepwise', 'lcs'] as const, mode: 'fixed' as const, jobs: 1, embedder: 'none' as const };
      const cli = await evalManifest({ ...run, methods: [...run.methods] }, await runEvaluation({ ...run, methods: [...run.methods] }));
      expect(pinned(manifest)).toEqual(pinned(cli));
      expect(manifest.humanLabels?.file).toBe(fx.human);
    }
    // touchstone eval --check-manifest on the view's manifest: every verdict reproduces, nothing changed.
    const check = await checkManifest(json.manifests[1]!.manifest, { jobs: 1 });
    expect([check.reproduced, check.changes, check.differences.filter((d) => d.kind !== 'labels')]).toEqual([true, [], []]);
  }, 120_000);

  it('the CSV export brings its manifest, beside the file as touchstone eval --csv writes it; the HTML report shows each agent\'s', async () => {
    const given = await service.calls['eval:export']({ evalId: o.evalId, format: 'csv' });
    expect((JSON.parse(given.manifest!) as AgentManifest[]).map((m) => [m.agent, m.manifest.traces.root])).toEqual([['complete', fx.agents.complete], ['cut', fx.agents.cut]]);
    const file = path.join(fx.dataset, 'view.csv');
    const written = await service.calls['eval:export']({ evalId: o.evalId, format: 'csv', path: file });
    expect(written.manifestPath).toBe(path.join(fx.dataset, 'view.manifest.json'));
    const beside = JSON.parse(readFileSync(written.manifestPath!, 'utf8')) as AgentManifest[];
    expect(beside.map((m) => pinned(m.manifest))).toEqual((JSON.parse(given.manifest!) as AgentManifest[]).map((m) => pinned(m.manifest)));
    const html = (await service.calls['eval:export']({ evalId: o.evalId, format: 'html' })).content!;
    expect(html).toContain('<h2 id="manifest">Manifest</h2>');
    expect(html).toContain('<h3>complete</h3>');
    expect(html).toContain(`traces ${fx.agents.cut}`);
    // One agent: the JSON has `manifest` as the CLI's --json, so --check-manifest and compare read it.
    const one = await service.calls['eval:open']({ ...spec(), agents: [spec().agents[0]!] });
    const m = manifestOf(JSON.parse((await service.calls['eval:export']({ evalId: one.evalId, format: 'json' })).content!));
    expect(m?.traces.root).toBe(fx.agents.complete);
  }, 120_000);

  it('eval:compare gives the flips, the 2x2 table, the exact McNemar p and the manifest differences of two agents', async () => {
    const c = await service.calls['eval:compare']({ evalId: o.evalId, a: 'complete', b: 'cut' });
    expect(c.method).toBe('essential');
    expect([c.a.name, c.b.name]).toEqual(['complete', 'cut']);
    expect(c.paired).toMatchObject({ n: 2, both: 0, onlyA: 2, onlyB: 0, neither: 0, flips: [{ episode: 'e0', a: true, b: false }, { episode: 'e1', a: true, b: false }] });
    // Two discordant pairs, both one way: two-sided exact p = 2 * 0.5^2.
    expect(c.paired.mcnemar).toEqual({ discordant: 2, p: 0.5 });
    expect(c.differences.map((d) => d.what)).toEqual(["episode e0's trace changed", "episode e1's trace changed"]);
    await expect(service.calls['eval:compare']({ evalId: o.evalId, a: 'complete', b: 'nobody' })).rejects.toThrow(/No agent named nobody/);
    await expect(service.calls['eval:compare']({ evalId: o.evalId, a: 'cut', b: 'cut' })).rejects.toThrow(/two different agents/);
  }, 60_000);

  it('eval:recent lists what eval:open evaluated, newest first, kept in the state folder for the next start', async () => {
    const recent = await service.calls['eval:recent']({});
    // The last open (one agent) first, then the two-agent one; the cached preview adds nothing.
    await service.calls['eval:open']({ ...spec(), fromCache: true });
    expect(await service.calls['eval:recent']({})).toEqual(recent);
    expect(recent.map((r) => r.spec.agents.map((a) => a.name))).toEqual([['complete'], ['complete', 'cut']]);
    expect(recent[1]!.spec).toEqual(spec());
    expect(Date.parse(recent[0]!.openedAt)).toBeGreaterThanOrEqual(Date.parse(recent[1]!.openedAt));
    // Opening the two-agent evaluation again moves it to the top (one entry each).
    await service.calls['eval:open'](spec());
    const next = createAppService({ mode: 'web', stateDir: stateDir(), fileUrl: (id, rel) => `/files/${id}/${rel}` });
    expect((await next.calls['eval:recent']({})).map((r) => r.spec.agents.length)).toEqual([2, 1]);
    expect(existsSync(path.join(stateDir(), 'recent-evaluations.json'))).toBe(true);
  }, 60_000);
});
