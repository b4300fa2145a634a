import { describe, expect, it } from 'vitest';
import { calibrationHtml, judgeCalibration, type JudgeVote } from './judge-calibration';

const v = (judge: string, episode: string, completed: boolean | undefined, human: boolean | undefined, extra: Partial<JudgeVote> = {}): JudgeVote => ({ judge, episode, agent: 'a', human, ...(completed !== undefined ? { completed } : {}), ...extra });

describe('judge calibration', () => {
  it('per judge: confusion against the labels, leniency, needs-a-human rate, tokens and cost per trajectory', () => {
    const votes = [
      // model m1: 2 true accepts, 2 false accepts, 1 false reject, 1 true reject.
      v('m1', 'e1', true, true, { tokens: 100, costUsd: 0.001 }), v('m1', 'e2', true, true, { tokens: 300, costUsd: 0.003 }),
      v('m1', 'e3', true, false, { tokens: 200 }), v('m1', 'e4', true, false), v('m1', 'e5', false, true), v('m1', 'e6', false, false),
      // the pair: left two to a human, one unlabelled.
      v('pair', 'e1', true, true), v('pair', 'e2', undefined, true, { needsHuman: true }), v('pair', 'e3', undefined, false, { needsHuman: true }), v('pair', 'e7', false, undefined),
    ];
    const [m1, pair] = judgeCalibration(votes);
    expect(m1).toMatchObject({ judge: 'm1', trajectories: 6, labelled: 6, confusion: { tp: 2, fp: 2, fn: 1, tn: 1 }, leniency: 2 / 3, tokensPerTrajectory: 200, costPerTrajectory: 0.002 });
    expect(m1!.accuracy).toMatchObject({ k: 3, n: 6, rate: 0.5 });
    expect(m1!.needsHuman).toMatchObject({ k: 0, n: 6, rate: 0 });
    expect(pair).toMatchObject({ trajectories: 4, labelled: 1, confusion: { tp: 1, fp: 0, fn: 0, tn: 0 } });
    expect(pair!.leniency).toBeUndefined();
    expect(pair!.needsHuman).toMatchObject({ k: 2, n: 4, rate: 0.5 });
    const html = calibrationHtml([m1!, pair!], (s) => s);
    expect(html).toContain('<td>m1</td><td>6</td><td>6</td><td>2</td><td>2</td><td>1</td><td>1</td>');
    expect(html).not.toContain('n=0');
    expect(calibrationHtml([], (s) => s)).toBe('');
  });
});
