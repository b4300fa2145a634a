import { describe, it, expect } from 'vitest';
import { completionChartSvg } from './plot-svg';
import { summarise, type EpisodeRow } from './metrics';

const row = (episode: string, category: string, nsteps: number, essential: boolean, lcs: boolean, human?: boolean): EpisodeRow =>
  ({ episode, category, nsteps, human, completed: { essential, lcs }, reasons: {} });
const rows = [row('a', 'general', 3, true, true, true), row('b', 'general', 6, false, true, false), row('c', 'web<shop>', 12, true, false, true), row('d', 'web<shop>', 12, false, false, true)];

/** Bars of the chart: [series, group, value%, height]. */
const bars = (svg: string): [string, string, string, number][] =>
  [...svg.matchAll(/<rect x="[\d.]+" y="([\d.]+)" width="[\d.]+" height="([\d.]+)" fill="[^"]+"><title>(\w+) on ([^:]+): ([\d.]+)%<\/title>/g)].map((m) => [m[3]!, m[4]!, m[5]!, Number(m[2])]);

describe('completion-rate chart (SVG)', () => {
  it('draws one bar per method and group, as tall as its completion rate, with the humans\' rate when labelled', () => {
    const svg = completionChartSvg(summarise(rows, ['essential', 'lcs']), ['essential', 'lcs']);
    const b = bars(svg);
    const full = 260; // plot height: a 100% bar
    expect(b.filter(([, g]) => g === 'all')).toEqual([['essential', 'all', '50.0', full * 0.5], ['lcs', 'all', '50.0', full * 0.5], ['human', 'all', '75.0', full * 0.75]]);
    expect(b.find(([s, g]) => s === 'lcs' && g === 'general')).toEqual(['lcs', 'general', '100', full]);
    expect(b.find(([s, g]) => s === 'essential' && g === 'hard (&gt;8)')?.[2]).toBe('50.0');
    // Groups: all, 2 categories, 3 difficulties; 3 series each.
    expect(b).toHaveLength(6 * 3);
    expect(svg).toContain('web&lt;shop&gt;');
    expect(svg).not.toContain('web<shop>');
  });

  it('has no human series without labels', () => {
    const svg = completionChartSvg(summarise(rows.map((r) => ({ ...r, human: undefined })), ['essential']), ['essential']);
    expect(bars(svg).map(([s]) => s)).not.toContain('human');
    expect(svg).not.toContain('human labels');
  });
});
