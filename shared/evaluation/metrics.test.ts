import { describe, it, expect } from 'vitest';
import { difficultyOf, methodMetrics, summarise, type EpisodeRow } from './metrics';
import { episodesCsv, summaryCsv, summaryTable } from './report';

const row = (episode: string, category: string, nsteps: number, human: boolean | undefined, essential: boolean, lcs: boolean): EpisodeRow =>
  ({ episode, category, nsteps, human, completed: { essential, lcs }, progress: essential ? 1 : 0.5, reasons: essential ? {} : { essential: 'State 1 of 2, "quoted", not found' } });

const rows = [
  row('1', 'general', 3, true, true, true), row('2', 'general', 6, true, false, true), row('3', 'install', 9, false, false, true),
  row('4', 'install', 4, false, true, false), row('5', 'general', 12, undefined, true, true),
];

describe('metrics against human labels', () => {
  it('computes the confusion matrix and the rates from it', () => {
    const m = methodMetrics(rows, 'essential');
    expect(m.n).toBe(5);
    expect(m.tcr).toBeCloseTo(3 / 5);
    expect(m.labelled).toBe(4);
    expect(m.confusion).toEqual({ tp: 1, fp: 1, tn: 1, fn: 1 });
    expect([m.accuracy, m.precision, m.recall, m.f1]).toEqual([0.5, 0.5, 0.5, 0.5]);
    expect(methodMetrics(rows, 'lcs').confusion).toEqual({ tp: 2, fp: 1, tn: 1, fn: 0 });
  });
  it.each([[1, 'easy (<=4)'], [4, 'easy (<=4)'], [5, 'medium (5-8)'], [8, 'medium (5-8)'], [9, 'hard (>8)']] as const)('difficulty of %i steps is %s', (n, d) => expect(difficultyOf(n)).toBe(d));
  it('groups overall, by category and by difficulty with every method side by side', () => {
    const g = summarise(rows, ['essential', 'lcs']);
    expect(g.map((x) => `${x.by}:${x.group}:${x.n}`)).toEqual(['all:all:5', 'category:general:3', 'category:install:2', 'difficulty:easy (<=4):2', 'difficulty:medium (5-8):1', 'difficulty:hard (>8):2']);
    expect(g[1]!.methods.lcs!.tcr).toBe(1);
    const table = summaryTable(g, ['essential', 'lcs']);
    expect(table).toContain('essential:F1');
    expect(table.split('\n')).toHaveLength(2 + g.length);
  });
  it('writes CSV with quoting and one summary row per group and method', () => {
    const csv = episodesCsv(rows, ['essential', 'lcs']).trim().split('\n');
    expect(csv[0]).toBe('episode,category,nsteps,human,essential,essential_progress,essential_reason,lcs,lcs_reason');
    expect(csv[2]).toBe('2,general,6,1,0,0.500,"State 1 of 2, ""quoted"", not found",1,');
    expect(csv[5]).toMatch(/^5,general,12,,1,/);
    expect(summaryCsv(summarise(rows, ['essential', 'lcs'])).trim().split('\n')).toHaveLength(1 + 6 * 2);
  });
});
