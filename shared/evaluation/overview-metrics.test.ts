import { describe, expect, it } from 'vitest';
import type { EvalCell, EvalTask } from '../contract/evaluation';
import { agentChartSvg, agrees, claimMismatch, completionBy, overviewMetrics } from './overview-metrics';

const task = (episode: string, category: string, nsteps: number): EvalTask => ({ episode, category, nsteps, app: 'x', description: '', difficulty: nsteps <= 4 ? 'easy (<=4)' : 'medium (5-8)', path: episode });
const cell = (episode: string, agent: string, essential: boolean, legacy: boolean): EvalCell => ({ episode, agent, verdicts: { essential, legacy, stepwise: false, lcs: essential } });
const o = {
  agents: ['a', 'b'],
  tasks: [task('1', 'general', 3), task('2', 'general', 6), task('3', 'install', 7)],
  cells: [cell('1', 'a', true, true), cell('2', 'a', true, false), cell('3', 'a', false, false), cell('1', 'b', false, false)],
  human: { a: { '1': true, '2': false, '3': true } },
};

describe('overview metrics', () => {
  it('counts false accepts and false rejects apart, per agent and method', () => {
    expect(overviewMetrics(o, 'a', 'essential')).toMatchObject({ n: 3, labelled: 3, confusion: { tp: 1, fp: 1, tn: 0, fn: 1 }, accuracy: 1 / 3, precision: 0.5, recall: 0.5 });
    expect(overviewMetrics(o, 'a', 'legacy')).toMatchObject({ confusion: { tp: 1, fp: 0, tn: 1, fn: 1 }, accuracy: 2 / 3, precision: 1 });
    expect(overviewMetrics(o, 'b', 'essential')).toMatchObject({ n: 1, labelled: 0, tcr: 0 });
    expect(agrees(o.cells[1]!, false)).toBe(false);
    expect(agrees(o.cells[3]!, undefined)).toBeUndefined();
  });
  it('completion by category per agent, and a chart with every method and the human rate', () => {
    expect(completionBy(o, 'essential', 'category')).toEqual([
      { group: 'general', rates: { a: { n: 2, rate: 1 }, b: { n: 1, rate: 0 } } },
      { group: 'install', rates: { a: { n: 1, rate: 0 }, b: { n: 0, rate: 0 } } },
    ]);
    const svg = agentChartSvg(o);
    // Every bar names its n and 95 % Wilson interval (2 of 3: 21%-94%) and draws it as a whisker.
    expect(svg).toContain('<title>a, Essential (fixed): 67% (95% CI 21%–94%, n=3)</title>');
    expect(svg).toContain('<title>a, Essential (legacy): 33% (95% CI 6%–79%, n=3)</title>');
    expect(svg).toContain('<title>a, Human labels: 67% (95% CI 21%–94%, n=3)</title>');
    expect(svg.match(/<line class="ci"/g)).toHaveLength(4 + 1 + 4);
  });
  it('draws no human bar from labels that cover under half of an agent\'s episodes (one label is no rate)', () => {
    const one = { ...o, human: { a: { '1': true } } };
    expect(agentChartSvg(one)).not.toContain('Human labels');
    expect(agentChartSvg({ ...o, human: { a: { '1': true, '2': true } } })).toContain('<title>a, Human labels: 100% (95% CI 34%–100%, n=2)</title>');
  });
  it('claims against verdicts per agent and method: false and missed completions', () => {
    const claimed = (episode: string, agent: string, essential: boolean, claim: EvalCell['claim'], goalReached: boolean): EvalCell => ({ ...cell(episode, agent, essential, essential), claim, goalReached });
    const c = { ...o, cells: [claimed('1', 'a', true, 'complete', true), claimed('2', 'a', false, 'complete', false), claimed('3', 'a', false, 'step-limit', true), claimed('1', 'b', false, 'impossible', true)] };
    expect(overviewMetrics(c, 'a', 'essential')).toMatchObject({ falseCompletions: 1, missedCompletions: 1 });
    expect(overviewMetrics(c, 'b', 'essential')).toMatchObject({ falseCompletions: 0, missedCompletions: 1 });
    // Legacy has no final state: its own verdict is the goal (task 3: not completed by legacy either, so not missed).
    expect(overviewMetrics(c, 'a', 'legacy')).toMatchObject({ falseCompletions: 1, missedCompletions: 0 });
    expect(c.cells.map(claimMismatch)).toEqual([undefined, 'false-completion', 'missed-completion', 'missed-completion']);
    // Cells without a claim (traces evaluated before claims were recorded) count nothing.
    expect(overviewMetrics(o, 'a', 'essential').falseCompletions).toBeUndefined();
  });
});
