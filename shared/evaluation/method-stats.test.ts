import { describe, expect, it } from 'vitest';
import type { EvalCell, EvalTask } from '../contract/evaluation';
import { methodStats, pairedAgents, pairedMethods } from './method-stats';

const task = (episode: string): EvalTask => ({ episode, category: 'c', nsteps: 3, app: 'x', description: '', difficulty: 'easy (<=4)', path: episode });
const cell = (episode: string, agent: string, essential: boolean, stepwise: boolean): EvalCell => ({ episode, agent, verdicts: { essential, legacy: essential, stepwise, lcs: essential } });
const eps = ['1', '2', '3', '4'];
const o = {
  agents: ['a', 'b'], tasks: eps.map(task),
  // a: essential ✓✓✓✗, step-wise ✗✗✗✗; b: essential ✗ everywhere.
  cells: [...eps.map((e, i) => cell(e, 'a', i < 3, false)), ...eps.map((e) => cell(e, 'b', false, false))],
  human: { a: { '1': true, '2': false, '3': false, '4': true } },
};

describe('method table figures', () => {
  it('every rate with n and its Wilson interval, false accepts, false rejects and leniency', () => {
    const x = methodStats(o, 'a', 'essential');
    expect(x).toMatchObject({ n: 4, labelled: 4, fa: 2, fr: 1, leniency: 2 / 3 });
    expect(x.tcr).toMatchObject({ k: 3, n: 4, rate: 0.75 });
    expect(x.accuracy).toMatchObject({ k: 1, n: 4 });
    expect(x.precision).toMatchObject({ k: 1, n: 3 });
    expect(x.recall).toMatchObject({ k: 1, n: 2 });
    // No labels: no rate and no interval, never "0 %".
    expect(methodStats(o, 'b', 'essential').accuracy).toEqual({ k: 0, n: 0 });
    expect(methodStats(o, 'b', 'essential').fa).toBeUndefined();
  });
  it('paired tests between agents and between methods on the same episodes', () => {
    const [ab, ...rest] = pairedAgents(o);
    expect(rest).toEqual([]);
    expect(ab).toMatchObject({ a: 'a', b: 'b', rateA: 0.75, rateB: 0, test: { b: 3, c: 0, paired: 4, method: 'exact' } });
    expect(ab!.test.p).toBeCloseTo(0.25, 12);
    const m = pairedMethods(o, 'a');
    expect(m.map((p) => [p.b, p.test.b, p.test.c])).toEqual([['legacy', 0, 0], ['stepwise', 3, 0], ['lcs', 0, 0]]);
  });
});
