import { describe, expect, it } from 'vitest';
import type { RunEpisodeEvent, RunStepEvent } from '../../../shared/contract/run';
import { addSteps, applyLiveEvents, type LiveRunState } from './run-store';

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

  it('applies steps, finished episodes and progress of one batch in their order', () => {
    const ended = (device: string, episode: string): RunEpisodeEvent => ({ jobId: 'j', device, episode } as unknown as RunEpisodeEvent);
    const r = applyLiveEvents(empty(), [
      { step: step('a', 'demo01', 0) }, { step: step('b', 'demo15', 0) },
      { episode: ended('a', 'demo01') }, { progress: { done: 1, total: 8 } },
      { step: step('a', 'demo13', 0) },
      // b's episode is reported after b already started its next one: b keeps showing the next.
      { step: step('b', 'demo16', 0) }, { episode: ended('b', 'demo15') }, { progress: { done: 2, total: 8 } },
    ]);
    expect(r.steps.map((s) => `${s.device}:${s.episode}`)).toEqual(['a:demo01', 'b:demo15', 'a:demo13', 'b:demo16']);
    expect(r.episodes.map((e) => e.episode)).toEqual(['demo01', 'demo15']);
    expect(r.running).toEqual({ a: 'demo13', b: 'demo16' });
    expect([r.done, r.total]).toEqual([2, 8]);
  });
});
