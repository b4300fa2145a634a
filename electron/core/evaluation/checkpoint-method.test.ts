import { describe, it, expect, afterAll } from 'vitest';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runEvaluation } from './run-evaluation';
import { tempDir, TRACE_18 } from './testing/temp-dataset';
import { judgeDataset } from '../judge/testing/judge-fixtures';

const tmp = tempDir('touchstone-cp-');
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

// One task for the trace_18 copies: open Duolingo, then (in order) tap Duolingo and START.
const caseFor = (id: string, extra = ''): object => ({
  ID: id, Query: 'Practice pronunciation in French in Duolingo.', 'APP List': ['Duolingo'],
  CheckPoints: { Package: ['com.duolingo'], 'Key phrase': [['Duolingo', 'START'], ...(extra ? [extra] : [])], API: [] },
});

describe.skipIf(!existsSync(TRACE_18))('CheckPoints through runEvaluation on real trace_18 screens (../shared/fixtures absent → skipped)', () => {
  const { root, traces } = judgeDataset(tmp);
  // Dataset-level file for three episodes; "noclaim" has its own file in its folder.
  writeFileSync(path.join(root, 'checkpoints.json'), JSON.stringify([caseFor('full'), caseFor('short'), caseFor('claimed', 'Select the correct image')]));
  writeFileSync(path.join(root, 'ep_noclaim', 'checkpoints.json'), JSON.stringify([caseFor('noclaim', 'la femme')]));

  it.each([1, 2])('scores each run from its action history (jobs=%i): taps hit real elements, packages come from the screens', async (jobs) => {
    const r = await runEvaluation({ datasetRoot: root, tracesRoot: traces, methods: ['essential', 'checkpoints'], mode: 'fixed', jobs, embedder: 'none' });
    const cp = Object.fromEntries(r.outcomes.map((o) => [o.episode, [o.checkpoints?.completed, o.checkpoints?.passed.all, o.checkpoints?.total.all, o.checkpoints?.level1]]));
    expect(cp).toEqual({
      // The sequential group ["Duolingo", "START"] counts one per member hit in order.
      full: [true, 3, 3, 1],
      short: [true, 3, 3, 1],
      // Declared completion instead of tapping START; "Select the correct image" is never tapped.
      claimed: [false, 2, 4, 1],
      // Its own file: "la femme" is on the last screen but never tapped or typed.
      noclaim: [false, 3, 4, 1],
    });
    const claimed = r.outcomes.find((o) => o.episode === 'claimed')!.checkpoints!;
    expect(claimed.evidence.verdicts.map((v) => v.sentence)).toEqual([
      'Package "com.duolingo" is satisfied at step 2.',
      'Key phrase ["Duolingo","START"]: 1 of 2 hit in order (steps 1); "START" is not reached in order.',
      'Key phrase "Select the correct image" fails: "Select the correct image" is in no action.',
    ]);
    expect(claimed.evidence.history).toEqual([
      'step 0: press home', 'step 1: tap "Duolingo"', 'step 2: tap "com.duolingo:id/icon"', 'step 3: declare the task complete',
    ]);
    expect(r.checkpoints![0]).toEqual({ by: 'all', group: 'all', n: 4, level1: 1, level2: (1 + 1 + 2 / 4 + 3 / 4) / 4, passRate: 0.5 });
    expect(r.groups[0]!.methods.checkpoints!.tcr).toBe(0.5);
  });

  it('--checkpoints FILE replaces the dataset file; an episode without a test case has no verdict and is told where to write one', async () => {
    const file = path.join(tmp, 'only-full.json');
    writeFileSync(file, JSON.stringify([caseFor('full')]));
    const r = await runEvaluation({ datasetRoot: root, tracesRoot: traces, methods: ['checkpoints'], mode: 'fixed', jobs: 1, embedder: 'none', checkpointsFile: file });
    const short = r.outcomes.find((o) => o.episode === 'short')!;
    expect(short.checkpoints!.completed).toBeUndefined();
    expect(short.checkpoints!.reason).toMatch(/^No CheckPoints for episode short: write a Mobile-Bench test case with ID short in .*ep_short\/checkpoints\.json or pass --checkpoints FILE\.$/);
    expect(r.rows.find((x) => x.episode === 'short')!.completed.checkpoints).toBeUndefined();
    // full from the file, noclaim from its own folder; the two others are not annotated.
    expect(r.groups[0]!.methods.checkpoints!.n).toBe(2);
  });

  it('a broken CheckPoints file is a warning naming it; the run goes on', async () => {
    const file = path.join(tmp, 'broken.json');
    writeFileSync(file, '[{"ID": "full", "CheckPoints": ');
    const r = await runEvaluation({ datasetRoot: root, tracesRoot: traces, methods: ['essential', 'checkpoints'], mode: 'fixed', jobs: 1, embedder: 'none', checkpointsFile: file });
    expect(r.warnings.join('\n')).toMatch(/broken\.json: Not valid JSON/);
    expect(r.outcomes.find((o) => o.episode === 'full')!.essential!.completed).toBe(true);
  });
});
