/**
 * The limits that keep `regex<n:PATTERN>` patterns (annotation files anyone may hand us) from
 * catastrophic backtracking. A pattern is accepted only in a safe subset, checked before it is
 * compiled; `shared/evaluation/README.md` (Item tolerance) explains the rule.
 */
export const PATTERN_LIMITS = {
  /** Longest pattern accepted, in characters. */
  maxPatternLength: 200,
  /** Longest text a pattern is tried on; a longer text does not match (the verdict says so). */
  maxTextLength: 1000,
  /**
   * Most backtracking a pattern may allow: the product of its quantifiers' spans (how many repeat
   * counts each can try; `*`, `+`, `{n,}` count maxTextLength + 1, `?` 2, `{n,m}` m - n + 1). Two
   * unbounded quantifiers fit (~1e6 tries on a 1000-character text), three do not.
   */
  maxBudget: 1e7,
} as const;

/** A compiled pattern, anchored to the whole text, or why it is refused. */
export type SafePattern = { ok: true; re: RegExp; budget: number } | { ok: false; reason: string };

interface Group { variable: boolean }

/** The span of the quantifier at `i` (0 when there is none) and its length in characters. */
function quantifierAt(p: string, i: number): { span: number; max: number; len: number } {
  const unbounded = PATTERN_LIMITS.maxTextLength + 1;
  const lazy = (n: number): number => (p[i + n] === '?' ? n + 1 : n);
  const c = p[i];
  if (c === '*' || c === '+') return { span: unbounded, max: Infinity, len: lazy(1) };
  if (c === '?') return { span: 2, max: 1, len: lazy(1) };
  if (c === '{') {
    const m = /^\{(\d+)(,(\d*))?\}/.exec(p.slice(i, i + 20));
    if (m) {
      const lo = Number(m[1]);
      const hi = m[2] === undefined ? lo : m[3] === '' ? Infinity : Number(m[3]);
      const span = hi === Infinity ? unbounded : Math.max(1, hi - lo + 1);
      return { span, max: hi, len: lazy(m[0].length) };
    }
  }
  return { span: 0, max: 0, len: 0 };
}

/**
 * Checks a pattern against the safe subset and compiles it anchored (`^(?:PATTERN)$`, unicode):
 * no `|`, `<`, `>` (the `.ess` line reserves them, and without alternation no two branches can
 * overlap), no backreferences or lookarounds, no group repeated more than once whose content
 * repeats (`(a+)+`, `(\d*)*`), and the product of the quantifiers' spans within `maxBudget`.
 */
export function compileSafePattern(pattern: string): SafePattern {
  const no = (reason: string): SafePattern => ({ ok: false, reason: `Pattern "${pattern}" ${reason}` });
  if (pattern === '') return no('is empty.');
  if (pattern.length > PATTERN_LIMITS.maxPatternLength) return no(`is longer than ${PATTERN_LIMITS.maxPatternLength} characters.`);
  const stack: Group[] = [];
  let budget = 1;
  let i = 0;
  while (i < pattern.length) {
    const c = pattern[i]!;
    let atomEnd = i + 1;
    let closed: Group | undefined;
    if (c === '|' || c === '<' || c === '>') return no(`contains "${c}", which the .ess line reserves; write the alternatives as a character class or two items.`);
    if (c === '\\') {
      const n = pattern[i + 1];
      if (n === undefined) return no('ends with a lone backslash.');
      if (/[1-9]/.test(n) || (n === 'k' && pattern[i + 2] === '<')) return no('uses a backreference, which can backtrack without bound.');
      atomEnd = i + 2;
    } else if (c === '[') {
      let j = i + 1;
      if (pattern[j] === '^') j++;
      if (pattern[j] === ']') j++;
      while (j < pattern.length && pattern[j] !== ']') j += pattern[j] === '\\' ? 2 : 1;
      if (j >= pattern.length) return no('has a character class that is never closed with ].');
      atomEnd = j + 1;
    } else if (c === '(') {
      if (/^\(\?(=|!|<=|<!)/.test(pattern.slice(i, i + 4))) return no('uses a lookaround, which the safe subset leaves out.');
      stack.push({ variable: false });
      i += pattern.startsWith('(?:', i) ? 3 : 1;
      continue;
    } else if (c === ')') {
      closed = stack.pop();
      if (!closed) return no('closes a group that was never opened.');
    } else if ('*+?{'.includes(c) && quantifierAt(pattern, i).len > 0) {
      return no(`has a quantifier with nothing to repeat at character ${i + 1}.`);
    }
    const q = quantifierAt(pattern, atomEnd);
    if (q.len > 0) {
      if (closed?.variable && q.max > 1) return no('repeats a group whose content repeats (nested quantifiers backtrack exponentially).');
      if (q.span > 1) {
        budget *= q.span;
        for (const g of stack) g.variable = true;
      }
      if (budget > PATTERN_LIMITS.maxBudget) return no(`allows too much backtracking (more than two unbounded repeats, or repeats whose spans multiply past ${PATTERN_LIMITS.maxBudget}).`);
    } else if (closed?.variable) {
      // A group without its own quantifier passes its content's repeats on to the enclosing group.
      const outer = stack.at(-1);
      if (outer) outer.variable = true;
    }
    i = atomEnd + q.len;
  }
  if (stack.length) return no('opens a group that is never closed.');
  try {
    return { ok: true, re: new RegExp(`^(?:${pattern})$`, 'u'), budget };
  } catch (err) {
    return no(`is not a valid regular expression: ${(err as Error).message}.`);
  }
}

/** Whether `text` matches a compiled pattern; texts longer than the limit never match. */
export function testSafePattern(re: RegExp, text: string): boolean {
  return text.length <= PATTERN_LIMITS.maxTextLength && re.test(text);
}

/**
 * A pattern for a dynamic text (a clock, a price, a count): each run of digits becomes `\d{1,k}`
 * (k: the run's length + 1, at least 2) and everything else is escaped, so "17:52" gives
 * `\d{1,3}:\d{1,3}` and "2 500 ₽" `\d{1,2} \d{1,4} ₽`. Null when the text has no digit or the
 * result would be refused (the reserved characters, too long).
 */
export function patternForText(text: string): string | null {
  const t = text.trim();
  if (!/\d/.test(t)) return null;
  const p = t.split(/(\d+)/).map((part, k) => (k % 2 ? `\\d{1,${Math.max(2, part.length + 1)}}` : part.replace(/[.*+?^${}()[\]\\/-]/g, '\\$&'))).join('');
  return compileSafePattern(p).ok ? p : null;
}

/** The first number in a text: digits with `,` / space / NBSP thousands groups and a `.` decimal part ("2 500 ₽" -> 2500). */
export function firstNumber(text: string): number | null {
  const m = /-?\d{1,3}(?:[ \u00a0\u202f,]\d{3})+(?:\.\d+)?|-?\d+(?:\.\d+)?/u.exec(text);
  return m ? Number(m[0].replace(/[ \u00a0\u202f,]/gu, '')) : null;
}
