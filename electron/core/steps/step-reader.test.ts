// One step reader: the dataset layer (what the dataset window and `dataset check` show) and the
// evaluator read an episode's step files through EpisodeFolder, so they cannot disagree.
import { describe, it, expect, vi, afterAll } from 'vitest';
import { existsSync, mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { EpisodeFolder } from './episode-folder';
import { loadEpisode, readStepComponents } from '../datasets/load-episode';
import { loadGroundTruth } from '../evaluation/load-ground-truth';
import { datasetWithEss, tempDir, TRACE_18 } from '../evaluation/testing/temp-dataset';

const tmp = tempDir('touchstone-steps-');
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe.skipIf(!existsSync(TRACE_18))('the dataset layer and the evaluator read steps through EpisodeFolder (../shared/fixtures absent → skipped)', () => {
  const ESS = { 2: 'activity<0>|exact<1>', 4: 'activity<0>|exact<6>' };

  it('both call the step reader for the annotated steps', async () => {
    const { root } = datasetWithEss(tmp, ESS);
    const calls = { components: vi.spyOn(EpisodeFolder.prototype, 'components'), ess: vi.spyOn(EpisodeFolder.prototype, 'ess'), activity: vi.spyOn(EpisodeFolder.prototype, 'activity') };
    try {
      await loadEpisode(root, 'trace_18');
      const byDataset = Object.fromEntries(Object.entries(calls).map(([k, s]) => [k, s.mock.calls.map((c) => c[0])]));
      for (const s of Object.values(calls)) s.mockClear();
      await loadGroundTruth(root, 'trace_18');
      const byEvaluator = Object.fromEntries(Object.entries(calls).map(([k, s]) => [k, s.mock.calls.map((c) => c[0])]));
      // The dataset reads every step; the evaluator only the annotated ones (2 and 4), through the same methods.
      expect(byDataset).toEqual({ components: [0, 1, 2, 3, 4], ess: [2, 4], activity: [0, 1, 2, 3, 4] });
      expect(byEvaluator).toEqual({ components: [2, 4], ess: [2, 4], activity: [2, 4] });
    } finally {
      for (const s of Object.values(calls)) s.mockRestore();
    }
  });

  it('they read the same values', async () => {
    const { root } = datasetWithEss(tmp, ESS);
    const ep = await loadEpisode(root, 'trace_18');
    const gt = await loadGroundTruth(root, 'trace_18');
    expect(gt.id).toBe(ep.id);
    expect(gt.nsteps).toBe(ep.steps.length);
    for (const s of gt.states) {
      const step = ep.steps[s.step]!;
      expect(s.ess).toEqual(step.ess);
      expect(s.components).toEqual(step.components);
      expect(s.activity).toBe(step.activity);
      expect(s.screenSize).toEqual({ width: 1080, height: 2400 });
    }
  });

  it('a damaged file is the same located problem for both', async () => {
    const { root, episodeDir } = datasetWithEss(tmp, ESS);
    writeFileSync(path.join(episodeDir, '2.json'), '[{"id": 0, "class": ');
    rmSync(path.join(episodeDir, '4.activity'));
    mkdirSync(path.join(episodeDir, '4.activity'));
    const ep = await loadEpisode(root, 'trace_18');
    const gt = await loadGroundTruth(root, 'trace_18');
    const json = ep.problems.find((p) => p.file === 'trace_18/2.json');
    const act = ep.problems.find((p) => p.file === 'trace_18/4.activity');
    expect(json).toMatchObject({ severity: 'error', step: 2 });
    expect(act?.message).toContain('it is a folder, not a file');
    expect(gt.problems.some((p) => p.startsWith('trace_18/2.json') && p.includes(json!.message))).toBe(true);
    expect(gt.problems.some((p) => p.startsWith('trace_18/4.activity') && p.includes(act!.message))).toBe(true);
    expect((await readStepComponents(root, 'trace_18', 2)).problems[0]?.message).toBe(json!.message);
  });

  it('a FIFO planted in an episode cannot hang either reader; links are followed by the evaluator', async () => {
    const { root, episodeDir } = datasetWithEss(tmp, ESS);
    renameSync(path.join(episodeDir, '2.ess'), path.join(episodeDir, 'real-2.ess'));
    symlinkSync(path.join(episodeDir, 'real-2.ess'), path.join(episodeDir, '2.ess'));
    rmSync(path.join(episodeDir, '4.activity'));
    if (spawnSync('mkfifo', [path.join(episodeDir, '4.activity')]).status !== 0) return; // no mkfifo: nothing to show
    const ep = await loadEpisode(root, 'trace_18');
    const gt = await loadGroundTruth(root, 'trace_18');
    expect(ep.problems.find((p) => p.file === 'trace_18/4.activity')?.message).toContain('not a regular file');
    expect(gt.problems.some((p) => p.startsWith('trace_18/4.activity') && p.includes('not a regular file'))).toBe(true);
    expect(gt.states.map((s) => s.step)).toEqual([2, 4]);
    expect(ep.steps[2]?.ess?.raw).toBe(ESS[2]);
  });
});
