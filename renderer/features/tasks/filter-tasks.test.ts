import { describe, expect, it } from 'vitest';
import type { TaskEntry } from '../../../shared/contract';
import { datasetLevelProblems, filterTasks } from './filter-tasks';

const task = (episode: string, app: string, description: string, status: TaskEntry['status'] = 'none'): TaskEntry => ({
  episode, app, description, status, category: 'general', path: `general/trace_${episode}`, nsteps: 3, annotatedSteps: 0, errors: 0, problems: [],
});
const tasks = [task('18', 'Duolingo', 'Practice pronunciation in French'), task('11', 'Settings', 'Open the settings', 'annotated'), task('12345678901234567890', 'Chrome', 'Search bestbuy.com')];

describe('filterTasks', () => {
  it.each([
    ['', ['18', '11', '12345678901234567890']],
    ['duolingo', ['18']],
    ['DUOLINGO french', ['18']],
    ['duolingo settings', []],
    ['trace_11', ['11']],
    ['annotated', ['11']],
    ['1234567890123', ['12345678901234567890']],
    ['  open   settings ', ['11']],
  ])('%j', (q, ids) => {
    expect(filterTasks(tasks, q).map((t) => t.episode)).toEqual(ids);
  });
});

describe('datasetLevelProblems', () => {
  it('keeps the problems of the index and the root, drops those already on a task row', () => {
    const onTask = { severity: 'error' as const, file: 'llamatouch_task_metadata.tsv', line: 2, message: 'Episode folder general/trace_11 is missing.' };
    const index = { severity: 'error' as const, file: 'llamatouch_task_metadata.tsv', line: 9, message: 'Expected 6 tab-separated columns, found 3.' };
    const root = { severity: 'warning' as const, file: 'llamatouch_task_metadata.tsv', message: '5 of the 6 episode folders the index lists are missing or empty.' };
    const t = { ...tasks[0], problems: [onTask] };
    // The overview carries copies (over the wire), so equal problems count as the same.
    expect(datasetLevelProblems([index, { ...onTask }, root], [t, tasks[1]])).toEqual([index, root]);
    expect(datasetLevelProblems([], [t])).toEqual([]);
  });
});
