import { describe, it, expect } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCheckpointTasks, scoreCheckpoints, type CheckpointTask } from '../../../shared/evaluation/checkpoints';

// The published Mobile-Bench test cases (XiaoMi/MobileBench data/*.json, CC BY-NC-SA 4.0): the
// repository keeps five of them (testing/mobile-bench-sample.json, source and license named in it);
// with MOBILEBENCH_DATA_DIR naming a copy of data/, every file is loaded and counted by key.
const DATA = process.env.MOBILEBENCH_DATA_DIR;
const SAMPLE = path.join(import.meta.dirname, 'testing', 'mobile-bench-sample.json');

/** Where each key of a test case went: a scored category, the unsupported list, or empty (nothing to check). */
function accountFor(raw: Record<string, unknown>, t: CheckpointTask): Map<string, 'scored' | 'unsupported' | 'empty'> {
  const out = new Map<string, 'scored' | 'unsupported' | 'empty'>();
  const unsupported = new Set((t.unsupported ?? []).map((u) => u.key));
  const empty = (v: unknown): boolean => v === '' || v === null || (Array.isArray(v) && v.every(empty)) || (typeof v === 'object' && v !== null && !Array.isArray(v) && !Object.keys(v).length);
  for (const [k, v] of Object.entries(raw)) {
    out.set(k, unsupported.has(k) ? 'unsupported' : empty(v) ? 'empty' : ['package', 'text', 'txt', 'api'].includes(k) ? 'scored' : 'unsupported');
  }
  return out;
}

function load(file: string): { cases: Record<string, unknown>[]; tasks: CheckpointTask[] } {
  const text = readFileSync(file, 'utf8');
  const cases = JSON.parse(text.replace(/^\s*\/\/.*$/gm, '')) as Record<string, unknown>[];
  const r = parseCheckpointTasks(text, file);
  if (!r.ok) throw new Error(r.problems.map((p) => p.message).join('\n'));
  return { cases: Array.isArray(cases) ? cases : [cases], tasks: r.value };
}

/** Counts by key over test cases: how many cases carry it, and how many of those it is scored in or reported unsupported. */
function census(files: string[]): { cases: number; byKey: Record<string, { cases: number; scored: number; unsupported: number; empty: number }>; dropped: string[] } {
  const byKey: Record<string, { cases: number; scored: number; unsupported: number; empty: number }> = {};
  const dropped: string[] = [];
  let n = 0;
  for (const file of files) {
    const { cases, tasks } = load(file);
    // Ids repeat across files but not within one: a file's cases and tasks pair by position.
    expect(tasks.length, `${path.basename(file)}: every test case loads`).toBe(cases.length);
    cases.forEach((c, i) => {
      const raw = (c.check_point ?? (c.case as Record<string, unknown> | undefined)?.check_point ?? c.CheckPoints) as Record<string, unknown>;
      const t = tasks[i]!;
      n++;
      for (const [k, how] of accountFor(raw, t)) {
        const row = (byKey[k] ??= { cases: 0, scored: 0, unsupported: 0, empty: 0 });
        row.cases++;
        row[how]++;
      }
      // Nothing silently dropped: every non-empty scored key gave checkpoints, the others are listed per case.
      const scoredKeys = Object.keys(raw).filter((k) => accountFor(raw, t).get(k) === 'scored');
      const cats = { package: t.checkpoints.package.length, text: t.checkpoints.phrase.length, txt: t.checkpoints.phrase.length, api: t.checkpoints.api.length } as Record<string, number>;
      for (const k of scoredKeys) if (!cats[k]) dropped.push(`${path.basename(file)} id ${String(c.id)}: ${k}`);
      const reported = scoreCheckpoints(t.id, t, []).problems.length;
      if (reported !== (t.unsupported?.length ?? 0)) dropped.push(`${path.basename(file)} id ${String(c.id)}: unsupported keys not reported`);
    });
  }
  return { cases: n, byKey, dropped };
}

describe('the published Mobile-Bench test cases load, every key scored or reported per case', () => {
  it('the five kept cases (testing/mobile-bench-sample.json): package, text, txt and API scored; activity, resource id, to_speak, teardown, nd, status and ocr reported', () => {
    const c = census([SAMPLE]);
    expect(c.cases).toBe(5);
    expect(c.dropped).toEqual([]);
    const t = load(SAMPLE).tasks;
    // id 21 writes its key phrases as `txt`; id 110 its API as the API list's entry object.
    expect(t.find((x) => x.id === '21')!.checkpoints.phrase.length).toBe(6);
    expect(t.find((x) => x.id === '110')!.checkpoints.api[0]).toMatchObject({ kind: 'leaf', value: expect.stringContaining('adb shell am start -a android.intent.action.INSERT') });
    expect(t.find((x) => x.id === '931')!.unsupported!.map((u) => u.key)).toEqual(['activity', 'ocr']);
    expect(t.find((x) => x.id === '986')!.unsupported!.map((u) => u.key)).toEqual(['resource_id', 'teardown']);
    expect(t.find((x) => x.id === '813')!.unsupported!.map((u) => u.key)).toEqual(['resource-id', 'status']);
  });

  it.skipIf(!DATA || !existsSync(DATA))('every data/*.json of a copy named by MOBILEBENCH_DATA_DIR (absent → skipped): counts by key', () => {
    const files = readdirSync(DATA!).filter((f) => f.endsWith('.json')).map((f) => path.join(DATA!, f)).sort();
    const c = census(files);
    console.log(`Mobile-Bench data: ${c.cases} test cases in ${files.length} files; by key (cases: scored / reported unsupported / empty):\n${Object.entries(c.byKey).sort((a, b) => b[1].cases - a[1].cases).map(([k, v]) => `  ${k.padEnd(12)} ${String(v.cases).padStart(5)}: ${v.scored} / ${v.unsupported} / ${v.empty}`).join('\n')}`);
    expect(c.dropped).toEqual([]);
    expect(c.cases).toBeGreaterThan(0);
  });
});
