import { describe, it, expect } from 'vitest';
import type { EssentialState, ExecAction } from '../model';
import { parseEss } from '../formats/ess';
import { evaluateEssentialStates } from './sequencer';
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

describe('sequencer', () => {
  it.each([
    { name: 'in order', steps: [exec(0, 'p/.X'), exec(1, A), exec(2, B, { kind: 'type', text: 'Hi, There', screen })], done: true, progress: 1, at: [1, 2] },
    { name: 'B before A', steps: [exec(0, B, { kind: 'type', text: 'Hi, There', screen }), exec(1, A)], done: false, progress: 0.5, at: [1, undefined] },
    { name: 'both on one step is not enough (states need distinct steps)', steps: [exec(0, A)], done: false, progress: 0.5, at: [0, undefined] },
    { name: 'empty trace', steps: [], done: false, progress: 0, at: [undefined, undefined] },
  ])('$name', ({ steps, done, progress, at }) => {
    const r = evaluateEssentialStates(states, trace(...steps), createMatchServices());
    expect(r.completed).toBe(done);
    expect(r.progress).toBe(progress);
    expect(r.states.map((s) => s.execStep)).toEqual(at);
  });

  it('explains the closest step of a missing state with every item verdict', () => {
    const r = evaluateEssentialStates(states, trace(exec(0, A), exec(1, B, { kind: 'type', text: 'hi, there', screen })), createMatchServices());
    expect(r.reason).toMatch(/^State 2 of 2 \(ground-truth step 3, activity<0>\|type<Hi, There>\) was not found after execution step 0; closest is step 1, where type<Hi, There> failed: Typed "hi, there", expected "Hi, There"\./);
    expect(r.states[1]!.items.map((i) => [i.kind, i.status])).toEqual([['activity', 'pass'], ['type', 'fail']]);
  });

  it('an episode without annotations is not completed', () => {
    expect(evaluateEssentialStates([], trace(exec(0, A)), createMatchServices()).reason).toMatch(/no annotated essential states/);
  });
});
