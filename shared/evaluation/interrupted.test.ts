import { describe, expect, it } from 'vitest';
import type { EvalCell } from '../contract/evaluation';
import type { AgentClaim } from './claims';
import { methodStats, nSentence } from './method-stats';
import { methodMetrics, summarise, type EpisodeRow } from './metrics';
import { completionBy, overviewMetrics, type OverviewData } from './overview-metrics';
import { apartLine } from './report';

// A hand-made set of six episodes: 2 completed, 1 failed on its own, 1 stopped at the step limit,
// 1 cancelled and 1 whose device went away (both `interrupted` claims, claims.ts).
const spec: [string, boolean, AgentClaim, boolean | undefined][] = [
  ['1', true, 'complete', true], ['2', true, 'complete', true], ['3', false, 'impossible', false],
  ['4', false, 'step-limit', false], ['5', false, 'interrupted', true], ['6', false, 'interrupted', undefined],
];
const rows: EpisodeRow[] = spec.map(([episode, essential, claim, human]) => ({ episode, category: 'general', nsteps: 3, human, completed: { essential }, reasons: {}, claim }));

describe('interrupted and step-limit episodes are reported apart', () => {
  it('leaves interrupted episodes out of n and every rate by default; step-limit stays in n as a failure', () => {
    const m = methodMetrics(rows, 'essential');
    expect(m.n).toBe(4);
    expect(m.tcr).toBe(2 / 4);
    expect(m.apart).toEqual({ interrupted: 2, stepLimit: 1, interruptedCounted: false });
    // The labelled interrupted episode (5: human ✓, verdict ✗) is not a false reject of the method.
    expect(m.labelled).toBe(4);
    expect(m.confusion).toEqual({ tp: 2, fp: 0, tn: 2, fn: 0 });
  });
  it('counts them as failures when the user says so (--count-interrupted)', () => {
    const m = methodMetrics(rows, 'essential', { countInterrupted: true });
    expect(m.n).toBe(6);
    expect(m.tcr).toBe(2 / 6);
    expect(m.apart).toEqual({ interrupted: 2, stepLimit: 1, interruptedCounted: true });
    expect(m.confusion).toEqual({ tp: 2, fp: 0, tn: 2, fn: 1 });
  });
  it('says so in one line of the CLI summary, and nothing when no episode is apart', () => {
    expect(apartLine(summarise(rows, ['essential']))).toBe('apart: 2 interrupted episode(s) left out of n (--count-interrupted counts them); 1 step-limit episode(s) counted as failures');
    expect(apartLine(summarise(rows, ['essential'], { countInterrupted: true }))).toMatch(/^apart: 2 interrupted episode\(s\) counted as failures/);
    expect(apartLine(summarise(rows.slice(0, 3), ['essential']))).toBe('');
    // Rows without claims (upstream traces) are all counted, as before.
    expect(methodMetrics(rows.map(({ claim: _c, ...r }) => r), 'essential').n).toBe(6);
  });
  it('the view and the reports follow the overview\'s countInterrupted', () => {
    const cells: EvalCell[] = spec.map(([episode, essential, claim]) => ({ agent: 'a', episode, verdicts: { essential }, claim }));
    const o: OverviewData = { agents: ['a'], tasks: spec.map(([episode]) => ({ episode, category: 'general', app: '', description: '', nsteps: 3, difficulty: 'easy (<=4)', path: episode })), cells, human: {} };
    expect(overviewMetrics(o, 'a', 'essential').n).toBe(4);
    expect(overviewMetrics({ ...o, countInterrupted: true }, 'a', 'essential').n).toBe(6);
    expect(methodStats(o, 'a', 'essential').apart).toEqual({ interrupted: 2, stepLimit: 1, interruptedCounted: false });
    expect(methodStats(o, 'a', 'essential').tcr.n).toBe(4);
    expect(nSentence(methodStats(o, 'a', 'essential'))).toBe('4 episode(s) with a verdict, 0 labelled; 2 interrupted left out of n; 1 stopped at the step limit (in n, as failures)');
    expect(completionBy(o, 'essential', 'category')[0]!.rates.a).toEqual({ n: 4, rate: 0.5 });
    expect(completionBy({ ...o, countInterrupted: true }, 'essential', 'category')[0]!.rates.a!.n).toBe(6);
  });
});
