import { describe, it, expect } from 'vitest';
import type { EssentialState, ExecAction } from '../model';
import { parseEss } from '../formats/ess';
import { evaluateEssentialStates } from './sequencer';
import { FINAL_STATE_LABEL } from './final-state';
import { createMatchServices } from './services';
import type { ExecStepInput, GtStateInput, TraceInput } from './types';

// Constructed cases on activity/type items only (no screens needed): ordering, progress, reasons.
const ess = (line: string): EssentialState => {
  const r = parseEss(line, 'x.ess');
  if (!r.ok) throw new Error(line);
  return r.value;
};
const gt = (step: number, line: string, activity: string): GtStateInput => ({ step, ess: ess(line), components: [], activity });
const screen = { width: 1080, height: 2400 };
const exec = (index: number, activity: string, action: ExecAction = { kind: 'back', screen }): ExecStepInput => ({ index, activity, action });
const trace = (...steps: ExecStepInput[]): TraceInput => ({ episode: 'e', steps, problems: [] });
const A = 'p/.A';
const B = 'p/.B';
const states = [gt(1, 'activity<0>', A), gt(3, 'activity<0>|type<Hi, There>', B)];

const DONE: ExecAction = { kind: 'complete', screen };

describe('sequencer (annotated states only: final convention none)', () => {
  it.each([
    { name: 'in order', steps: [exec(0, 'p/.X'), exec(1, A), exec(2, B, { kind: 'type', text: 'Hi, There', screen })], done: true, progress: 1, at: [1, 2] },
    { name: 'B before A', steps: [exec(0, B, { kind: 'type', text: 'Hi, There', screen }), exec(1, A)], done: false, progress: 0.5, at: [1, undefined] },
    { name: 'both on one step is not enough (states need distinct steps)', steps: [exec(0, A)], done: false, progress: 0.5, at: [0, undefined] },
    { name: 'empty trace', steps: [], done: false, progress: 0, at: [undefined, undefined] },
  ])('$name', ({ steps, done, progress, at }) => {
    const r = evaluateEssentialStates(states, trace(...steps), createMatchServices(), { final: 'none' });
    expect(r.completed).toBe(done);
    expect(r.progress).toBe(progress);
    expect(r.states.map((s) => s.execStep)).toEqual(at);
  });

  it('explains the closest step of a missing state with every item verdict', () => {
    const r = evaluateEssentialStates(states, trace(exec(0, A), exec(1, B, { kind: 'type', text: 'hi, there', screen })), createMatchServices(), { final: 'none' });
    expect(r.reason).toMatch(/^State 2 of 2 \(ground-truth step 3, activity<0>\|type<Hi, There>\) was not found after execution step 0; closest is step 1 \(1 of 2 items hold\), where type<Hi, There> failed: Typed "hi, there", expected "Hi, There"\./);
    expect(r.states[1]!.items.map((i) => [i.kind, i.status])).toEqual([['activity', 'pass'], ['type', 'fail']]);
  });

  it('an episode without annotations is not completed', () => {
    expect(evaluateEssentialStates([], trace(exec(0, A)), createMatchServices()).reason).toMatch(/no annotated essential states/);
  });
});

describe('sequencer: implicit final state (the agent declares the task complete)', () => {
  // Activity-only states, so legacy mode (which truncates typed text) gives the same verdicts.
  const two = [gt(1, 'activity<0>', A), gt(3, 'activity<0>', B)];
  const reach = [exec(0, 'p/.X'), exec(1, A), exec(2, B)];
  it.each([
    { name: 'completion declared after the last state', steps: [...reach, exec(3, B, DONE)], done: true, progress: 1, at: [1, 2, 3] },
    { name: 'completion declared on a later screen after a detour', steps: [...reach, exec(3, A), exec(4, 'p/.Z', DONE)], done: true, progress: 1, at: [1, 2, 4] },
    { name: 'never declared', steps: reach, done: false, progress: 2 / 3, at: [1, 2, undefined] },
    { name: 'declared impossible', steps: [...reach, exec(3, B, { kind: 'impossible', screen })], done: false, progress: 2 / 3, at: [1, 2, undefined] },
    { name: 'declared complete before the last state only', steps: [exec(0, A), exec(1, 'p/.X', DONE), exec(2, B)], done: false, progress: 2 / 3, at: [0, 2, undefined] },
    { name: 'an annotated state missing: final not searched', steps: [exec(0, B), exec(1, A, DONE)], done: false, progress: 1 / 3, at: [1, undefined, undefined] },
  ])('$name', ({ steps, done, progress, at }) => {
    for (const mode of ['fixed', 'legacy'] as const) {
      const r = evaluateEssentialStates(two, trace(...steps), createMatchServices({ mode }));
      expect(r.final).toBe('complete');
      expect(r.completed).toBe(done);
      expect(r.progress).toBeCloseTo(progress);
      expect(r.states.map((s) => s.execStep)).toEqual(at);
      expect(r.states[2]).toMatchObject({ implicit: 'complete', ess: FINAL_STATE_LABEL });
    }
  });

  it('the declaration may be the action of the step that reached the last state', () => {
    const r = evaluateEssentialStates([gt(1, 'activity<0>', A)], trace(exec(0, B), exec(1, A, DONE)), createMatchServices());
    expect(r.completed).toBe(true);
    expect(r.states[1]!.items[0]!.sentence).toBe('The agent declared the task complete at execution step 1.');
  });

  it('names the missing completion and the step it was expected after', () => {
    const r = evaluateEssentialStates(two, trace(...reach), createMatchServices());
    expect(r.reason).toBe('State 3 of 3 (the implicit final state) was not reached: The agent never declared the task complete after step 2 (where the last annotated state was reached): no STATUS_TASK_COMPLETE action at or after it.');
    expect(r.states[2]!.items[0]).toMatchObject({ kind: 'complete', status: 'fail', evidence: { expected: 'STATUS_TASK_COMPLETE at or after execution step 2', actual: 'no completion declared' } });
    const imp = evaluateEssentialStates(two, trace(...reach, exec(3, B, { kind: 'impossible', screen })), createMatchServices());
    expect(imp.reason).toMatch(/declared the task impossible at execution step 3/);
  });

  it('a layout without completion signal: the end of the trace is the claim, said in the evidence', () => {
    const note = 'This layout records no completion signal.';
    const r = evaluateEssentialStates(two, { ...trace(...reach, exec(3, A)), noCompletionSignal: note }, createMatchServices());
    expect(r.completed).toBe(true);
    expect(r.states[2]!.execStep).toBe(3);
    expect(r.states[2]!.items[0]!.sentence).toBe(`${note} The end of the trace (execution step 3) counts as the agent's claim that the task is complete.`);
  });

  it('final convention none reports no final state', () => {
    const r = evaluateEssentialStates(two, trace(...reach), createMatchServices(), { final: 'none' });
    expect([r.completed, r.states.length, r.final]).toEqual([true, 2, 'none']);
  });
});
