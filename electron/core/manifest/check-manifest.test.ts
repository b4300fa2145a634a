import { describe, it, expect, afterAll } from 'vitest';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runEvaluation, type RunOptions } from '../evaluation/run-evaluation';
import { buildTrace } from '../evaluation/testing/build-trace';
import { datasetWithEpisodes, tempDir, TRACE_18 } from '../evaluation/testing/temp-dataset';
import { evalManifest } from './eval-manifest';
import { checkLines, checkManifest } from './check-manifest';
import { toolVersion } from './tool-version';

const ESS = { 2: 'activity<0>|exact<1>|click<//*[@resource-id="com.duolingo:id/path"]/android.view.ViewGroup[2]/android.widget.LinearLayout[1]/android.widget.ImageView[1]>', 4: 'activity<0>|exact<6>' };
const tmp = tempDir();
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe.skipIf(!existsSync(TRACE_18))('manifest of an evaluation, and re-evaluating it (../shared/fixtures absent → skipped)', () => {
  const root = datasetWithEpisodes(tmp, ESS, ['full', 'short', 'other']);
  const traces = path.join(tmp, 'traces');
  buildTrace(path.join(root, 'ep_full'), path.join(traces, 'full'), [0, 1, 2, 3, 4].map((screen) => ({ screen })));
  buildTrace(path.join(root, 'ep_short'), path.join(traces, 'short'), [0, 1, 2, 3].map((screen) => ({ screen })));
  buildTrace(path.join(root, 'ep_other'), path.join(traces, 'other'), [0, 1, 2, 3, 4].map((screen) => ({ screen })));
  const o: RunOptions = { datasetRoot: root, tracesRoot: traces, methods: ['essential', 'lcs'], mode: 'fixed', jobs: 1, embedder: 'none' };

  it('records the version, per-episode content hashes, the verdict settings and the verdicts; an unchanged input reproduces', async () => {
    const m = await evalManifest(o, await runEvaluation(o));
    expect(m.tool.version).toBe(JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../../package.json'), 'utf8')).version);
    expect(toolVersion()).toBe(m.tool.version);
    expect(Object.keys(m.episodes).sort()).toEqual(['full', 'other', 'short']);
    expect(m.episodes.full!.folder).toBe('ep_full');
    // Same annotation text in every episode folder: the same annotation hash, whatever the folder is called.
    expect(m.episodes.full!.annotation).toBe(m.episodes.short!.annotation);
    expect(m.episodes.full!.annotation).toMatch(/^[0-9a-f]{40}$/);
    expect(m.settings).toMatchObject({ methods: ['essential', 'lcs'], mode: 'fixed', final: 'complete', embedder: { spec: 'none' } });
    expect(m.results.verdicts).toEqual({ full: { essential: true, lcs: expect.any(Boolean) as boolean }, short: { essential: false, lcs: expect.any(Boolean) as boolean }, other: { essential: true, lcs: expect.any(Boolean) as boolean } });
    const r = await checkManifest(m, { jobs: 1 });
    expect(r.reproduced).toBe(true);
    expect(r.differences).toEqual([]);
    expect(checkLines(r)[0]).toBe('REPRODUCED: all verdicts of 3 episode(s) are the same.');
  });

  it("a changed .ess line flips a verdict and is named as that episode's annotation; a changed trace file as its trace", async () => {
    const m = await evalManifest(o, await runEvaluation(o));
    // ep_other's last state now needs a node its screen does not have.
    writeFileSync(path.join(root, 'ep_other', '4.ess'), 'activity<0>|exact<999>');
    writeFileSync(path.join(traces, 'short', 'captured_data', 'activity', '0.activity'), 'com.example/.Changed');
    const r = await checkManifest(m, { jobs: 1 });
    expect(r.reproduced).toBe(false);
    expect(r.changes).toEqual([{ episode: 'other', method: 'essential', before: true, after: false }]);
    expect(r.differences.map((d) => d.what)).toEqual(["episode other's annotation changed", "episode short's trace changed"]);
    const lines = checkLines(r);
    expect(lines[0]).toBe('NOT REPRODUCED: 1 verdict(s) differ.');
    expect(lines).toContain('  other essential: recorded completed, now not completed');
    expect(lines.some((l) => l.startsWith("  episode other's annotation changed ("))).toBe(true);
  });
});
