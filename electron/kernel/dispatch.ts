import { resolve } from 'node:path';
import type { z } from 'zod';
import { CALL_ARGS, CALL_NAMES, isCallName, pathFieldsOf, type CallName, type ContractCalls, type PathFieldRef } from '../../shared/contract';
import { AppError } from './errors';

/**
 * Runs a call that arrived untyped (IPC, HTTP): the name must be a contract
 * call and the arguments a plain object; the validated calls do the rest.
 */
export function dispatchCall(calls: ContractCalls, name: string, args: unknown): Promise<unknown> {
  if (!isCallName(name)) return Promise.reject(new AppError('not-found', `Unknown call '${name}'.`));
  if (typeof args !== 'object' || args === null || Array.isArray(args)) {
    return Promise.reject(new AppError('bad-request', `Arguments of ${name} must be an object, got ${Array.isArray(args) ? 'an array' : typeof args}.`));
  }
  const fn = calls[name as CallName] as (a: unknown) => Promise<unknown>;
  return fn(args);
}

/** Where a relative `host` path is taken from (the first `--root`, else the working directory). */
export interface DispatchOptions {
  hostBase(): string;
}

/**
 * The contract's calls with every argument checked against its schema before the handler sees it:
 * a mismatch is AppError('invalid-argument') naming the field, what was expected and what came.
 * Path fields tagged `host` reach the handler absolute, resolved against `hostBase()`, so no
 * handler resolves a relative path against the working directory by accident.
 */
export function validatedCalls(calls: ContractCalls, opts: DispatchOptions): ContractCalls {
  const out: Record<string, (a: unknown) => Promise<unknown>> = {};
  for (const name of CALL_NAMES) {
    const schema = CALL_ARGS[name] as z.ZodType;
    const hostPaths = pathFieldsOf(schema).filter((f) => f.kind === 'host');
    const handler = calls[name] as (a: unknown) => Promise<unknown>;
    out[name] = async (args: unknown) => {
      const r = schema.safeParse(args ?? {}, { reportInput: true });
      if (!r.success) throw new AppError('invalid-argument', describeIssues(name, r.error.issues));
      const value = r.data as Record<string, unknown>;
      for (const f of hostPaths) mapAt(value, f.at, (p) => resolve(opts.hostBase(), p));
      return handler(value);
    };
  }
  return out as unknown as ContractCalls;
}

/** Replaces the string at `at` (through objects and every element of arrays) with `f` of it, where present. */
function mapAt(obj: unknown, at: PathFieldRef['at'], f: (p: string) => string): void {
  if (typeof obj !== 'object' || obj === null) return;
  const [head, ...rest] = at;
  if (head === '[]') {
    if (Array.isArray(obj)) obj.forEach((el, i) => (rest.length ? mapAt(el, rest, f) : typeof el === 'string' && (obj[i] = f(el))));
    return;
  }
  const o = obj as Record<string, unknown>;
  if (!Object.hasOwn(o, head!)) return;
  if (rest.length) mapAt(o[head!], rest, f);
  else if (typeof o[head!] === 'string') o[head!] = f(o[head!] as string);
}

const MAX_SHOWN = 3;

/** One sentence per problem (at most three): `name: field what-was-expected, got what-came.` */
export function describeIssues(name: string, issues: readonly z.core.$ZodIssue[]): string {
  const lines = issues.slice(0, MAX_SHOWN).map((i) => `${fieldName(i.path)} ${expectation(i)}${i.input === undefined ? ', but it is missing' : `, got ${shown(received(i))}`}.`);
  const more = issues.length > MAX_SHOWN ? ` (and ${issues.length - MAX_SHOWN} more)` : '';
  return `Invalid arguments for ${name}: ${lines.join(' ')}${more}`;
}

function fieldName(path: readonly PropertyKey[]): string {
  if (!path.length) return 'the arguments';
  return path.reduce<string>((s, k) => (typeof k === 'number' ? `${s}[${k}]` : s ? `${s}.${String(k)}` : String(k)), '');
}

function expectation(i: z.core.$ZodIssue): string {
  switch (i.code) {
    case 'invalid_type': return `must be ${i.expected === 'int' ? 'a whole number' : article(i.expected)}`;
    case 'too_small':
      if (i.origin === 'string') return Number(i.minimum) === 1 ? 'must not be empty' : `must have at least ${i.minimum} characters`;
      if (i.origin === 'array') return `needs at least ${i.minimum} item${Number(i.minimum) === 1 ? '' : 's'}`;
      return `must be ${i.inclusive ? '≥' : '>'} ${i.minimum}`;
    case 'too_big':
      if (i.origin === 'int' || i.origin === 'number') return `must be ${i.inclusive ? '≤' : '<'} ${i.maximum}`;
      return `must have at most ${i.maximum} ${i.origin === 'array' ? 'items' : 'characters'}`;
    case 'invalid_value': return `must be one of ${i.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'invalid_union': {
      const options = (i as { options?: unknown[] }).options;
      return options ? `must be one of ${options.map((v) => JSON.stringify(v)).join(', ')}` : 'matches none of the accepted forms';
    }
    default: return i.message;
  }
}

/** What came: for a union told apart by a field, that field's value rather than the whole object. */
function received(i: z.core.$ZodIssue): unknown {
  const d = (i as { discriminator?: string }).discriminator;
  return d && typeof i.input === 'object' && i.input !== null ? (i.input as Record<string, unknown>)[d] : i.input;
}

const article = (t: string): string => (t === 'null' || t === 'undefined' ? t : /^[aeiou]/.test(t) ? `an ${t}` : `a ${t}`);

/** A value as the message shows it: JSON, cut short. */
function shown(v: unknown): string {
  let s: string;
  try {
    s = JSON.stringify(v) ?? String(v);
  } catch {
    s = String(v);
  }
  return s.length > 80 ? `${s.slice(0, 77)}...` : s;
}
