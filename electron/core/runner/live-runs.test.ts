import { describe, expect, it } from 'vitest';
import { LiveRuns, sumUsage } from './live-runs';

describe('tokens and cost of a live run', () => {
  it('keeps each episode\'s latest usage and sums the run; cost only once an episode has one', () => {
    const live = new LiveRuns();
    live.begin('j', 'd', 'runs/x');
    expect(live.usage('j', 'a', undefined)).toBeUndefined();
    expect(live.usage('j', 'a', { requests: 1, tokensIn: 100, tokensOut: 10 })).toEqual({ requests: 1, tokensIn: 100, tokensOut: 10 });
    // A later report of the same episode replaces its earlier one; another episode adds to the run.
    expect(live.usage('j', 'a', { requests: 2, tokensIn: 250, tokensOut: 20, costUsd: 0.00066 })).toEqual({ requests: 2, tokensIn: 250, tokensOut: 20, costUsd: 0.00066 });
    expect(live.usage('j', 'b', { requests: 1, tokensIn: 50, tokensOut: 5, costUsd: 0.000140 })).toEqual({ requests: 3, tokensIn: 300, tokensOut: 25, costUsd: 0.0008 });
    expect(live.get('j')?.usage).toEqual({ requests: 3, tokensIn: 300, tokensOut: 25, costUsd: 0.0008 });
    expect(live.usage('nope', 'a', { requests: 1, tokensIn: 1, tokensOut: 1 })).toBeUndefined();
    expect(sumUsage([])).toBeUndefined();
  });
});
