import { describe, expect, it } from 'vitest';
import type { EvalCell, EvalTask } from '../../../shared/contract/evaluation';
import { buildRows, filterRows, NO_FILTER, valuesOf } from './overview-rows';

const task = (episode: string, category: string, nsteps: number, app = 'Duolingo'): EvalTask => ({ episode, category, nsteps, app, description: `task ${episode}`, difficulty: nsteps <= 4 ? 'easy (<=4)' : 'medium (5-8)', path: episode });
const cell = (episode: string, agent: string, essential: boolean, progress: number, reason?: string): EvalCell => ({ episode, agent, verdicts: { essential, stepwise: false }, progress, ...(reason ? { reason } : {}) });

const tasks = [task('1', 'general', 3), task('2', 'googleapps', 6, 'Gmail'), task('3', 'general', 7), task('4', 'general', 2)];
const cells = [cell('1', 'a', true, 1), { ...cell('1', 'b', false, 0.5, 'State 1 of 2 was not found'), claim: 'step-limit' as const, goalReached: true }, { ...cell('2', 'a', false, 0, 'trace ended'), claim: 'complete' as const }, { ...cell('3', 'a', true, 1), claim: 'complete' as const }];
const human = { a: { '1': true, '2': true }, b: { '1': false } };

describe('overview rows', () => {
  const rows = buildRows({ tasks, cells });
  it('lists tasks with any trace, each agent in its slot', () => {
    expect(rows.map((r) => [r.task.episode, Object.keys(r.cells)])).toEqual([['1', ['a', 'b']], ['2', ['a']], ['3', ['a']]]);
  });
  it.each([
    [{ failures: true }, ['1', '2']],
    [{ claims: 'false-completion' as const }, ['2']],
    [{ claims: 'missed-completion' as const }, ['1']],
    [{ disagreements: true }, ['2']],
    [{ category: 'general' }, ['1', '3']],
    [{ difficulty: 'easy (<=4)' }, ['1']],
    [{ app: 'Gmail' }, ['2']],
    [{ query: 'not found' }, ['1']],
    [{ query: 'TASK 3' }, ['3']],
  ])('filter %j', (f, expected) => {
    expect(filterRows(rows, human, { ...NO_FILTER, ...f }, { key: 'task', desc: false }).map((r) => r.task.episode)).toEqual(expected);
  });
  it('sorts by mean progress, failures and steps, stable on ties', () => {
    const ids = (key: 'progress' | 'failures' | 'difficulty', desc = false) => filterRows(rows, human, NO_FILTER, { key, desc }).map((r) => r.task.episode);
    expect(ids('progress')).toEqual(['2', '1', '3']);
    expect(ids('failures', true)).toEqual(['1', '2', '3']);
    expect(ids('difficulty')).toEqual(['1', '2', '3']);
    expect(valuesOf(rows, 'category')).toEqual(['general', 'googleapps']);
  });
});
