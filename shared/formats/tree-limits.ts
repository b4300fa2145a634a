import type { Problem } from '../model';

/**
 * Limits every parser that builds a view tree enforces, so one hostile or
 * damaged file costs bounded memory and time and becomes a problem naming the
 * file and the limit. Real screens stay far below them: the 60 fixture
 * hierarchies peak at depth 27, 323 nodes and 150 KB.
 */
export const TREE_LIMITS = {
  /** Nesting of views below the root. */
  depth: 128,
  /** Views in one hierarchy. */
  nodes: 20_000,
  /** Characters of one hierarchy file. */
  chars: 32 * 1024 * 1024,
  /** Bracket nesting of a JSON hierarchy (a view list is 4-5 deep). */
  jsonNesting: 64,
} as const;

/** An error problem for a file over one of the limits. */
export function limitProblem(file: string, what: string, limit: number): Problem {
  return {
    severity: 'error',
    file,
    message: `The view hierarchy is too large to read: ${what} (the limit is ${limit.toLocaleString('en')}).`,
    hint: 'This is not a screen a device dumps; re-capture it, or remove the file so the rest of the episode loads.',
  };
}

/** The file's size problem, or null when it is within TREE_LIMITS.chars. */
export function sizeProblem(text: string, file: string): Problem | null {
  return text.length > TREE_LIMITS.chars ? limitProblem(file, `${text.length.toLocaleString('en')} characters`, TREE_LIMITS.chars) : null;
}

/**
 * Deepest nesting of a parsed JSON value (a flat list or object is 1, as its brackets would count),
 * stopping as soon as it passes `limit`. Iterative: JSON.parse itself does not recurse in V8, so a
 * 100,000-deep text parses, and this refuses it before anything recursive (JSON.stringify of a
 * field, structured clone) meets it. Walking the parsed views is about 5x faster than scanning the
 * text's brackets, which was a third of the time to read a view list.
 */
export function jsonNesting(root: unknown, limit: number): number {
  if (root === null || typeof root !== 'object') return 0;
  const values: object[] = [root];
  const depths: number[] = [1];
  let max = 1;
  while (values.length) {
    const v = values.pop()!;
    const d = depths.pop()!;
    if (d > max) {
      max = d;
      if (max > limit) return max;
    }
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const x: unknown = v[i];
        if (x !== null && typeof x === 'object') { values.push(x); depths.push(d + 1); }
      }
    } else {
      for (const k in v) {
        const x: unknown = (v as Record<string, unknown>)[k];
        if (x !== null && typeof x === 'object') { values.push(x); depths.push(d + 1); }
      }
    }
  }
  return max;
}

/**
 * Depth of the deepest node reachable from `roots` through `children`
 * (each node counted once, so cycles end), stopping as soon as it passes
 * `limit`. Iterative: no recursion, memory linear in the node count.
 */
export function treeDepth(roots: readonly number[], children: (i: number) => readonly number[], count: number, limit: number): number {
  const depth = new Int32Array(count).fill(-1);
  const stack: number[] = [];
  for (const r of roots) if (r >= 0 && r < count && depth[r] < 0) { depth[r] = 1; stack.push(r); }
  let max = stack.length ? 1 : 0;
  while (stack.length) {
    const i = stack.pop() as number;
    const d = depth[i] + 1;
    for (const c of children(i)) {
      if (c < 0 || c >= count || depth[c] >= 0) continue;
      depth[c] = d;
      if (d > max) max = d;
      if (max > limit) return max;
      stack.push(c);
    }
  }
  return max;
}

/**
 * Element start tags in an XML text (`<` not followed by `/`, `?` or `!`),
 * counting only until it passes `limit`: a linear scan that refuses a
 * million-view dump before the XML parser builds it.
 */
export function xmlElementCount(text: string, limit: number): number {
  let n = 0;
  for (let i = text.indexOf('<'); i >= 0 && n <= limit; i = text.indexOf('<', i + 1)) {
    const c = text.charCodeAt(i + 1);
    if (c !== 0x2f && c !== 0x3f && c !== 0x21) n++;
  }
  return n;
}

/** Clips a message (e.g. a validator's list of open tags) to `max` characters. */
export function clip(message: string, max = 300): string {
  return message.length <= max ? message : `${message.slice(0, max)}… (${(message.length - max).toLocaleString('en')} more characters)`;
}
