import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseEss } from '../../../shared/formats/ess';
import { HUMAN_LABELS_FILE, parseHumanLabels } from '../../../shared/formats/human-labels';
import { HAVE_ADB, startAdbServer, type AdbServer } from '../../virtual-device/testing';
import { openDataset } from '../datasets/open-dataset';
import { runEvaluation } from '../evaluation/run-evaluation';
import { createDemoDataset, type DemoResult } from './create-demo';

describe.skipIf(!HAVE_ADB)('touchstone demo create through the real adb server (adb not installed → skipped)', () => {
  let adb: AdbServer;
  let tmp: string;
  let res: DemoResult;
  const phases = new Set<string>();
  const counts: [number, number][] = [];

  beforeAll(async () => {
    adb = await startAdbServer();
    tmp = mkdtempSync(join(tmpdir(), 'touchstone-demo-'));
    res = await createDemoDataset({ out: join(tmp, 'demo'), adbServer: `127.0.0.1:${adb.port}`, transport: 'adb', progress: (d, t, x) => { counts.push([d, t]); if (x?.phase) phases.add(x.phase); } });
  }, 300_000);
  afterAll(async () => { await adb?.stop(); if (tmp) rmSync(tmp, { recursive: true, force: true }); });

  it('records at least 20 tasks through adb, annotated with every primitive kind, that open without errors', async () => {
    expect(res.transport).toBe('adb');
    expect(res.tasks).toBeGreaterThanOrEqual(20);
    expect([...phases]).toEqual(expect.arrayContaining(['recording', 'agent replay', 'agent noop']));
    // One total from the first report to the last (it used to jump from 3/24 to 17/59), counting up to it.
    expect(new Set(counts.map(([, t]) => t)).size).toBe(1);
    expect(counts.at(-1)).toEqual([counts[0]![1], counts[0]![1]]);
    expect(counts.every(([d], k) => k === 0 || d >= counts[k - 1]![0])).toBe(true);
    const ds = await openDataset(res.root);
    expect(ds.episodes).toHaveLength(res.tasks);
    expect(ds.problems.filter((p) => p.severity === 'error')).toEqual([]);
    const kinds = new Set<string>();
    for (const f of readdirSync(res.root, { recursive: true }).map(String).filter((f) => /trace_[^/]+\/\d+\.ess$/.test(f) && !f.startsWith('traces'))) {
      const ess = parseEss(readFileSync(join(res.root, f), 'utf8'), f);
      expect(ess.ok, f).toBe(true);
      if (ess.ok) for (const it of ess.value.items) kinds.add(it.kind === 'fuzzy' && 'screen' in it.target ? 'fuzzy-screen' : it.kind);
    }
    expect([...kinds].sort()).toEqual(['activity', 'click', 'exact', 'exclude', 'fuzzy', 'fuzzy-screen', 'installed', 'ocr', 'type', 'uninstalled']);
  });

  it('every annotation passes its replay and fails its no-op trace; alternative paths and random runs are there too', () => {
    expect(Object.keys(res.verdicts.replay!)).toHaveLength(res.tasks);
    expect(Object.entries(res.verdicts.replay!).filter(([, ok]) => !ok)).toEqual([]);
    expect(Object.entries(res.verdicts.noop!).filter(([, ok]) => ok)).toEqual([]);
    const alt = Object.values(res.verdicts['demo-alternative']!);
    expect(alt.length).toBeGreaterThanOrEqual(4);
    expect(alt).toContain(true);
    expect(Object.keys(res.verdicts.random!).length).toBeGreaterThan(0);
  });

  it('touchstone eval reads the traces and the human labels: the alternative paths disagree with people where the annotation is strict', async () => {
    const parsed = parseHumanLabels(readFileSync(join(res.root, 'traces', 'demo-alternative', HUMAN_LABELS_FILE), 'utf8'), HUMAN_LABELS_FILE);
    if (!parsed.ok) throw new Error('the demo wrote an unreadable labels file');
    // The file names its agent and repeat on every row.
    expect(parsed.value.every((l) => l.agent === 'demo-alternative' && l.repeat === 1)).toBe(true);
    const labels = new Map(parsed.value.map((l) => [l.episode, l.completed]));
    const report = await runEvaluation({ datasetRoot: res.root, tracesRoot: join(res.root, 'traces', 'demo-alternative'), methods: ['essential'], mode: 'fixed', jobs: 1, humanLabels: labels });
    const byEpisode = Object.fromEntries(report.outcomes.map((o) => [o.episode, o.essential?.completed]));
    expect(byEpisode).toEqual(res.verdicts['demo-alternative']);
    expect(report.rows.some((r) => r.human !== r.completed.essential)).toBe(true);
  });
});
