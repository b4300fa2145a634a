/** An expansion the shell refuses (bad arithmetic, `${x:?}`, a string over the size limit): printed, the command fails. */
export class ExpansionError extends Error {
  /** `${x:?}` and resource limits end a non-interactive shell (POSIX 2.8.1); arithmetic errors fail the command. */
  constructor(message: string, readonly fatal = false) { super(message); }
}

/** A bad `$((...))`; the shell prints it and the command fails. */
export class ArithError extends ExpansionError {}

/** mksh's integers are 32-bit signed and wrap around (`$((2147483647 + 1))` is -2147483648), on every Android. */
const wrap = (v: number): number => v | 0;

/**
 * mksh arithmetic expansion `$((expr))` on 32-bit signed integers with wraparound, as Android's mksh does
 * (literals too: 4294967296 is 0); : + - * / % with parentheses and
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
      case '+': return wrap(a + b);
      case '-': return wrap(a - b);
      case '*': return Math.imul(a, b);
      default:
        if (b === 0) throw new ArithError(`${expr}: zero divisor`);
        return wrap(op === '/' ? Math.trunc(a / b) : a % b);
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
    if (t === '-') return wrap(-unary());
    if (t === '+') return unary();
    if (t === '!') return Number(unary() === 0);
    if (t === '(') { const v = level(0); if (tokens[k++] !== ')') fail(); return v; }
    if (t !== undefined && /^\d+$/.test(t)) return int32(t);
    if (t !== undefined && /^[A-Za-z_]/.test(t)) { const v = lookup(t).trim(); return v === '' ? 0 : /^-?\d+$/.test(v) ? int32(v) : fail(); }
    return fail();
  };
  if (tokens.length === 0) return 0;
  const v = level(0);
  if (k !== tokens.length) fail();
  return v;
}

/** A decimal literal reduced to 32 bits, as mksh reads it. */
function int32(text: string): number {
  return Number(BigInt.asIntN(32, BigInt(text)));
}
