import { describe, expect, it } from 'vitest';
import type { TaskEntry } from '../../../shared/contract';
import { ANY_TASK, matchesQueue, queueFacets } from './queue-filter';

const task = (p: Partial<TaskEntry>): TaskEntry => ({ episode: '1', category: 'general', path: 'general/trace_1', description: '', nsteps: 5, app: 'Maps', status: 'none', annotatedSteps: 0, errors: 0, problems: [], ...p });
const tasks = [
  task({ path: 'a', app: 'Maps', category: 'general', nsteps: 3 }),
  task({ path: 'b', app: 'Duolingo', category: 'googleapps', nsteps: 9, status: 'annotated' }),
  task({ path: 'c', app: 'Maps', category: 'install', nsteps: 12, stepsOnDisk: 7 }),
];
const pick = (f: Partial<typeof ANY_TASK>, reviews = {}) => tasks.filter((t) => matchesQueue(t, { ...ANY_TASK, ...f }, reviews)).map((t) => t.path);

describe('the annotation queue filters', () => {
  it('filter by app, category, status and step count together', () => {
    expect(pick({})).toEqual(['a', 'b', 'c']);
    expect(pick({ app: 'Maps' })).toEqual(['a', 'c']);
    expect(pick({ category: 'install' })).toEqual(['c']);
    expect(pick({ app: 'Maps', status: 'none', maxSteps: 5 })).toEqual(['a']);
    expect(pick({ minSteps: 8 })).toEqual(['b']); // c has 7 steps on disk, though the index says 12
    expect(pick({ minSteps: 4, maxSteps: 9 })).toEqual(['b', 'c']);
    expect(pick({ status: 'annotated' })).toEqual(['b']);
  });

  it('review statuses come from the review file', () => {
    const reviews = { c: { status: 'returned' as const, comment: 'x', at: '' } };
    expect(pick({ status: 'returned' }, reviews)).toEqual(['c']);
    expect(pick({ status: 'reviewed' }, reviews)).toEqual([]);
  });

  it('lists each app and category once with its count, sorted', () => {
    expect(queueFacets(tasks)).toEqual({ apps: [['Duolingo', 1], ['Maps', 2]], categories: [['general', 1], ['googleapps', 1], ['install', 1]] });
  });
});
