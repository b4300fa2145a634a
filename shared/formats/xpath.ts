import type { VhNode, ViewHierarchy } from '../model';
import { formatBounds } from './bounds';
import { xpathName } from './vh-build';

/** Predicate expression of the supported XPath subset. */
type Expr =
  | { t: 'pos'; n: number }
  | { t: 'cmp'; attr: string; op: '=' | '!='; value: string }
  | { t: 'fn'; fn: 'contains' | 'starts-with'; attr: string; value: string }
  | { t: 'and'; a: Expr; b: Expr }
  | { t: 'or'; a: Expr; b: Expr };
interface Step { deep: boolean; name: string; preds: Expr[] }

const HIERARCHY = -1;
const DOCUMENT = -2;

/** Tokenises and parses an xpath; throws naming the position on unsupported syntax. */
function parseXpath(src: string): Step[] {
  let i = 0;
  const fail = (what: string): never => {
    throw new Error(`Cannot parse xpath ${JSON.stringify(src)} at position ${i}: ${what}. Supported: absolute and // paths, class or * steps, [n], [@attr="v"], contains(), starts-with(), and/or.`);
  };
  const ws = (): void => { while (src[i] === ' ') i++; };
  const name = (): string => {
    const m = /^[A-Za-z_*][\w.$-]*/.exec(src.slice(i));
    if (!m) return fail('expected a name');
    if (m[0].length > 1 && m[0].includes('*')) fail('unexpected *');
    i += m[0].length;
    return m[0];
  };
  const str = (): string => {
    const q = src[i];
    if (q !== '"' && q !== "'") return fail('expected a quoted string');
    const end = src.indexOf(q, i + 1);
    if (end < 0) return fail('unterminated string');
    const v = src.slice(i + 1, end);
    i = end + 1;
    return v;
  };
  const eat = (s: string): boolean => { ws(); if (src.startsWith(s, i)) { i += s.length; return true; } return false; };
  const primary = (): Expr => {
    ws();
    if (eat('(')) { const e = or(); if (!eat(')')) fail('expected )'); return e; }
    if (src[i] === '@') {
      i++;
      const attr = name();
      ws();
      const op = eat('!=') ? '!=' : eat('=') ? '=' : fail('expected = or !=');
      ws();
      return { t: 'cmp', attr, op, value: str() };
    }
    for (const fn of ['contains', 'starts-with'] as const) {
      if (src.startsWith(fn + '(', i)) {
        i += fn.length + 1;
        ws();
        if (src[i] !== '@') fail('expected @attribute');
        i++;
        const attr = name();
        if (!eat(',')) fail('expected ,');
        ws();
        const value = str();
        if (!eat(')')) fail('expected )');
        return { t: 'fn', fn, attr, value };
      }
    }
    const m = /^\d+/.exec(src.slice(i));
    if (m) { i += m[0].length; return { t: 'pos', n: Number(m[0]) }; }
    return fail('expected @attr, a function or a position');
  };
  const kw = (word: string): boolean => {
    ws();
    if (src.startsWith(word, i) && /[\s(@]/.test(src[i + word.length] ?? '')) { i += word.length; return true; }
    return false;
  };
  const and = (): Expr => { let e = primary(); while (kw('and')) e = { t: 'and', a: e, b: primary() }; return e; };
  const or = (): Expr => { let e = and(); while (kw('or')) e = { t: 'or', a: e, b: and() }; return e; };
  const steps: Step[] = [];
  ws();
  if (src[i] !== '/') fail('the path must start with / or //');
  while (i < src.length) {
    let deep: boolean;
    if (src.startsWith('//', i)) { deep = true; i += 2; } else if (src[i] === '/') { deep = false; i++; } else return fail('expected /');
    const step: Step = { deep, name: name(), preds: [] };
    while (eat('[')) {
      step.preds.push(or());
      if (!eat(']')) fail('expected ]');
    }
    ws();
    steps.push(step);
  }
  return steps;
}

function attrValue(n: VhNode, attr: string): string | undefined {
  switch (attr) {
    case 'text': return n.text;
    case 'resource-id': return n.resourceId;
    case 'content-desc': return n.contentDesc;
    case 'class': return n.className;
    case 'package': return n.packageName;
    case 'bounds': return n.attrs.bounds ?? (n.bounds ? formatBounds(n.bounds) : undefined);
    default: return n.attrs[attr];
  }
}

/**
 * Resolves an xpath of the subset UIAutomator2/Appium and upstream's `.ess`
 * use (element names are class names; `node` and `*` match any node) against
 * a parsed hierarchy. Returns matching nodes in document order, [] for no
 * match; throws an Error with the position only on syntax it cannot parse.
 */
export function resolveXpath(vh: ViewHierarchy, xpath: string): VhNode[] {
  const steps = parseXpath(xpath);
  const kids = (id: number): number[] => (id === DOCUMENT ? [HIERARCHY] : id === HIERARCHY ? vh.roots : vh.nodes[id].children);
  const nameOk = (id: number, name: string): boolean =>
    id === HIERARCHY ? name === 'hierarchy' || name === '*' : name === '*' || name === 'node' || xpathName(vh.nodes[id]) === name;
  const test = (e: Expr, id: number, pos: number): boolean => {
    if (e.t === 'pos') return pos === e.n;
    if (e.t === 'and') return test(e.a, id, pos) && test(e.b, id, pos);
    if (e.t === 'or') return test(e.a, id, pos) || test(e.b, id, pos);
    if (id < 0) return false;
    const v = attrValue(vh.nodes[id], e.attr);
    if (v === undefined) return false;
    if (e.t === 'cmp') return e.op === '=' ? v === e.value : v !== e.value;
    return e.fn === 'contains' ? v.includes(e.value) : v.startsWith(e.value);
  };
  // Applies name test and predicates to one parent's children, positions counted per parent as XPath does.
  const select = (group: number[], step: Step): number[] => {
    let cur = group.filter((id) => nameOk(id, step.name));
    for (const p of step.preds) cur = cur.filter((id, k) => test(p, id, k + 1));
    return cur;
  };
  let context: number[] = [DOCUMENT];
  for (const step of steps) {
    const out = new Set<number>();
    for (const ctx of context) {
      const parents = step.deep ? selfAndDescendants(ctx, kids) : [ctx];
      for (const p of parents) for (const id of select(kids(p), step)) out.add(id);
    }
    context = [...out];
  }
  return context.filter((id) => id >= 0).sort((a, b) => a - b).map((id) => vh.nodes[id]);
}

function selfAndDescendants(root: number, kids: (id: number) => number[]): number[] {
  const out: number[] = [];
  const seen = new Set<number>();
  const stack = [root];
  while (stack.length) {
    const id = stack.pop() as number;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(id);
    const k = kids(id);
    for (let j = k.length - 1; j >= 0; j--) stack.push(k[j]);
  }
  return out;
}
