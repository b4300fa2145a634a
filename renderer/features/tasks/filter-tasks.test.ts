import { describe, expect, it } from 'vitest';
import type { TaskEntry } from '../../../shared/contract';
import { filterTasks } from './filter-tasks';

const task = (episode: string, app: string, description: string, status: TaskEntry['status'] = 'none'): TaskEntry => ({
  episode, app, description, status, category: 'general', path: `general/trace_${episode}`, nsteps: 3, annotatedSteps: 0, errors: 0,
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
