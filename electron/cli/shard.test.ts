import { describe, expect, it } from 'vitest';
import { planItems } from '../core/runner/run-agents';
import type { RunTask } from '../core/runner/run-tasks';
import { inShard, parseShard } from './shard';

describe('parseShard (touchstone run and eval)', () => {
  it.each([['1/1', 1, 1], ['1/4', 1, 4], ['4/4', 4, 4], [' 2 / 3 ', 2, 3]])('%s', (s, index, count) => expect(parseShard(s)).toEqual({ index, count }));

  it('refuses 0/n saying that shards count from 1 and what to use instead', () => {
    expect(() => parseShard('0/4')).toThrow('--shard counts from 1: "0/4" names no shard. Use 1/4 for the first shard and 4/4 for the last (add 1 to a 0-based index such as JOB_COMPLETION_INDEX).');
  });

  it.each(['5/4', '0/0', '1/0', '1', 'a/b', '-1/2', '1.5/2', ''])('refuses %j naming the rule', (s) => {
    expect(() => parseShard(s)).toThrow(`--shard must be k/n with 1 <= k <= n (shards count from 1; e.g. 1/4 ... 4/4); got "${s}".`);
  });
});

describe('the n shards partition a list exactly', () => {
  const task = (k: number): RunTask => ({
    episode: `ep${k}`, description: '', app: '', category: 'general', path: `ep${k}`, datasetRoot: '/d', groundTruthDir: `/d/ep${k}`, nsteps: 1, annotated: true, reset: {},
  });

  it.each([[1, 1], [5, 1], [5, 2], [7, 3], [2, 5], [12, 4], [13, 13]])('%i items in %i shards (inShard, as eval picks)', (items, n) => {
    const picks = Array.from({ length: n }, (_, k) => Array.from({ length: items }, (_, i) => i).filter((i) => inShard(i, parseShard(`${k + 1}/${n}`))));
    expect(picks.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: items }, (_, i) => i));
    expect(Math.max(...picks.map((p) => p.length)) - Math.min(...picks.map((p) => p.length))).toBeLessThanOrEqual(1);
  });

  it.each([[6, 1, 2, 2], [5, 2, 1, 3], [4, 3, 2, 5]])('run plan of %i tasks x %i agent(s) x %i repeat(s) in %i shards', (nTasks, nAgents, repeat, n) => {
    const plan = { tasks: Array.from({ length: nTasks }, (_, k) => task(k)), agents: ['replay', 'noop', 'random'].slice(0, nAgents), repeat, out: '/runs' };
    const whole = planItems(plan).map((x) => x.dir);
    expect(new Set(whole).size).toBe(nTasks * nAgents * repeat);
    const parts = Array.from({ length: n }, (_, k) => planItems({ ...plan, shard: parseShard(`${k + 1}/${n}`) }).map((x) => x.dir));
    const seen = parts.flat();
    expect(seen).toHaveLength(whole.length); // no episode twice ...
    expect([...seen].sort()).toEqual([...whole].sort()); // ... and none missing
    // The rule is the same as eval's: shard k takes the positions inShard says.
    parts.forEach((p, k) => expect(p).toEqual(whole.filter((_, i) => inShard(i, { index: k + 1, count: n }))));
  });
});
