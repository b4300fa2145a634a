import { describe, expect, it } from 'vitest';
import type { RunStepEvent } from '../../../shared/contract/run';
import { addSteps, type LiveRunState } from './run-store';

const step = (device: string, episode: string, n: number): RunStepEvent => ({
  jobId: 'j', device, episode, agent: 'replay', repeat: 1, step: n, action: { kind: 'none' } as RunStepEvent['action'], description: `tap ${n}`, url: `/files/${device}/${n}.png`, totalMs: 10, agentMs: 1,
});
const empty = (): LiveRunState => ({ jobId: 'j', status: 'running', out: '', done: 0, total: 0, steps: [], last: {}, episodes: [], running: {} });

describe('live run steps in batches', () => {
  it('adds a batch in one state: the log grows, each device shows its newest step and runs its episode', () => {
    const r = addSteps(addSteps(empty(), [step('a', 'demo01', 0), step('b', 'demo15', 0), step('a', 'demo01', 1)]), [step('b', 'demo16', 0)]);
    expect(r.steps.map((s) => `${s.device}${s.step}`)).toEqual(['a0', 'b0', 'a1', 'b0']);
    expect(r.last.a!.step).toBe(1);
    expect(r.last.b!.episode).toBe('demo16');
    expect(r.running).toEqual({ a: 'demo01', b: 'demo16' });
  });

  it('keeps the newest 2000 steps of a long run', () => {
    let r = empty();
    for (let k = 0; k < 25; k++) r = addSteps(r, Array.from({ length: 100 }, (_, i) => step('a', 'demo01', k * 100 + i)));
    expect(r.steps).toHaveLength(2000);
    expect(r.steps[0]!.step).toBe(500);
    expect(r.last.a!.step).toBe(2499);
  });
});
