/** A bad `$((...))`; the shell prints it and the command fails. */
export class ArithError extends Error {}

/**
 * mksh arithmetic expansion `$((expr))` on integers: + - * / % with parentheses and
 * unary minus/not, comparisons (< <= > >= == !=) and && ||; names are variables (unset = 0).
 * Throws ArithError with mksh's wording on bad input.
 */
export function evalArith(expr: string, lookup: (name: string) => string): number {
  const tokens = expr.match(/\s*(\d+|[A-Za-z_]\w*|&&|\|\||[<>=!]=|[-+*/%()<>!])/gy)?.map((t) => t.trim()) ?? [];
  if (tokens.join('') !== expr.replace(/\s+/g, '')) throw new ArithError(`${expr}: unexpected character`);
  let k = 0;
  const peek = (): string | undefined => tokens[k];
  const fail = (): never => { throw new ArithError(`${expr}: syntax error`); };
  /** Binary operators from the loosest to the tightest binding. */
  const LEVELS = [['||'], ['&&'], ['==', '!='], ['<', '<=', '>', '>='], ['+', '-'], ['*', '/', '%']];
  const apply = (op: string, a: number, b: number): number => {
    switch (op) {
      case '||': return Number(a !== 0 || b !== 0);
      case '&&': return Number(a !== 0 && b !== 0);
      case '==': return Number(a === b);
      case '!=': return Number(a !== b);
      case '<': return Number(a < b);
      case '<=': return Number(a <= b);
      case '>': return Number(a > b);
      case '>=': return Number(a >= b);
      case '+': return a + b;
      case '-': return a - b;
      case '*': return a * b;
      default:
        if (b === 0) throw new ArithError(`${expr}: zero divisor`);
        return op === '/' ? Math.trunc(a / b) : a % b;
    }
  };
  const level = (i: number): number => {
    if (i === LEVELS.length) return unary();
    let v = level(i + 1);
    while (peek() !== undefined && LEVELS[i].includes(peek()!)) { const op = tokens[k++]; v = apply(op, v, level(i + 1)); }
    return v;
  };
  const unary = (): number => {
    const t = tokens[k++];
    if (t === '-') return -unary();
    if (t === '+') return unary();
    if (t === '!') return Number(unary() === 0);
    if (t === '(') { const v = level(0); if (tokens[k++] !== ')') fail(); return v; }
    if (t !== undefined && /^\d+$/.test(t)) return Number(t);
    if (t !== undefined && /^[A-Za-z_]/.test(t)) { const v = lookup(t).trim(); return v === '' ? 0 : /^-?\d+$/.test(v) ? Number(v) : fail(); }
    return fail();
  };
  if (tokens.length === 0) return 0;
  const v = level(0);
  if (k !== tokens.length) fail();
  return v;
}
