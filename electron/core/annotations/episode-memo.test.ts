import { describe, expect, it } from 'vitest';
import { EpisodeMemo } from './episode-memo';

describe('EpisodeMemo', () => {
  it('computes once per episode until forgotten, keeps at most max, and never keeps a failure', async () => {
    const memo = new EpisodeMemo<number>(2);
    let runs = 0;
    const f = async () => ++runs;
    expect(await memo.get('/r', 'a', f)).toBe(1);
    expect(await memo.get('/r', 'a', f)).toBe(1);
    memo.forget('/r', 'a');
    expect(await memo.get('/r', 'a', f)).toBe(2);
    await memo.get('/r', 'b', f); // 3
    await memo.get('/r', 'a', f); // a is now the most recent
    await memo.get('/r', 'c', f); // 4: drops b
    expect(await memo.get('/r', 'a', f)).toBe(2);
    expect(await memo.get('/r', 'b', f)).toBe(5);
    await expect(memo.get('/r', 'x', () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    await Promise.resolve();
    expect(await memo.get('/r', 'x', f)).toBe(6);
  });
});
