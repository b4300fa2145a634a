import { describe, it, expect } from 'vitest';
import { compileSafePattern, firstNumber, PATTERN_LIMITS, patternForText, testSafePattern } from './safe-pattern';

describe('safe pattern subset', () => {
  it.each([
    ['\\d{1,2}:\\d{2}', '17:58', true],
    ['\\d{1,2}:\\d{2}( ?[ap]m)?', '12:30 pm', true],
    ['[\\d ]+ ₽', '2 500 ₽', true],
    ['.*min ago', '5 min ago', true],
    ['\\d+', '12a', false],
  ])('%s on "%s" -> %s (anchored to the whole text)', (p, text, want) => {
    const c = compileSafePattern(p);
    expect(c.ok).toBe(true);
    if (c.ok) expect(testSafePattern(c.re, text)).toBe(want);
  });

  it.each([
    ['(a+)+', /nested/], ['(\\d*)*x', /nested/], ['((a+))+', /nested/], ['(?:a|b)', /reserves/], ['a<b', /reserves/],
    ['.*.*.*x', /backtracking/], ['\\d{0,99}\\d{0,99}\\d{0,99}\\d{0,99}', /backtracking/], ['(a)\\1', /backreference/],
    ['(?<!a)b', /lookaround/], ['x'.repeat(PATTERN_LIMITS.maxPatternLength + 1), /longer than/], ['(a', /never closed/], ['[a', /never closed/], ['+a', /nothing to repeat/],
  ])('refuses %s', (p, why) => {
    const c = compileSafePattern(p);
    expect(c.ok).toBe(false);
    if (!c.ok) expect(c.reason).toMatch(why);
  });

  it('the worst accepted patterns stay fast on adversarial texts of the length limit', () => {
    const text = '1'.repeat(PATTERN_LIMITS.maxTextLength - 1) + '!';
    for (const p of ['\\d*\\d*x', '.*\\d+x', '\\d?\\d?\\d*\\d+y', '[0-9]+[0-9]+ ?₽']) {
      const c = compileSafePattern(p);
      expect(c.ok, p).toBe(true);
      if (!c.ok) continue;
      const t0 = performance.now();
      expect(testSafePattern(c.re, text)).toBe(false);
      expect(performance.now() - t0, p).toBeLessThan(200);
    }
    expect(testSafePattern(/^(?:.*)$/u, 'x'.repeat(PATTERN_LIMITS.maxTextLength + 1))).toBe(false);
  });

  it('makes patterns for dynamic texts and reads first numbers', () => {
    expect(patternForText('17:52')).toBe('\\d{1,3}:\\d{1,3}');
    expect(patternForText('2 500 ₽')).toBe('\\d{1,2} \\d{1,4} ₽');
    expect(patternForText('Done')).toBeNull();
    expect(firstNumber('2 500 ₽')).toBe(2500);
    expect(firstNumber('Total: 1,234.50 USD')).toBe(1234.5);
    expect(firstNumber('none')).toBeNull();
  });
});
