import { describe, expect, it } from 'vitest';
import type { DatasetOverview, TaskEntry } from '../../shared/contract';
import type { Problem } from '../../shared/model';
import { datasetWithLoadedProblems, withLoadedProblems } from './task-problems';

const missingPng: Problem = { severity: 'error', file: 'g/t1/1.png', step: 1, message: 'Step 1 has no screenshot.' };
const truncated: Problem = { severity: 'error', file: 'g/t1/3.xml', line: 40, step: 3, message: 'Truncated or malformed XML.' };
const warning: Problem = { severity: 'warning', file: 'g/t1', message: 'The index says 4 steps but 5 were found.' };
const task = (over: Partial<TaskEntry> = {}): TaskEntry => ({
  episode: '1', category: 'g', path: 'g/t1', description: 'd', nsteps: 5, app: 'A', status: 'annotated', annotatedSteps: 2, errors: 0, problems: [], ...over,
});

describe('withLoadedProblems', () => {
  it.each([
    ['nothing new keeps the same entry', task(), [], { status: 'annotated', errors: 0, problems: [] }],
    ['a warning keeps the status', task(), [warning], { status: 'annotated', errors: 0, problems: [warning] }],
    ['an error found on load marks it, annotation count kept', task(), [truncated], { status: 'error', errors: 1, annotatedSteps: 2, problems: [truncated] }],
    ['problems already known are not counted twice', task({ status: 'error', errors: 1, problems: [missingPng] }), [missingPng, truncated], { errors: 2, problems: [missingPng, truncated] }],
    ['an unannotated episode with an error', task({ status: 'none', annotatedSteps: 0 }), [truncated], { status: 'error', annotatedSteps: 0 }],
  ] as const)('%s', (_what, before, loaded, expected) => {
    const after = withLoadedProblems(before, loaded);
    expect(after).toMatchObject(expected);
    if (loaded.length === 0) expect(after).toBe(before);
  });

  it('updates only the loaded task of the dataset, and returns the same dataset when nothing changed', () => {
    const ds: DatasetOverview = { id: 'x', root: '/r', name: 'r', columns: 6, problems: [], tasks: [task(), task({ episode: '2', path: 'g/t2' })] };
    expect(datasetWithLoadedProblems(ds, 'g/t2', [])).toBe(ds);
    expect(datasetWithLoadedProblems(ds, 'g/nope', [truncated])).toBe(ds);
    const next = datasetWithLoadedProblems(ds, 'g/t2', [truncated]);
    expect(next.tasks[0]).toBe(ds.tasks[0]);
    expect(next.tasks[1]).toMatchObject({ status: 'error', errors: 1 });
  });
});
