import { describe, expect, it } from 'vitest';
import { checkReset } from '../../../../electron/core/runner/reset-device';
import { resetProblem } from './ResetChoice';

describe('the reset method in the form', () => {
  it('asks for a snapshot name the core accepts, and nothing for the other methods', () => {
    expect(resetProblem({ method: 'snapshot', snapshot: ' ' })).toBe("Reset: give the snapshot's name (e.g. clean).");
    expect(resetProblem({ method: 'snapshot', snapshot: 'a b' })).toMatch(/letters, digits.*got "a b"/);
    expect(resetProblem({ method: 'snapshot', snapshot: 'clean-1' })).toBeNull();
    expect(checkReset({ method: 'snapshot', snapshot: 'clean-1' })).toEqual({ method: 'snapshot', snapshot: 'clean-1' });
    for (const method of ['task', 'clear-app', 'home', 'none'] as const) {
      expect(resetProblem({ method })).toBeNull();
      expect(checkReset({ method })).toEqual({ method });
    }
  });
});
