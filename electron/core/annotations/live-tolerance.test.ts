import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { liveToleranceCheck } from './live-tolerance';

// Read in place: the checks only read the episode (an item not in the saved line is added in memory).
const EPISODES = resolve(import.meta.dirname, '..', '..', '..', '..', 'shared', 'fixtures', 'llamatouch', 'episodes');
const have = existsSync(resolve(EPISODES, 'trace_18'));

describe.skipIf(!have)(`the live check of an exact item's tolerant forms on trace_18${have ? '' : ' (skipped: ../shared/fixtures is absent)'}`, () => {
  it('an item under edit (exact<5>, the "505" gems counter) is judged as exact, text, regex and exact_on against the own, cut and no-op traces', async () => {
    const r = await liveToleranceCheck(EPISODES, 'trace_18', 2, 'exact<5>');
    expect(r.note).toBeUndefined();
    expect(r.choices.map((c) => c.line)).toEqual(['exact<5>', 'text<5>', 'regex<5:\\d{1,4}>', 'exact_on<5:text>']);
    // With the saved activity and click items beside it, every choice passes the recording and
    // fails the cut (steps 0-1) and no-op traces: each is strict enough here.
    for (const c of r.choices) expect([c.choice, c.own.passed, c.cut?.passed, c.noop.passed]).toEqual([c.choice, true, false, false]);
    expect(r.choices[0]!.cut!.reason).toBeTruthy();
  }, 120_000);

  it('an item of the saved line (exact<1>, an icon without text) is replaced in place: exact and exact_on only', async () => {
    const r = await liveToleranceCheck(EPISODES, 'trace_18', 2, 'exact<1>');
    expect(r.choices.map((c) => c.choice)).toEqual(['exact', 'exact_on']);
    expect(r.choices.every((c) => c.own.passed)).toBe(true);
  }, 120_000);

  it('says why when there is nothing to compare', async () => {
    expect((await liveToleranceCheck(EPISODES, 'trace_18', 2, 'fuzzy<5>')).note).toMatch(/Only an exact<n> item/);
    expect((await liveToleranceCheck(EPISODES, 'trace_18', 3, 'exact<5>')).note).toMatch(/Step 3 has no saved annotation/);
  }, 120_000);
});
