/**
 * The root-escape table generated from the contract: every call whose argument schema has a path
 * field (`pathFieldsOf`, shared/contract/arg-schema.ts) is attacked on each of its path fields with
 * every way out of the root, the other arguments filled with valid samples. A call that takes a
 * path is covered the day it is declared; the test counts the attacked calls against the contract.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { z } from 'zod';
import { CALL_ARGS, CALL_NAMES, pathFieldsOf, type CallName, type PathFieldRef, type PathKind } from '../../shared/contract';
import type { EscapeWorld } from './escape-world';
import type { Reply, Transport } from './escape-table';
import type { Tally } from './tally';

/** The calls whose schema has a path field, with their fields. */
export function pathCalls(): Array<{ name: CallName; fields: PathFieldRef[] }> {
  return CALL_NAMES.map((name) => ({ name, fields: pathFieldsOf(CALL_ARGS[name] as z.ZodType) })).filter((c) => c.fields.length > 0);
}

/** Valid values the samples use: ids of what the world opened, and a path of each kind that exists inside the root. */
export interface Samples { datasetId: string; evalId: string }
const VALID_PATH: Record<PathKind, string> = { host: 'evalds', dataset: 'general/ok' };
/** Where a generic sample does not get past a call's own checks before its path is read. */
const OVERRIDES: Partial<Record<CallName, Record<string, unknown>>> = {
  'run:start': { agents: ['noop'], devices: 'all', tasks: 'all' },
  'eval:open': { agents: [{ name: 'clean', path: 'clean-traces' }] },
};

type Def = Record<string, unknown> & { type: string };
const defOf = (s: z.ZodType): Def => s._zod.def as unknown as Def;

/** A valid value of `schema`; optional parts are left out unless `target` (a path field's place) runs through them. */
function sample(schema: z.ZodType, key: string, s: Samples, target: string[] | null): unknown {
  const fields = pathFieldsOf(schema);
  if (fields.length === 1 && fields[0]!.at.length === 0) return VALID_PATH[fields[0]!.kind];
  const d = defOf(schema);
  switch (d.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(d.shape as Record<string, z.ZodType>)) {
        const on = target?.[0] === k ? target.slice(1) : null;
        if (defOf(v).type === 'optional' && !on) continue;
        out[k] = sample(v, k, s, on);
      }
      return out;
    }
    case 'optional': case 'default': case 'readonly': return sample(d.innerType as z.ZodType, key, s, target);
    case 'nullable': return target ? sample(d.innerType as z.ZodType, key, s, target) : null;
    case 'array': return [sample(d.element as z.ZodType, key, s, target?.[0] === '[]' ? target.slice(1) : null)];
    case 'union': {
      const options = d.options as z.ZodType[];
      const holding = target ? options.find((o) => pathFieldsOf(o).some((f) => f.at.join('.') === target.join('.'))) : undefined;
      return sample(holding ?? options[0]!, key, s, target);
    }
    case 'literal': return (d.values as unknown[])[0];
    case 'enum': return Object.values(d.entries as Record<string, unknown>)[0];
    case 'record': return {};
    case 'boolean': return false;
    case 'number': case 'int': return 0;
    case 'string': return key === 'datasetId' ? s.datasetId : key === 'evalId' ? s.evalId : 'x';
    default: throw new Error(`No sample for a ${d.type} (${key}); teach robustness/path-field-table.ts one.`);
  }
}

/** `args` with the value at `at` replaced. */
function withValue(args: unknown, at: string[], value: string): unknown {
  if (!at.length) return value;
  const [head, ...rest] = at;
  if (head === '[]') return (args as unknown[]).map((el, i) => (i === 0 ? withValue(el, rest, value) : el));
  return { ...(args as Record<string, unknown>), [head!]: withValue((args as Record<string, unknown>)[head!], rest, value) };
}

/** Every way out, by kind: relative ones are taken from the first --root (host) or the dataset (dataset). */
function hostile(w: EscapeWorld): Record<PathKind, string[]> {
  const out = [w.outside, `${w.outside}/labels.csv`, `${w.root}/../outside`, '..', '../outside', '../cwd', w.cwd, `${w.cwd}/important.txt`];
  return {
    host: [...out, 'ds/../../outside', 'linked-dataset', 'labels.csv'],
    dataset: [...out, '../../outside', 'general/folder-link', 'general/../../../outside', '../../linked-dataset', '../../labels.csv'],
  };
}
/**
 * Names only the working directory has: a relative host path must reach the root's namesakes (absent),
 * never these (issue 28, finding 1). Dataset paths are taken from the dataset, never the cwd, by `confine`.
 */
const CWD_ONLY = ['general/ep', 'llamatouch_task_metadata.tsv', 'important.txt'];

function check(w: EscapeWorld, label: string, r: Reply, mustFail: boolean): void {
  expect(r.text, `${label}: the reply carries the canary`).not.toContain(w.canary);
  // A relative name reached the working directory if the reply names it (a refusal may echo a path that is the cwd).
  if (!mustFail) expect(r.text, `${label}: the reply names the server's working directory`).not.toContain(w.cwd.split('/').slice(-2).join('/'));
  // The arguments passed their schema, so the handler (not the schema) met the path.
  else expect({ ok: r.ok, invalid: r.code === 'invalid-argument' }, `${label}: ${r.text.slice(0, 300)}`).toEqual({ ok: false, invalid: false });
}

/** Runs the generated table; returns the calls it attacked. */
export async function runPathFieldTable(t: Transport, w: EscapeWorld, s: Samples, cases: Tally): Promise<Set<CallName>> {
  const attacked = new Set<CallName>();
  const cwdBefore = snapshot(w.cwd);
  const ways = hostile(w);
  for (const { name, fields } of pathCalls()) {
    for (const f of fields) {
      const base = { ...(sample(CALL_ARGS[name] as z.ZodType, '', s, f.at) as Record<string, unknown>), ...OVERRIDES[name] };
      const args = (v: string) => withValue(base, f.at, v);
      for (const v of ways[f.kind]) {
        check(w, `${name} ${f.at.join('.')}=${v}`, await t.call(name, args(v)), true);
        cases.add('path fields (generated)');
      }
      for (const v of f.kind === 'host' ? CWD_ONLY : []) {
        check(w, `${name} ${f.at.join('.')}=${v}`, await t.call(name, args(v)), false);
        cases.add('path fields (generated)');
      }
      const nul = await t.call(name, args('ok\u0000/../..'));
      expect(nul.code, `${name} ${f.at.join('.')} with NUL: ${nul.text.slice(0, 200)}`).toBe('invalid-argument');
      cases.add('path fields (generated)');
      attacked.add(name);
    }
  }
  // Nothing in the working directory was created or changed (eval:export, eval:open's label files).
  expect(snapshot(w.cwd)).toEqual(cwdBefore);
  return attacked;
}

/** Names and contents of a folder's files, recursively. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!existsSync(dir)) return out;
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (e.isFile()) out[join(e.parentPath, e.name)] = readFileSync(join(e.parentPath, e.name), 'latin1');
  }
  return out;
}
