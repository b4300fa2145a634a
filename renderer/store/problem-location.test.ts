import { describe, expect, it } from 'vitest';
import type { TaskEntry } from '../../shared/contract';
import { stepOfFile, taskOfFile } from './problem-location';

const task = (path: string): TaskEntry => ({ episode: path, category: '', path, description: '', nsteps: 1, app: '', status: 'none', annotatedSteps: 0, errors: 0, problems: [] });
const tasks = [task('general/trace_1'), task('general/trace_11'), task('general/trace_1/inner')];

describe('taskOfFile / stepOfFile', () => {
  it.each([
    { file: 'general/trace_1/2.ess', task: 'general/trace_1', step: undefined, want: 2 },
    { file: 'general/trace_11/0.png', task: 'general/trace_11', step: undefined, want: 0 },
    { file: 'general/trace_1/inner/3_drawed.png', task: 'general/trace_1/inner', step: undefined, want: 3 },
    { file: 'general/trace_1/eventStructs.txt', task: 'general/trace_1', step: 4, want: 4 },
    { file: 'general/trace_1', task: 'general/trace_1', step: undefined, want: undefined },
    { file: 'general/trace_10/0.png', task: null, step: undefined, want: 0 },
    { file: 'llamatouch_task_metadata.tsv', task: null, step: undefined, want: undefined },
  ])('$file', ({ file, task: want, step, want: wantStep }) => {
    expect(taskOfFile(tasks, file)?.path ?? null).toBe(want);
    expect(stepOfFile(file, step)).toBe(wantStep);
  });
});
