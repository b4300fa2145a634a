import { describe, expect, it } from 'vitest';
import { summarise, type EpisodeRow } from './metrics';
import { paperTables, tableFormatOf, wilson95 } from './paper-tables';

const row = (episode: string, category: string, essential: boolean, human?: boolean): EpisodeRow => ({ episode, category, nsteps: 3, human, completed: { essential }, reasons: {} });

describe('tables for a paper', () => {
  it("Wilson's 95% interval matches Newcombe (1998)'s worked examples", () => {
    // Newcombe, Statistics in Medicine 17:857-872, Table I: 81/263 -> 0.2553-0.3662; 15/148 -> 0.0624-0.1605; 0/20 -> 0-0.1611.
    const r = (k: number, n: number) => wilson95(k, n)!.map((x) => Number(x.toFixed(4)));
    expect(r(81, 263)).toEqual([0.2553, 0.3662]);
    expect(r(15, 148)).toEqual([0.0624, 0.1605]);
    expect(r(0, 20)).toEqual([0, 0.1611]);
    expect(wilson95(0, 0)).toBeUndefined();
  });

  it('Markdown, LaTeX booktabs and CSV carry n and the interval of every rate; an empty cell is a dash, never 0.0%', () => {
    const groups = summarise([row('a', 'x', true, true), row('b', 'x', true, false), row('c', 'y', false, false), row('d', 'y', true, true)], ['essential']);
    const md = paperTables(groups, ['essential'], 'replay', 'md');
    expect(md).toContain('| Method | n | TCR | labelled | Accuracy | Precision | Recall | F1 | False accepts | False rejects |');
    expect(md).toContain(`| Essential states | 4 | 75.0% [30.1, 95.4] | 4 | 75.0% [30.1, 95.4] | 66.7% [20.8, 93.9] | 100.0% [34.2, 100.0] | 80.0% | 1 | 0 |`);
    expect(md).toContain('| replay | category: y | 2 | 50.0% [9.5, 90.5] |');
    const tex = paperTables(groups, ['essential'], 'my_agent', 'tex');
    expect(tex).toMatch(/\\toprule\n.*\\\\\n\\midrule\n/);
    expect(tex).toContain('\\bottomrule');
    expect(tex).toContain('Essential states & 4 & 75.0\\% [30.1, 95.4]');
    expect(tex).toContain('my\\_agent & all & 4');
    const csv = paperTables(groups, ['essential'], 'replay', 'csv').split('\n');
    expect(csv[0]).toBe('Method,n,TCR,TCR CI low,TCR CI high,labelled,Accuracy,Accuracy CI low,Accuracy CI high,Precision,Precision CI low,Precision CI high,Recall,Recall CI low,Recall CI high,F1,F1 CI low,F1 CI high,False accepts,False rejects');
    expect(csv[1]).toBe('Essential states,4,0.7500,0.3006,0.9544,4,0.7500,0.3006,0.9544,0.6667,0.2077,0.9385,1.0000,0.3424,1.0000,0.8000,,,1,0');
    // No labels: no label columns; a group of no episodes (none here) would show a dash.
    const unlabelled = paperTables(summarise([row('a', 'x', true)], ['essential', 'lcs']), ['essential', 'lcs'], 'r', 'md');
    expect(unlabelled).toContain('| Essential states | 1 | 100.0% [20.7, 100.0] |');
    expect(unlabelled).toContain('| LCS | 0 | – |');
    expect(unlabelled).not.toMatch(/\| 0\.0%/);
    expect([tableFormatOf('t.md'), tableFormatOf('T.TEX'), tableFormatOf('a.csv'), tableFormatOf('a.txt')]).toEqual(['md', 'tex', 'csv', undefined]);
  });
});
