import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EvalSpec } from '../../shared/contract/evaluation';
import { RecentStore } from './recent-store';

const spec = (i: number, extra: Partial<EvalSpec> = {}): EvalSpec => ({ dataset: `/data/ds${i}`, agents: [{ name: 'replay', path: `/data/ds${i}/traces/replay` }], ...extra });

describe('RecentStore: recent evaluations kept in the state folder (real files)', () => {
  const dirs: string[] = [];
  const dir = (): string => { const d = mkdtempSync(join(tmpdir(), 'touchstone-recent-')); dirs.push(d); return d; };
  afterEach(() => { for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true }); });

  it('keeps the newest six, newest first, every concurrent add landing; the same evaluation moves up with its new settings', async () => {
    const d = dir();
    const store = new RecentStore(d);
    await Promise.all([0, 1, 2, 3, 4, 5, 6, 7].map((i) => store.addEvaluation(spec(i))));
    expect((await store.listEvaluations()).map((r) => r.spec.dataset)).toEqual([7, 6, 5, 4, 3, 2].map((i) => `/data/ds${i}`));
    await store.addEvaluation(spec(4, { embedder: 'none', countInterrupted: true }));
    const list = await new RecentStore(d).listEvaluations();
    expect(list).toHaveLength(6);
    expect(list[0]!.spec).toEqual(spec(4, { embedder: 'none', countInterrupted: true }));
    expect(list.filter((r) => r.spec.dataset === '/data/ds4')).toHaveLength(1);
    expect(Number.isNaN(Date.parse(list[0]!.openedAt))).toBe(false);
    // Another agent set on the same dataset is another evaluation.
    await store.addEvaluation(spec(4, { agents: [{ name: 'noop', path: '/data/ds4/traces/noop' }] }));
    expect((await store.listEvaluations()).filter((r) => r.spec.dataset === '/data/ds4')).toHaveLength(2);
    // The datasets' list is its own file.
    expect(await store.list()).toEqual([]);
    expect(JSON.parse(readFileSync(join(d, 'recent-evaluations.json'), 'utf8'))).toHaveLength(6);
  });

  it('reads a damaged file as empty and drops entries that are not evaluations; the next add rewrites it', async () => {
    const d = dir();
    writeFileSync(join(d, 'recent-evaluations.json'), '[{"spec":{"dataset":"/x"');
    const store = new RecentStore(d);
    expect(await store.listEvaluations()).toEqual([]);
    writeFileSync(join(d, 'recent-evaluations.json'), JSON.stringify([{ spec: { dataset: '/x', agents: [{ name: 1 }] }, openedAt: 'now' }, { spec: spec(1), openedAt: '2026-01-01T00:00:00.000Z' }, 'junk']));
    expect((await store.listEvaluations()).map((r) => r.spec.dataset)).toEqual(['/data/ds1']);
    await store.addEvaluation(spec(2));
    expect((await store.listEvaluations()).map((r) => r.spec.dataset)).toEqual(['/data/ds2', '/data/ds1']);
  });
});
